"""The quick tier reaches every handler of the class game service.

Every route of the service's Tornado application (the core API, the arena, the progress API,
the dashboard) and every HTTP method its handler answers must be answered with success at
least once by the in-process tests (the test files that use ``tests/servicekit.py``), so that a
handler added without a quick test fails here. The in-process tests run again in a pytest of
their own that logs every answer (``servicekit.ROUTES_LOG``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from servicekit import ROUTES_LOG, handler_name, handlers_answered, in_process_service
from tornado import web

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent

#: Handlers only a real hub can drive, each with where it is tested instead.
HUB_ONLY = {
    # JupyterHub's own: the hub redirects a browser here after its login page
    "jupyterhub.services.auth.HubOAuthCallbackHandler": "the hub's OAuth login (JupyterHub's tests)",
}

#: after any browser test, Playwright keeps its event loop marked running in this thread
#: (tests/conftest.py, no_running_loop): these tests run asyncio loops of their own
pytestmark = pytest.mark.usefixtures("no_running_loop")


def _in_process_test_files() -> list[Path]:
    """The test files that run the service in process (they use ``servicekit``), this one left out."""
    return sorted(
        path
        for path in TESTS.glob("test_*.py")
        if path.name != Path(__file__).name and "servicekit" in path.read_text(encoding="utf-8")
    )


def _methods(handler: type[web.RequestHandler]) -> set[str]:
    """The HTTP methods ``handler`` answers itself (HEAD and OPTIONS left out); none: it answers every method alike."""
    return {
        method
        for method in handler.SUPPORTED_METHODS
        if method not in ("HEAD", "OPTIONS")
        and getattr(handler, method.lower()) is not getattr(web.RequestHandler, method.lower())
    }


def _routes(tmp_path: Path) -> dict[str, set[str]]:
    """``{handler: methods}`` of every rule of the service's application."""
    with in_process_service(tmp_path, ["ann"]) as running:
        rules = running.app.wildcard_router.rules
        return {handler_name(rule.target): _methods(rule.target) for rule in rules}


def test_every_handler_of_the_service_is_answered_by_the_in_process_tests(tmp_path: Path) -> None:
    routes = _routes(tmp_path / "routes")
    assert len(routes) >= 30, routes  # the core API, the arena, the progress API, the dashboard
    files = _in_process_test_files()
    assert {"test_service_quick.py", "test_classgame_rules.py"} <= {f.name for f in files}
    log = tmp_path / "answers.log"
    env = {**os.environ, ROUTES_LOG: str(log), "LW_NO_SKIPS": "1"}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n0", "-x", *map(str, files)],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=480,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    answered = {(name, method) for name, method, status in handlers_answered(log) if status < 400}
    reached = {name for name, _, _ in handlers_answered(log)}
    missing = []
    for name, methods in sorted(routes.items()):
        if name in HUB_ONLY:
            continue
        if not methods:  # answers every method alike (the API's "no such address")
            if name not in reached:
                missing.append(f"{name} (any method)")
            continue
        missing += [f"{name} {method}" for method in sorted(methods) if (name, method) not in answered]
    assert not missing, "no in-process test is answered by:\n" + "\n".join(missing)
