"""Crawl -> extract -> write: workspace walk, language registry, backends and index runs."""
