"""Schema v2 of the lsai index, as SQLAlchemy models.

The schema is public: people write ad hoc SQL against it. ``schemas/index-schema.md`` documents
every table and column, and a test fails when that document and these models disagree. Change
a name only through a migration (``storage/migrations.py``).

Conventions: every row that describes code belongs to a file (``file_id``, deleted with it), so that
re-indexing a file is "delete its rows, insert new ones". Symbols are joined by their stable string
``key`` (grammar in ``storage/keys.py``), never by integer ids, so references held in other files
survive a re-index of the defining file. Lines and columns are 1-based; columns count Unicode code
points.
"""

from __future__ import annotations

from sqlalchemy import ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

SCHEMA_VERSION = 5


class Base(DeclarativeBase):
    pass


class Meta(Base):
    __tablename__ = "meta"
    key: Mapped[str] = mapped_column(String, primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class Project(Base):
    __tablename__ = "projects"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String)
    root: Mapped[str] = mapped_column(String, unique=True)
    markers: Mapped[str] = mapped_column(String)
    language: Mapped[str | None] = mapped_column(String)


class ProjectDep(Base):
    __tablename__ = "project_deps"
    project_id: Mapped[int] = mapped_column(
        ForeignKey("projects.id", ondelete="CASCADE"), primary_key=True
    )
    target_id: Mapped[int] = mapped_column(
        ForeignKey("projects.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String)


class File(Base):
    __tablename__ = "files"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    path: Mapped[str] = mapped_column(String, unique=True)
    project_id: Mapped[int | None] = mapped_column(ForeignKey("projects.id", ondelete="SET NULL"))
    language: Mapped[str | None] = mapped_column(String)
    size: Mapped[int] = mapped_column(Integer)
    mtime_ns: Mapped[int] = mapped_column(Integer)
    content_hash: Mapped[str | None] = mapped_column(String)
    line_count: Mapped[int] = mapped_column(Integer)
    backend: Mapped[str] = mapped_column(String)
    backend_version: Mapped[str | None] = mapped_column(String)
    status: Mapped[str] = mapped_column(String)
    error: Mapped[str | None] = mapped_column(Text)
    indexed_at: Mapped[str] = mapped_column(String)
    run_id: Mapped[int | None] = mapped_column(Integer)


class Symbol(Base):
    __tablename__ = "symbols"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String, unique=True)
    file_id: Mapped[int | None] = mapped_column(ForeignKey("files.id", ondelete="CASCADE"))
    language: Mapped[str | None] = mapped_column(String)
    name: Mapped[str] = mapped_column(String)
    search_name: Mapped[str] = mapped_column(String, index=True)
    qualified_name: Mapped[str] = mapped_column(String, index=True)
    kind: Mapped[str] = mapped_column(String)
    container_key: Mapped[str | None] = mapped_column(String, index=True)
    namespace: Mapped[str | None] = mapped_column(String)
    signature: Mapped[str | None] = mapped_column(Text)
    return_type: Mapped[str | None] = mapped_column(Text)
    parameters: Mapped[str | None] = mapped_column(Text)
    modifiers: Mapped[str | None] = mapped_column(String)
    accessibility: Mapped[str | None] = mapped_column(String)
    attributes: Mapped[str | None] = mapped_column(Text)
    doc: Mapped[str | None] = mapped_column(Text)
    start_line: Mapped[int] = mapped_column(Integer)
    start_col: Mapped[int] = mapped_column(Integer)
    end_line: Mapped[int] = mapped_column(Integer)
    end_col: Mapped[int] = mapped_column(Integer)
    name_line: Mapped[int] = mapped_column(Integer)
    name_col: Mapped[int] = mapped_column(Integer)
    is_external: Mapped[int] = mapped_column(Integer, default=0)
    external_location: Mapped[str | None] = mapped_column(Text)

    __table_args__ = (Index("ix_symbols_file", "file_id", "start_line"),)


class Occurrence(Base):
    __tablename__ = "occurrences"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    file_id: Mapped[int] = mapped_column(ForeignKey("files.id", ondelete="CASCADE"))
    symbol_key: Mapped[str | None] = mapped_column(String, index=True)
    name: Mapped[str] = mapped_column(String)
    role: Mapped[str] = mapped_column(String)
    start_line: Mapped[int] = mapped_column(Integer)
    start_col: Mapped[int] = mapped_column(Integer)
    end_line: Mapped[int] = mapped_column(Integer)
    end_col: Mapped[int] = mapped_column(Integer)
    enclosing_key: Mapped[str | None] = mapped_column(String)
    context: Mapped[str | None] = mapped_column(Text)
    backend: Mapped[str] = mapped_column(String)

    __table_args__ = (
        Index("ix_occurrences_file", "file_id", "start_line"),
        # covers name-based usages: they filter, count and sort by these without the table
        Index("ix_occurrences_name", "name", "symbol_key", "file_id", "start_line", "start_col"),
    )


class CallEdge(Base):
    __tablename__ = "call_edges"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    file_id: Mapped[int] = mapped_column(ForeignKey("files.id", ondelete="CASCADE"), index=True)
    caller_key: Mapped[str | None] = mapped_column(String, index=True)
    callee_key: Mapped[str | None] = mapped_column(String, index=True)
    callee_name: Mapped[str] = mapped_column(String, index=True)
    line: Mapped[int] = mapped_column(Integer)
    col: Mapped[int] = mapped_column(Integer)
    backend: Mapped[str] = mapped_column(String)
    external_key: Mapped[str | None] = mapped_column(String, index=True)


class TypeEdge(Base):
    __tablename__ = "type_edges"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    file_id: Mapped[int] = mapped_column(ForeignKey("files.id", ondelete="CASCADE"), index=True)
    source_key: Mapped[str] = mapped_column(String, index=True)
    relation: Mapped[str] = mapped_column(String)
    target_key: Mapped[str | None] = mapped_column(String, index=True)
    target_name: Mapped[str] = mapped_column(String, index=True)
    line: Mapped[int] = mapped_column(Integer)
    backend: Mapped[str] = mapped_column(String)
    external_key: Mapped[str | None] = mapped_column(String, index=True)


class Diagnostic(Base):
    __tablename__ = "diagnostics"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    file_id: Mapped[int] = mapped_column(ForeignKey("files.id", ondelete="CASCADE"), index=True)
    severity: Mapped[str] = mapped_column(String)
    code: Mapped[str | None] = mapped_column(String)
    message: Mapped[str] = mapped_column(Text)
    source: Mapped[str | None] = mapped_column(String)
    start_line: Mapped[int] = mapped_column(Integer)
    start_col: Mapped[int] = mapped_column(Integer)
    end_line: Mapped[int] = mapped_column(Integer)
    end_col: Mapped[int] = mapped_column(Integer)


class IndexRun(Base):
    __tablename__ = "index_runs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    started_at: Mapped[str] = mapped_column(String)
    finished_at: Mapped[str | None] = mapped_column(String)
    status: Mapped[str] = mapped_column(String)
    backend_mode: Mapped[str] = mapped_column(String)
    lsai_version: Mapped[str] = mapped_column(String)
    git_commit: Mapped[str | None] = mapped_column(String)
    files_seen: Mapped[int] = mapped_column(Integer, default=0)
    files_indexed: Mapped[int] = mapped_column(Integer, default=0)
    files_unchanged: Mapped[int] = mapped_column(Integer, default=0)
    files_removed: Mapped[int] = mapped_column(Integer, default=0)
    files_skipped: Mapped[int] = mapped_column(Integer, default=0)
    files_failed: Mapped[int] = mapped_column(Integer, default=0)
    symbols: Mapped[int] = mapped_column(Integer, default=0)
    seconds: Mapped[float | None] = mapped_column()
    error: Mapped[str | None] = mapped_column(Text)
