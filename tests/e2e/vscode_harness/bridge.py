"""VS Code's extension host, for the harness: a real kernel relayed to a notebook webview in Chromium.

VS Code's Jupyter extension starts a local kernel itself (over ZeroMQ, as ``jupyter_client``
does), runs the cells, and relays the kernel's messages to the notebook's webview, where
VS Code's own widget manager (``@vscode/jupyter-ipywidgets8``) renders the widgets; the
webview's messages (comm messages of the widgets, comm info requests) go back to the
kernel. This process does the same for one kernel and one kind of page:

* ``/`` the webview (``index.html``): require.js and VS Code's widget manager bundle, preloaded as
  the Jupyter Renderers extension does, and ``webview.js`` (the Jupyter extension's webview side);
* ``/api/kernels/<id>/channels`` a WebSocket carrying the kernel's messages in Jupyter's
  WebSocket format (JSON, or the binary form when there are buffers), which the webview's
  ``KernelConnection`` of ``@jupyterlab/services`` reads: every iopub message, every reply;
* ``/jupyter/`` the kernel environment's ``<sys.prefix>/share/jupyter`` (VS Code copies it and
  serves it as webview resources), and ``/widget-script-source?module=M`` the answer VS Code's
  extension host gives for a third-party widget module when no CDN is configured (its default,
  and the only way with no network): the path registered for ``M`` by the require.js
  configuration of an ``nbextensions/**/extension.js`` there, as VS Code reads it
  (``baseIPyWidgetScriptManager.ts``), or no path;
* ``POST /execute`` (JSON ``{"code": ...}``) runs a cell: the outputs, the status and the error.

Run: ``python bridge.py --cwd DIR``; it prints ``READY <url>`` once serving, and stops (kernel
shut down) on SIGTERM, SIGINT or the end of its standard input. Loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket
from jupyter_client.jsonutil import json_default
from jupyter_client.manager import start_new_async_kernel
from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    serialize_binary_message,
)

HERE = Path(__file__).resolve().parent
NODE_MODULES = HERE / "node_modules"
KERNEL_NAME = "python3"
#: the modules VS Code's bundle defines itself; extension.js entries for them are dropped, as VS Code does
BUNDLED = (
    "@jupyter-widgets/base",
    "@jupyter-widgets/controls",
    "@jupyter-widgets/output",
    "jupyter-js-widgets",
)
_CONFIG_CALL = re.compile(r"require(?:js)?\??\s*\.\s*config\s*\(\s*(\{.*?\})\s*\)", re.S)
_ENTRY = re.compile(r"""["']?([@\w./-]+)["']?\s*:\s*["']([^"']+)["']""")
_OUTPUTS = ("stream", "display_data", "execute_result", "error")


def widget_module_paths(share_jupyter: Path) -> dict[str, str]:
    """Module name → path relative to ``share/jupyter`` (no ``.js``), from ``nbextensions/**/extension.js``.

    Each entry point's ``require.config({...})`` call is read as VS Code reads it: the
    ``name: "path"`` pairs of its innermost object (``map["*"]`` or ``paths``).
    """
    paths: dict[str, str] = {}
    for entry in sorted((share_jupyter / "nbextensions").rglob("extension.js")):
        found = _CONFIG_CALL.search(entry.read_text(encoding="utf-8", errors="replace"))
        if found:
            paths.update(_ENTRY.findall(found.group(1)))
    for name in BUNDLED:
        paths.pop(name, None)
    return paths


def build_webview(out: Path) -> None:
    """Bundle ``webview.js`` with ``@jupyterlab/services`` (esbuild) and gather the page's assets in ``out``."""
    esbuild = NODE_MODULES / ".bin" / "esbuild"
    bundle = NODE_MODULES / "@vscode" / "jupyter-ipywidgets8" / "dist" / "ipywidgets.js"
    require_js = NODE_MODULES / "requirejs" / "require.js"
    missing = [str(p) for p in (esbuild, bundle, require_js) if not p.exists()]
    if missing:
        raise RuntimeError(f"missing {', '.join(missing)}: run python {HERE / 'install.py'}")
    # define=undefined: UMD code inside the bundle must not take require.js's define for its own
    subprocess.run(
        [str(esbuild), str(HERE / "webview.js"), "--bundle", "--format=esm", "--platform=browser",
         "--define:define=undefined", f"--outfile={out / 'webview.js'}", "--log-level=warning"],
        check=True, timeout=120,
    )  # fmt: skip
    (out / "ipywidgets8.js").write_bytes(bundle.read_bytes())
    (out / "require.js").write_bytes(require_js.read_bytes())


class Run:
    """One cell run by the extension host: its outputs, reply and end (iopub idle after the reply)."""

    def __init__(self) -> None:
        self.outputs: list[dict[str, Any]] = []
        self.reply: dict[str, Any] | None = None
        self.idle = False
        self.done = asyncio.Event()

    def take(self, msg: dict[str, Any]) -> None:
        kind = msg["msg_type"]
        if msg["channel"] == "shell" and kind == "execute_reply":
            self.reply = msg["content"]
        elif kind == "status" and msg["content"].get("execution_state") == "idle":
            self.idle = True
        elif kind in _OUTPUTS:
            self.outputs.append({"output_type": kind, **msg["content"]})
        if self.reply is not None and self.idle:
            self.done.set()


class Relay:
    """The kernel's messages to every webview socket (and to the cell runs they answer); theirs to the kernel."""

    def __init__(self, client: Any, kernel_id: str, origin: str) -> None:
        self.client = client
        self.kernel_id = kernel_id
        self.origin = origin
        self.sockets: set[KernelSocket] = set()
        self.runs: dict[str, Run] = {}

    def to_kernel(self, msg: dict[str, Any]) -> None:
        channel = msg.pop("channel", None)
        if channel not in ("shell", "control"):
            raise ValueError(f"the webview sent a message on channel {channel!r}, not shell or control")
        getattr(self.client, f"{channel}_channel").send(msg)

    async def pump(self, channel: str) -> None:
        source = getattr(self.client, f"{channel}_channel")
        while True:
            msg = await source.get_msg(timeout=None)
            msg["channel"] = channel
            run = self.runs.get(msg["parent_header"].get("msg_id", ""))
            if run is not None:
                run.take(msg)
            frame: bytes | str = (
                serialize_binary_message(msg) if msg.get("buffers") else json.dumps(msg, default=json_default)
            )
            for socket in list(self.sockets):
                try:
                    socket.write_message(frame, binary=isinstance(frame, bytes))
                except tornado.websocket.WebSocketClosedError:
                    self.sockets.discard(socket)

    async def execute(self, code: str, timeout: float) -> dict[str, Any]:
        msg = self.client.session.msg(
            "execute_request",
            {"code": code, "silent": False, "store_history": True, "user_expressions": {},
             "allow_stdin": False, "stop_on_error": True},
        )  # fmt: skip
        run = self.runs[msg["header"]["msg_id"]] = Run()
        try:
            self.client.shell_channel.send(msg)
            await asyncio.wait_for(run.done.wait(), timeout)
        finally:
            del self.runs[msg["header"]["msg_id"]]
        assert run.reply is not None
        return {"status": run.reply["status"], "outputs": run.outputs}


class KernelSocket(tornado.websocket.WebSocketHandler):
    def initialize(self, relay: Relay) -> None:
        self.relay = relay

    def check_origin(self, origin: str) -> bool:
        return origin == self.relay.origin

    def open(self, kernel_id: str) -> None:  # type: ignore[override]
        if kernel_id != self.relay.kernel_id:
            self.close(4004, f"no kernel {kernel_id}")
            return
        self.relay.sockets.add(self)

    def on_message(self, message: str | bytes) -> None:
        msg = deserialize_binary_message(message) if isinstance(message, bytes) else json.loads(message)
        self.relay.to_kernel(msg)

    def on_close(self) -> None:
        self.relay.sockets.discard(self)


class PageHandler(tornado.web.RequestHandler):
    def initialize(self, config: dict[str, str]) -> None:
        self.config = config

    def get(self) -> None:
        page = (HERE / "index.html").read_text(encoding="utf-8")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.write(page.replace("__CONFIG__", json.dumps(self.config).replace("</", "<\\/")))


class ScriptSourceHandler(tornado.web.RequestHandler):
    def initialize(self, paths: dict[str, str], base_url: str) -> None:
        self.paths = paths
        self.base_url = base_url

    def get(self) -> None:
        module = self.get_argument("module")
        source: dict[str, str] = {"moduleName": module}
        if module in self.paths:
            source.update(scriptUri=self.base_url + self.paths[module], source="local")
        self.write(source)


class ExecuteHandler(tornado.web.RequestHandler):
    def initialize(self, relay: Relay) -> None:
        self.relay = relay

    async def post(self) -> None:
        body = json.loads(self.request.body)
        result = await self.relay.execute(body["code"], float(body.get("timeout", 120)))
        self.set_header("Content-Type", "application/json")
        self.write(json.dumps(result, default=json_default))


async def serve(cwd: Path, stop: asyncio.Event) -> None:
    # the kernel's own output goes to this process's log, not to the pipe that only carries READY
    km, kc = await start_new_async_kernel(kernel_name=KERNEL_NAME, cwd=str(cwd), stdout=sys.stderr)
    try:
        with tempfile.TemporaryDirectory(prefix="vscode-webview-") as assets:
            build_webview(Path(assets))
            sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
            port = sockets[0].getsockname()[1]
            http_url, ws_url = f"http://127.0.0.1:{port}/", f"ws://127.0.0.1:{port}/"
            relay = Relay(kc, kernel_id=km.kernel_id or "kernel", origin=http_url.rstrip("/"))
            pumps = [asyncio.create_task(relay.pump(c)) for c in ("iopub", "shell", "control")]
            # the kernel's environment, as VS Code finds it: sys.prefix of the kernel's interpreter
            prefix_run = await relay.execute("import sys; print(sys.prefix, end='')", timeout=60)
            share_jupyter = Path(prefix_run["outputs"][0]["text"]) / "share" / "jupyter"
            config = {
                "httpUrl": http_url,
                "wsUrl": ws_url,
                "baseUrl": f"{http_url}jupyter/",
                "scriptSourceUrl": f"{http_url}widget-script-source",
                "kernelId": relay.kernel_id,
                "kernelName": KERNEL_NAME,
                "clientId": kc.session.session,
                "username": kc.session.username,
            }
            app = tornado.web.Application([
                (r"/", PageHandler, {"config": config}),
                (r"/assets/(.*)", tornado.web.StaticFileHandler, {"path": assets}),
                (r"/jupyter/(.*)", tornado.web.StaticFileHandler, {"path": str(share_jupyter)}),
                (r"/widget-script-source", ScriptSourceHandler,
                 {"paths": widget_module_paths(share_jupyter), "base_url": config["baseUrl"]}),
                (r"/api/kernels/([^/]+)/channels", KernelSocket, {"relay": relay}),
                (r"/execute", ExecuteHandler, {"relay": relay}),
            ])  # fmt: skip
            server = tornado.httpserver.HTTPServer(app)
            server.add_sockets(sockets)
            print(f"READY {http_url}", flush=True)
            await stop.wait()
            server.stop()
            for task in pumps:
                task.cancel()
    finally:
        kc.stop_channels()
        await km.shutdown_kernel(now=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cwd", type=Path, required=True, help="the kernel's working folder")
    args = parser.parse_args()
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)

    def watch_stdin() -> None:  # the test process went away: stop too
        sys.stdin.read()
        loop.call_soon_threadsafe(stop.set)

    threading.Thread(target=watch_stdin, daemon=True).start()
    loop.run_until_complete(serve(args.cwd, stop))


if __name__ == "__main__":
    main()
