"""Start the class game service: ``python -m logger_widget.service [--port N] [--ip IP]``.

JupyterHub starts it (``c.JupyterHub.services``, docs/classroom.md) with ``JUPYTERHUB_*`` in the
environment: the service listens on the host and port of ``JUPYTERHUB_SERVICE_URL``, below
``JUPYTERHUB_SERVICE_PREFIX``. The database is ``LW_CLASSGAME_DB`` or a SQLite file in
``LW_CLASSGAME_STATE`` (:mod:`logger_widget.service.db`). Files the service creates are its
account's only (umask 077).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
from urllib.parse import urlparse

from tornado.httpserver import HTTPServer

from ..online.protocol import MAX_BODY_BYTES
from .app import ClassGameService, ServiceConfig, make_app


def main(argv: list[str] | None = None) -> None:
    """Run the service until SIGTERM or SIGINT."""
    url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    parser = argparse.ArgumentParser(
        prog="python -m logger_widget.service", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--ip", default=url.hostname or "127.0.0.1")
    parser.add_argument("--port", type=int, default=url.port or 10101)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[classgame %(asctime)s %(levelname)s] %(message)s")
    os.umask(0o077)
    asyncio.run(_serve(args.ip, args.port))


async def _serve(ip: str, port: int) -> None:
    config = ServiceConfig.from_env()
    service = ClassGameService(config)
    # bodies past 64 KiB are cut off by the server; past MAX_BODY_BYTES refused with a clear error
    server = HTTPServer(make_app(service), max_body_size=max(4 * MAX_BODY_BYTES, 64 * 1024), xheaders=True)
    server.listen(port, ip)
    service.start()
    logging.getLogger("logger_widget.service").info(
        "class game service on http://%s:%s%s, database %s", ip, port, config.prefix,
        config.db_url.split("@")[-1],
    )  # fmt: skip
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    server.stop()
    service.close()


if __name__ == "__main__":
    main()
