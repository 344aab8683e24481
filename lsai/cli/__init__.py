"""The lsai command line: a thin face over indexer/ and query/."""
