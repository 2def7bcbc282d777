"""Move hints: a search engine over whole turns, and simple baseline players."""
