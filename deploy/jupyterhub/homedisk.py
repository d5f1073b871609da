"""Each pupil's disk limit and private scratch space (docs/classroom.md).

* :class:`HomeDisk` — the pupil's home is an ext4 filesystem in an image file of its own
  (``STATE/disks/<pupil>.img``, sparse: it takes the disk space the pupil uses), loop-mounted at
  the home (``nosuid,nodev``). A pupil cannot write more than the image's size: the write fails
  with ``ENOSPC`` ("No space left on device") and nobody else's space is touched. Works on any
  Linux as root, on any filesystem holding the state folder (needs ``mkfs.ext4`` and a loop
  device); :func:`disk_limit_unsupported` says why it cannot work on a machine.
* :func:`private_tmp_command` — the command prefix that runs the single-user server in a mount
  namespace of its own (bubblewrap): ``/tmp``, ``/var/tmp``, ``/dev/shm`` and ``/run/lock`` are fresh tmpfs,
  size-capped, seen by the pupil's server and kernels only, and gone when the last of them exits
  (tmpfs pages are also charged to the pupil's memory cgroup).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path


def _mounted(path: Path) -> bool:
    target = os.fsencode(str(path))
    with open("/proc/self/mountinfo", "rb") as f:
        return any(line.split()[4] == target for line in f)


def disk_limit_unsupported() -> str | None:
    """Why per-pupil disk images cannot work here (not root, no ``mkfs.ext4``, no loop device), or None."""
    if os.geteuid() != 0:
        return "the hub is not run as root (mounting a pupil's image needs root)"
    if shutil.which("mkfs.ext4") is None:
        return "mkfs.ext4 is not installed (Debian: apt-get install e2fsprogs)"
    if not Path("/dev/loop-control").exists():
        return "this machine (or container) has no loop devices (/dev/loop-control)"
    return None


class HomeDisk:
    """A pupil's home as a loop-mounted ext4 image of ``size`` bytes at ``home``."""

    def __init__(self, image: Path, home: Path, size: int) -> None:
        if size < 16 * 2**20:
            raise ValueError(f"a home disk needs at least 16 MiB, got {size!r} bytes")
        self.image, self.home, self.size = Path(image), Path(home), size

    def mounted(self) -> bool:
        return _mounted(self.home)

    def mount(self, uid: int, gid: int) -> None:
        """Make the image (the first time: its root owned by ``uid:gid``, mode 0700) and mount it.

        Raises ``subprocess.CalledProcessError`` when ``mkfs.ext4`` or ``mount`` fail.
        """
        if self.mounted():
            return
        self.image.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not self.image.exists():
            fd = os.open(self.image, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            os.ftruncate(fd, self.size)
            os.close(fd)
            # no blocks reserved for root (-m 0): the pupil has the whole size
            subprocess.run(["mkfs.ext4", "-q", "-F", "-m", "0", "-E", f"root_owner={uid}:{gid}", str(self.image)],
                           check=True, capture_output=True)  # fmt: skip
            fresh = True
        else:
            fresh = False
        self.home.mkdir(parents=True, exist_ok=True)
        subprocess.run(["mount", "-o", "loop,nosuid,nodev", str(self.image), str(self.home)],
                       check=True, capture_output=True)  # fmt: skip
        if fresh:
            (self.home / "lost+found").rmdir()  # not the pupil's clutter (e2fsck recreates it if needed)
            self.home.chmod(0o700)

    def unmount(self) -> None:
        if self.mounted():
            subprocess.run(["umount", str(self.home)], check=True, capture_output=True)


#: the size of each server's private ``/run/lock``, bytes (lock files are empty)
LOCK_SIZE = 2**20


def private_tmp_command(tmp_size: int, shm_size: int) -> list[str]:
    """``bwrap`` arguments running a command with private, size-capped ``/tmp``, ``/var/tmp``, ``/dev/shm``.

    Sizes in bytes. Built by the project's bubblewrap builder (:class:`logger_widget.sandboxing.Bubblewrap`,
    ``view="host"``). ``/run/lock`` (world-writable on Debian, on the machine's disk where ``/run``
    is no tmpfs of its own) gets a private tmpfs of :data:`LOCK_SIZE`. Everything else is the
    machine's own filesystem (``--dev-bind / /``), so the server sees its home, the class
    environment and the network as before. The sandbox runs as the pupil (bubblewrap makes an
    unprivileged user namespace, no capability in it); the pupil's kernel may make further ones,
    which the bot sandbox (logger_widget.tournament.isolation) needs to start.
    ``--die-with-parent``: when the hub stops the server (a signal to ``bwrap``), its processes
    end with it and the namespace, with its tmpfs, is gone.
    """
    if tmp_size <= 0 or shm_size <= 0:
        raise ValueError(f"sizes must be positive numbers of bytes, got {tmp_size!r}, {shm_size!r}")
    from logger_widget.sandboxing import Bubblewrap  # the project's one bubblewrap builder

    lock = (("/run/lock", LOCK_SIZE),) if os.path.isdir("/run/lock") else ()
    sandbox = Bubblewrap(
        view="host",
        unshare="user",
        proc=False,
        as_pid_1=False,
        nested_userns=True,  # the bot sandbox in the pupil's kernel makes its own
        new_session=False,  # the hub signals the server's process as it is
        tmpfs=(("/tmp", tmp_size), ("/var/tmp", tmp_size), ("/dev/shm", shm_size), *lock),
    )
    return sandbox.prefix()
