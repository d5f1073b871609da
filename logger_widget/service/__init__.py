"""The class game service: live games between the pupils of a JupyterHub class.

A JupyterHub service (``python -m logger_widget.service``, started by the hub, see
docs/classroom.md): the hub says who each pupil is, the service keeps seeks, challenges,
games and results in the class database (:mod:`.db`: a SQLite file, or PostgreSQL from a
URL) and checks every turn with the rules engine. The wire format is
:mod:`logger_widget.online.protocol`; the pupil's side is :mod:`logger_widget.online`.

Modules: :mod:`.db` (tables), :mod:`.games` (seeks, challenges, games: the rules on the
server), :mod:`.auth` (who is asking: the hub's token or login, the teacher's role),
:mod:`.app` (the Tornado routes, long-polls, bot seats, forfeits), :mod:`.__main__` (start).
"""
