"""Playing classmates through the class game service, from a pupil's kernel.

:mod:`.protocol` is the wire format the kernel and the service (:mod:`logger_widget.service`) share.
"""
