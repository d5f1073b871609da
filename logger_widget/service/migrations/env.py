"""Alembic's environment for the class database: run on the connection :func:`logger_widget.service.migrations.upgrade` gives."""

from alembic import context


def run() -> None:
    """Run the revisions alembic chose on the connection the caller put in the configuration."""
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=context.config.attributes.get("metadata"))
    with context.begin_transaction():
        context.run_migrations()


if (
    getattr(context, "config", None) is not None
):  # run by alembic (not merely imported, as a doctest run does)
    run()
