"""Renderers of every tool's results, one module per tool; importing registers them."""

from lsai.query.views import outline, search

__all__ = ["outline", "search"]
