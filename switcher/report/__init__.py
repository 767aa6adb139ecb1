"""Report stage: tables, Markdown summaries and run records of evaluations."""
