"""switcher: entity-switched test sets for auditing NER models by national origin."""

__version__ = "0.1.0"
