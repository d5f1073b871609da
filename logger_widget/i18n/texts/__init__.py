"""Message tables, one module per part of the product.

- :mod:`.terms` — the glossary terms (pieces, phases, actions, points);
- :mod:`.rules` — the full rules text;
- :mod:`.board` — the board's labels, prompts and notices;
- :mod:`.charts` — chart titles, axes and legends;
- :mod:`.notebooks` — the notebooks' headings and prose.

Each message is marked with the runtime's ``N_``/``NP_``/``NN_``/``NNP_`` and
extracted by ``scripts/i18n.py``; none is translated at import time.
"""
