"""Teaching: verdicts on answers (:mod:`.feedback`), the rules tutorial (:mod:`.tutorial`) and the game-theory exercises (:mod:`.exercises`).

The top of the stack: it may import the engine, bots, tournaments, i18n, the
board and the charts; nothing imports it.
"""
