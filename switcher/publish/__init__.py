"""Publish switched sets as Hugging Face datasets: an export folder, its card, and the push.

``export_sets`` turns a sets folder into a Hub-ready repository folder (parquet per config,
dataset card, provenance); ``publish_folder`` pushes such a folder to the Hub in one commit.
Only :mod:`switcher.publish.hub` talks to the network.

>>> from switcher.publish import export_sets, publish_folder  # doctest: +SKIP
>>> export_sets("sets", "repo")  # doctest: +SKIP
>>> publish_folder("repo", "me/conll2003-switched", private=True, yes=True)  # doctest: +SKIP
"""

from switcher.publish.card import (
    PAPER_CITATION,
    build_card,
    card_metadata,
    collect_lexicon_sources,
)
from switcher.publish.export import ExportedFile, ExportReport, export_sets, unpack_export
from switcher.publish.hub import PublishReport, UploadFile, plan_upload, publish_folder
from switcher.publish.layout import ExportConfig, ExportFolder, config_name, read_export
from switcher.publish.licence import SourceLicence, confirmation_reason, identify_source

__all__ = [
    "PAPER_CITATION",
    "ExportConfig",
    "ExportFolder",
    "ExportReport",
    "ExportedFile",
    "PublishReport",
    "SourceLicence",
    "UploadFile",
    "build_card",
    "card_metadata",
    "collect_lexicon_sources",
    "config_name",
    "confirmation_reason",
    "export_sets",
    "identify_source",
    "plan_upload",
    "publish_folder",
    "read_export",
    "unpack_export",
]
