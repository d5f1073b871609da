"""The project's developer programs, run from the repository's root in its environment.

Each is a module: ``python -m scripts.make_notebooks``, ``python -m scripts.make_nbgrader``,
``python -m scripts.i18n update``, ``python -m scripts.make_golden``, … (``--help`` lists a
program's options; they also run as files, ``python scripts/make_notebooks.py``). They import
``logger_widget`` as ``scripts/env.sh`` installs it and each other as ``scripts.<name>``; none
edits ``sys.path``.
"""
