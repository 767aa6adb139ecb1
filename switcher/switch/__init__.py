"""Switch stage: corpus + lexicons + annotations -> entity-switched variant sets on disk."""
