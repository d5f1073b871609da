"""Generated pupils' bot files (a class folder ``bots/*.py``) for the sandbox tests and benchmark.

:func:`write_class` writes ``n`` files: well-behaved bots of several styles
(functions returning a Turn or notation, ``Bot`` classes with and without a
seed, printing a little) and one file of every misbehaving kind, so that a
class tournament meets all of them. ``MISBEHAVING`` maps each misbehaving file
stem to the forfeit kind (or ``"load"`` for files that must not load).
"""

from __future__ import annotations

from pathlib import Path

# --- well-behaved styles (format with {k} for variety)
GOOD = {
    "first_turn": """
def choose(position):
    turns = list(position.legal_turns())
    return turns[{k} % len(turns)]
""",
    "random_notation": """
import random
def choose(position):
    return random.choice(list(position.legal_turns())).notation()
""",
    "class_seeded": """
import random
class Bot:
    def __init__(self, seed=None):
        self.rng = random.Random(seed)
    def choose(self, position):
        return self.rng.choice(list(position.legal_turns()))
""",
    "class_plain": """
class Bot:
    def __init__(self):
        self.n = {k}
    def choose(self, position):
        self.n += 1
        turns = list(position.legal_turns())
        return turns[self.n % len(turns)]
""",
    "chatty": """
NAME = "chatty {k}"
def choose(position):
    print("thinking about", position.lpn)
    return list(position.legal_turns())[-1]
""",
}

# --- misbehaving kinds: stem -> (source, expected forfeit kind); what a worker reports of its bot's
# failure (an exception, MemoryError, sys.exit, a wrong return type) is kind "exception", whatever it says
BAD = {
    "hangs": ("def choose(position):\n    while True:\n        pass\n", "time"),
    "sleeps": ("import time\ndef choose(position):\n    time.sleep(3600)\n", "time"),
    "memory_hog": (
        # 10 MB, 100 MB, 1 GB, 10 GB…: the limit is crossed without filling much memory first
        "def choose(position):\n    hoard = []\n    for k in range(7, 14):\n        hoard.append(bytearray(10**k))\n",
        "exception",
    ),
    "raises": ("def choose(position):\n    return 1 / 0\n", "exception"),
    "exits": ("import sys\ndef choose(position):\n    sys.exit(3)\n", "exception"),
    "aborts": ("import os\ndef choose(position):\n    os.abort()\n", "crash"),
    "hard_exit": ("import os\ndef choose(position):\n    os._exit(7)\n", "crash"),
    "prints_megabytes": (
        "import sys\ndef choose(position):\n    print('x' * 20_000_000)\n    sys.stdout.flush()\n"
        "    return 'not a turn'\n",
        "illegal",
    ),
    "garbage": ("def choose(position):\n    return {'turn': 42}\n", "exception"),
    "illegal": ("def choose(position):\n    return 'a1-a1'\n", "illegal"),
    "late_hang": (
        "import time\nCOUNT = [0]\ndef choose(position):\n    COUNT[0] += 1\n"
        "    if COUNT[0] > 3:\n        time.sleep(3600)\n    return list(position.legal_turns())[0]\n",
        "time",
    ),
    "opens_files": (
        # more descriptors than SandboxLimits.open_files (64); it plays on if it gets them all
        "def choose(position):\n    files = [open('/dev/null') for _ in range(100)]\n"
        "    return list(position.legal_turns())[len(files) % 2]\n",
        "exception",
    ),
    "tamperer": (
        # tries to reach the teacher's game and other bots: in its worker there is nothing to reach
        "import gc\ndef choose(position):\n    for o in gc.get_objects():\n"
        "        if type(o).__name__ in ('Game', 'Tournament'):\n            raise RuntimeError('found the game')\n"
        "    return 12345\n",
        "exception",
    ),
}

# files that must be reported, not loaded: stem -> source
BROKEN = {
    "syntax_error": "def choose(position)\n    return None\n",
    "no_choose": "def play(position):\n    return None\n",
    "import_error": "import numpy_that_does_not_exist\ndef choose(position):\n    pass\n",
    "hangs_on_import": "while True:\n    pass\n",
    "exits_on_import": "import sys\nsys.exit(0)\n",
    # installed in the teacher's environment (a dependency of the widget's server), not in the sandbox
    "imports_installed": "import tornado\ndef choose(position):\n    return list(position.legal_turns())[0]\n",
    # valid Python, but larger than sandbox.MAX_SOURCE (1 MiB): not even copied into a sandbox
    "too_large": "#" + "x" * (1 << 20) + "\ndef choose(position):\n    pass\n",
}
#: what the teacher reads (the forfeit's reason, or in ``problems``) for some :data:`BAD` and :data:`BROKEN` files
BECAUSE = {
    "opens_files": "Too many open files",
    "imports_installed": "No module named 'tornado'",
    "too_large": "larger than 1024 KiB",
}

MISBEHAVING = {**{stem: kind for stem, (_, kind) in BAD.items()}, **{stem: "load" for stem in BROKEN}}


def write_class(folder: Path, n: int = 30, bad: bool = True, broken: bool = True) -> list[str]:
    """Write ``n`` pupil files into ``folder`` (created); returns the file stems.

    With ``bad``/``broken`` the first files are every kind of :data:`BAD` and
    :data:`BROKEN`; the rest cycle through the well-behaved :data:`GOOD` styles.
    """
    folder.mkdir(parents=True, exist_ok=True)
    files: dict[str, str] = {}
    if bad:
        files.update({stem: src for stem, (src, _) in BAD.items()})
    if broken:
        files.update(BROKEN)
    styles = list(GOOD.items())
    k = 0
    while len(files) < n:
        style, src = styles[k % len(styles)]
        files[f"pupil{k:02d}_{style}"] = src.replace("{k}", str(k))
        k += 1
    for stem, src in list(files.items())[:n]:
        (folder / f"{stem}.py").write_text(src, encoding="utf-8")
    return list(files)[:n]
