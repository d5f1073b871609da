"""Alembic's environment for the class database: run on the connection :func:`logger_widget.service.migrations.upgrade` gives."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=context.config.attributes.get("metadata"))
with context.begin_transaction():
    context.run_migrations()
