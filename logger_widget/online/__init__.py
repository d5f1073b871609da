"""Class play, the wire side: the service's protocol (:mod:`.protocol`) and the pupil's client (:mod:`.client`).

The lobby and the online board are widgets: :class:`logger_widget.classplay.Lobby` and
:class:`logger_widget.classplay.OnlineBoard`.
"""
