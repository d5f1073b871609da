"""Start the class game service: ``python -m logger_widget.service [--port N] [--ip IP]``.

JupyterHub starts it (``c.JupyterHub.services``, docs/classroom.md) with ``JUPYTERHUB_*`` in the
environment: the service listens on the host and port of ``JUPYTERHUB_SERVICE_URL``, below
``JUPYTERHUB_SERVICE_PREFIX``. The database is ``LW_CLASSGAME_DB`` or a SQLite file in
``LW_CLASSGAME_STATE`` (:mod:`logger_widget.service.db`). Files the service creates are its
account's only (umask 077). On the class hub the service runs as an account of its own
(``lw-classgame-<class>``, made by the class set-up), never as root.

The server's limits: bodies past :data:`~logger_widget.online.protocol.MAX_BODY_BYTES` get
HTTP 413 (:mod:`logger_widget.service.auth`); a connection waits at most ``idle_timeout`` for a
request's headers and ``body_timeout`` for its body (:class:`~logger_widget.service.app.ServiceConfig`);
the open-files limit is raised to its hard limit, so that many connections do not run the
service out of file descriptors before the kernel's own cap.

Once started, the service moves what it made at start (its modules, the application, the
database's tables) out of the garbage collector's sight (:func:`gc.freeze`): they live as long
as the process, and a full collection scanning them stopped the event loop for 65 ms (at a load
of 3; 200-400 ms at a load of 8) several times a minute under a school's 300 pupils.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import resource
import signal
from urllib.parse import urlparse

from tornado.httpserver import HTTPServer

from .app import ClassGameService, ServiceConfig, make_app
from .auth import DRAIN_BYTES


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
    _raise_open_files_limit()
    asyncio.run(_serve(args.ip, args.port))


async def _serve(ip: str, port: int) -> None:
    config = ServiceConfig.from_env()
    service = ClassGameService(config)
    server = make_server(service)
    server.listen(port, ip)
    service.start()
    gc.collect()
    gc.freeze()  # what start made lives as long as the process: no collection scans it again
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


def make_server(service: ClassGameService) -> HTTPServer:
    """The HTTP server of ``service``: its app, with the body limit and the connection timeouts."""
    config = service.config
    return HTTPServer(
        make_app(service), xheaders=True, max_body_size=DRAIN_BYTES,
        idle_connection_timeout=config.idle_timeout, body_timeout=config.body_timeout,
    )  # fmt: skip


def _raise_open_files_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else 65536
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


if __name__ == "__main__":
    main()
