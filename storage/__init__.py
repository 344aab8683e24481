"""The index store: schema, connection policy, migrations, batched writes and named queries.

Nothing in this package imports from the rest of lsai except ``lsai.errors``.
"""
