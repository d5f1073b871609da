"""The board's front end uses only what every anywidget host provides.

VS Code, Google Colab, Notebook 7, Voilà, marimo and JupyterLite all run the
same ES module (``logger_widget/board/static/board.js``) through anywidget. They
share only anywidget's host-neutral API (https://anywidget.dev/en/afm/): the
``render({model, el})`` entry point, ``model.get/set/save_changes/on/off/send``
and the ``el`` element. Anything else (JupyterLab's ``window.jupyterapp``,
RequireJS, Backbone internals, ``document.querySelector`` reaching outside
``el``, bare ``import`` specifiers) works in one host and breaks in another, and
an unscoped CSS rule restyles the host's own page. These static checks read the
shipped files, so they fail as soon as such a use is added.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[1] / "logger_widget" / "board" / "static"
MODEL_API = {"get", "set", "save_changes", "on", "off", "send"}
ROOT_CLASS = "lw-board"

# globals and idioms that exist only in some hosts (JupyterLab, classic Notebook, ipywidgets' Backbone)
HOST_SPECIFIC = {
    r"\bjupyterapp\b": "JupyterLab's window.jupyterapp",
    r"\bJupyter\b": "the classic Notebook's Jupyter global",
    r"\bIPython\b": "the classic Notebook's IPython global",
    r"\brequire\s*\(": "RequireJS / CommonJS require()",
    r"\bdefine\s*\(": "RequireJS define()",
    r"@jupyter-widgets|@jupyterlab/": "a JupyterLab / ipywidgets package",
    r"\bwidget_manager\b": "ipywidgets' widget manager (not in anywidget's API)",
    r"\bthis\.model\b": "Backbone's this.model (ipywidgets DOMWidgetView)",
    r"\bgoogle\.colab\b": "Colab's private output API",
    r"\bacquireVsCodeApi\b": "VS Code's webview API",
    r"\bdocument\.(querySelector|querySelectorAll|getElementById|getElementsByClassName|getElementsByTagName|body)\b": "a document-wide lookup (the widget must stay inside el: several boards share one page)",
}


def _strip_js_comments_and_strings(src: str) -> str:
    """Blank out comments and string literals (keeping template ${...} code) so words in text don't count."""
    out: list[str] = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append('""')
            i = j + 1
        elif c == "`":
            j = i + 1
            while j < n and src[j] != "`":
                if src.startswith("${", j):
                    depth, k = 1, j + 2
                    while k < n and depth:
                        depth += {"{": 1, "}": -1}.get(src[k], 0)
                        k += 1
                    out.append(" " + _strip_js_comments_and_strings(src[j + 2 : k - 1]) + " ")
                    j = k
                else:
                    j += 2 if src[j] == "\\" else 1
            out.append('""')
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def js_violations(src: str) -> list[str]:
    """Return one message per use of something outside anywidget's host-neutral API."""
    code = _strip_js_comments_and_strings(src)
    problems: list[str] = []
    for pattern, why in HOST_SPECIFIC.items():
        for m in re.finditer(pattern, code):
            problems.append(f"{m.group(0)!r}: {why}")
    for m in re.finditer(r"\bmodel\s*\.\s*([A-Za-z_$][\w$]*)", code):
        if m.group(1) not in MODEL_API:
            problems.append(f"model.{m.group(1)}: not in anywidget's model API {sorted(MODEL_API)}")
    for m in re.finditer(r"^\s*import\s+[\w*{\"]|\bimport\s*\(", code, re.M):
        problems.append(f"{m.group(0).strip()!r}: an import; hosts resolve no module specifiers")
    if not re.search(r"export\s+default\s*\{[^}]*\brender\b", code):
        problems.append("no `export default { render }`: anywidget's entry point is missing")
    if not re.search(r"function\s+render\s*\(\s*\{\s*model\s*,\s*el\s*\}\s*\)", code):
        problems.append("render does not take anywidget's ({ model, el })")
    return problems


def _css_blocks(css: str) -> list[tuple[str, str]]:
    """Split a stylesheet into top-level (prelude, body) pairs; comments removed."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    blocks: list[tuple[str, str]] = []
    i, n = 0, len(css)
    while i < n:
        j = css.find("{", i)
        if j < 0:
            if css[i:].strip():
                raise ValueError(f"CSS text outside any rule: {css[i:].strip()[:60]!r}")
            break
        depth, k = 1, j + 1
        while k < n and depth:
            depth += {"{": 1, "}": -1}.get(css[k], 0)
            k += 1
        if depth:
            raise ValueError(f"unbalanced braces after {css[i:j].strip()[:60]!r}")
        blocks.append((css[i:j].strip(), css[j + 1 : k - 1]))
        i = k
    return blocks


def css_violations(css: str, root: str = ROOT_CLASS) -> list[str]:
    """Return one message per selector not scoped under ``.root`` and per unprefixed global name."""
    problems: list[str] = []
    for prelude, body in _css_blocks(css):
        if prelude.startswith("@keyframes"):
            name = prelude.split()[1]
            if not name.startswith("lw-"):
                problems.append(f"@keyframes {name}: animation names are page-global, prefix them lw-")
        elif prelude.startswith(("@media", "@container", "@supports")):
            problems += css_violations(body, root)
        elif prelude.startswith("@"):
            problems.append(f"{prelude.split()[0]}: a page-global at-rule")
        else:
            for selector in prelude.split(","):
                sel = selector.strip()
                if not re.match(rf"\.{re.escape(root)}(?![\w-])", sel):
                    problems.append(f"{sel!r}: not scoped under .{root}")
    return problems


def test_checkers_catch_host_specific_code() -> None:
    """The checks themselves can fail (each bad line is reported, good code is not)."""
    good = "function render({ model, el }) { model.on('change:x', f); el.append(x); }\nexport default { render };"
    assert js_violations(good) == []
    for bad in (
        "window.jupyterapp.commands.execute('x');",
        "model.widget_manager.get_model('x');",
        "model.attributes.x = 1;",
        "const b = document.querySelector('.lw-board');",
        'import * as d3 from "d3";',
        'const m = await import("./x.js");',
        "require(['base/js/namespace'], f);",
    ):
        found = js_violations(good + "\n" + bad)
        assert found, bad
    assert js_violations("function render({ model, el }) {}") != []  # no export default
    # words inside strings and comments are text, not code
    assert js_violations(good + "\n// window.jupyterapp\nconst s = 'Jupyter';") == []
    assert css_violations(".lw-board .x { color: red } @media (x) { .lw-board .y { } }") == []
    assert css_violations("button { color: red }") == ["'button': not scoped under .lw-board"]
    assert css_violations(".jp-Notebook .lw-board { }") != []
    assert css_violations(".lw-boardx .a { }") != []
    assert css_violations("@media (x) { .a, .lw-board .b { } }") == ["'.a': not scoped under .lw-board"]
    assert css_violations("@keyframes spin { to { } }") != []
    assert css_violations("@font-face { font-family: x }") != []


def test_board_js_uses_only_anywidget_host_neutral_api() -> None:
    src = (STATIC / "board.js").read_text(encoding="utf-8")
    assert js_violations(src) == []


def test_the_lobbys_module_uses_only_anywidget_host_neutral_api_and_its_css_is_scoped() -> None:
    """The class play lobby's front end (logger_widget/classplay/static) keeps the board's rules, under its own root."""
    folder = STATIC.parents[1] / "classplay" / "static"
    assert js_violations((folder / "lobby.js").read_text(encoding="utf-8")) == []
    css = (folder / "lobby.css").read_text(encoding="utf-8")
    assert ".lw-board" not in css  # a page finds its board by that class: the lobby never has it
    assert css_violations(css.replace(".lw-lobby-panel", f".{ROOT_CLASS}")) == []


def test_board_js_root_element_carries_the_root_class() -> None:
    """The CSS scope class is the one the module puts on the element it appends to ``el``."""
    code = _strip_js_comments_and_strings((STATIC / "board.js").read_text(encoding="utf-8"))
    src = (STATIC / "board.js").read_text(encoding="utf-8")
    assert re.search(r"\bel\.append(Child)?\(\s*root\s*\)", code), "render must append one root element to el"
    assert re.search(rf'const root = h\(\s*"div",\s*\{{\s*class:\s*"{ROOT_CLASS}[ "]', src)


@pytest.mark.parametrize("name", ["board.css"])
def test_board_css_is_scoped_under_the_root_class(name: str) -> None:
    css = (STATIC / name).read_text(encoding="utf-8")
    assert css_violations(css) == []
    assert any(p == f".{ROOT_CLASS}" for p, _ in _css_blocks(css)), "the root rule itself is missing"


def test_the_loader_uses_anywidgets_host_api_and_imports_only_a_blob() -> None:
    """The loader (one shared copy of the module per kernel, logger_widget/board/assets.py) needs two
    things beyond the plain entry point: anywidget's ``host.getModel`` (so render takes ``host`` too)
    and importing the module's text from a blob URL, as anywidget itself imports every ``_esm``."""
    src = (STATIC / "loader.js").read_text(encoding="utf-8")
    problems = js_violations(src)
    assert problems == [
        "'import(': an import; hosts resolve no module specifiers",
        "render does not take anywidget's ({ model, el })",
    ], problems
    code = _strip_js_comments_and_strings(src)
    assert re.findall(r"\bimport\s*\(\s*(\w+)\s*\)", code) == ["url"]
    assert "URL.createObjectURL(new Blob(" in code and "host.getModel(" in code


def nbextension_problems(prefix: Path, widget: type, version: str) -> list[str]:
    """What VS Code's widget manager would miss in the kernel environment ``prefix``.

    With its CDN unreachable (a school's filtered network), VS Code loads a widget's front end
    from ``<prefix>/share/jupyter/nbextensions/<model module>/index.js`` (an AMD module). So the
    board's model and view module must be anywidget's, that file must be there and be the
    installed anywidget (``version``), and the board's module version range must accept it.
    """
    problems = []
    module = widget._model_module.default_value  # type: ignore[attr-defined]
    if module != "anywidget" or widget._view_module.default_value != module:  # type: ignore[attr-defined]
        problems.append(f"the board's module is {module!r}, not anywidget's")
    index = prefix / "share" / "jupyter" / "nbextensions" / module / "index.js"
    if not index.is_file():
        return [*problems, f"{index} is missing"]
    shipped = re.search(r'\bvar version = "([^"]+)"', index.read_text(encoding="utf-8"))
    if shipped is None or shipped.group(1) != version:
        problems.append(f"{index} is anywidget {shipped and shipped.group(1)}, the kernel's is {version}")
    for trait in ("_model_module_version", "_view_module_version"):
        wanted = getattr(widget, trait).default_value
        major_minor = ".".join(version.split(".")[:2])
        if wanted != f"~{major_minor}.*":
            problems.append(f"the board's {trait} {wanted!r} does not accept anywidget {version}")
    return problems


def test_vscode_finds_the_boards_front_end_in_the_kernel_environment(tmp_path: Path) -> None:
    import sys

    import anywidget

    from logger_widget import Board

    assert nbextension_problems(Path(sys.prefix), Board, anywidget.__version__) == []
    # the check can fail: no nbextension, another anywidget's, a board that pins another version
    assert nbextension_problems(tmp_path, Board, anywidget.__version__) == [
        f"{tmp_path}/share/jupyter/nbextensions/anywidget/index.js is missing"
    ]
    folder = tmp_path / "share" / "jupyter" / "nbextensions" / "anywidget"
    folder.mkdir(parents=True)
    (folder / "index.js").write_text('define(function () { var version = "0.9.1"; });')
    assert len(nbextension_problems(tmp_path, Board, anywidget.__version__)) == 1
    (folder / "index.js").write_text(f'define(function () {{ var version = "{anywidget.__version__}"; }});')
    assert nbextension_problems(tmp_path, Board, "0.9.1") == [
        f"{folder}/index.js is anywidget {anywidget.__version__}, the kernel's is 0.9.1",
        f"the board's _model_module_version '{Board._model_module_version.default_value}' does not accept anywidget 0.9.1",
        f"the board's _view_module_version '{Board._view_module_version.default_value}' does not accept anywidget 0.9.1",
    ]
