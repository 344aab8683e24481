"""Groups of items joined two at a time (union-find): the projects one server session serves
together, as imports (``pysessions``) or local replaces (``gomodules``) tie them."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


class Joined(Generic[T]):
    def __init__(self, items: Iterable[T]) -> None:
        self._parent: dict[T, T] = {item: item for item in items}

    def find(self, item: T) -> T:
        """The item standing for ``item``'s group."""
        parent = self._parent
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def join(self, a: T, b: T) -> None:
        self._parent[self.find(a)] = self.find(b)

    def groups(self) -> dict[T, list[T]]:
        """Each group's items, in the order they were given, by the item standing for it."""
        out: dict[T, list[T]] = {}
        for item in self._parent:
            out.setdefault(self.find(item), []).append(item)
        return out
