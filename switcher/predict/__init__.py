"""Predict stage: NER models behind one interface, label maps, and the prediction cache.

Words in, one IOB2 tag per word out (:class:`Backend`): Hugging Face transformers, spaCy
pipelines, ONNX token classifiers and predictions files of outside systems
(:func:`load_backend`). :class:`LabelMap` turns a model's types into the dataset's;
:func:`predict_sentences` predicts each distinct sentence once and caches it on disk
(:class:`PredictionCache`). Heavy runtimes are imported only when a backend is loaded.
"""

from switcher.predict.base import BACKEND_KINDS, Backend, load_backend
from switcher.predict.cache import PredictionCache, sentence_key
from switcher.predict.label_map import (
    SHIPPED_MAPS,
    LabelMap,
    default_label_map,
    load_label_map,
)
from switcher.predict.run import (
    PredictStats,
    predict_sentences,
    predict_sentences_with_stats,
)

__all__ = [
    "BACKEND_KINDS",
    "SHIPPED_MAPS",
    "Backend",
    "LabelMap",
    "PredictStats",
    "PredictionCache",
    "default_label_map",
    "load_backend",
    "load_label_map",
    "predict_sentences",
    "predict_sentences_with_stats",
    "sentence_key",
]
