"""Class play in the pupil's kernel: the lobby and a class game's board, over the class game service.

- :mod:`.lobby` — :class:`Lobby`: the class arena, who is online, seeks, challenges, the pupil's games;
- :mod:`.online_mode` — :class:`OnlineBoard`: a class game played live (a board with the Online mode);
- :mod:`.requests` — :class:`~.requests.Requests`: every request of a lobby or a board, a coroutine on
  the kernel's one class play loop, its answer applied on the kernel's event loop.

The service's wire format and the HTTP client (one event loop per kernel) are in
:mod:`logger_widget.online`; the board these build on is :mod:`logger_widget.board`.
"""

from .lobby import Lobby
from .online_mode import OnlineBoard

__all__ = ["Lobby", "OnlineBoard"]
