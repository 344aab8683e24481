"""The LSAI tools: typed contracts, symbol resolution, SQL-backed answers and output profiles."""
