"""Hostile pupils' bot files: each tries one way out of its sandbox on its first turn.

A bot whose attack *works* answers ``"PWNED <what>"`` (an illegal turn whose
reason carries the word), so a test sees which protection failed; a bot whose
attack is refused raises (kind ``"exception"``) or is stopped otherwise (the
kind in :data:`HOSTILE`). Every bot first renames its process (``comm``) to
:data:`MARK` so that a test can find any process of it left behind.

:func:`write_hostile` writes them into a folder for a given :class:`Targets`:
the things on the host that the bots go after (a listening TCP port on
127.0.0.1, an abstract and a path Unix socket, a teacher's file, a
classmate's bot, another user's private home, files they must not create).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

#: The ``comm`` name every hostile bot's processes take (at most 15 bytes), unique to this test process.
MARK = f"lwhostile{os.getpid() % 1000000}"

PRELUDE = f"""
import ctypes, os, sys
_libc = ctypes.CDLL(None, use_errno=True)
_libc.prctl(15, b"{MARK}", 0, 0, 0)  # PR_SET_NAME
def _err():
    return os.strerror(ctypes.get_errno())
"""


@dataclass(frozen=True)
class Targets:
    """What the hostile bots go after, on the host."""

    port: int  # a TCP listener on 127.0.0.1
    abstract: str  # an abstract Unix socket name (without the leading NUL)
    unix_path: str  # a Unix socket file
    teacher_file: str  # a teacher's file (notes), must stay unread and unchanged
    classmate: str  # a classmate's bot file in the same folder
    private_home: str  # a file in another user's 0700 home
    canary: str  # a path that must not appear (the bots try to create it)
    site_packages: tuple[str, ...]  # the teacher's installed packages (the venv's and the interpreter's)
    host_paths: tuple[
        str, ...
    ]  # where things are on the host: the checkout, the interpreter's installation, the venv
    checkout: str  # the repository (the package's source) on the host


# stem -> (source with {targets} fields, expected kind)
HOSTILE: dict[str, tuple[str, str]] = {
    "remount_binds": (
        # MS_REMOUNT | MS_BIND | (no MS_RDONLY): make the read-only binds writable, then poison the engine
        "def choose(position):\n"
        "    r = _libc.mount(None, b'/sandbox/lib', None, 0x20 | 0x1000, None)\n"
        "    if r == 0:\n"
        "        open('/sandbox/lib/logger_widget/engine/cells.py', 'a').write('raise SystemExit')\n"
        "        return 'PWNED remount'\n"
        "    raise OSError(_err())\n",
        "exception",
    ),
    "keeps_capabilities": (
        "def choose(position):\n"
        "    for line in open('/proc/self/status'):\n"
        "        if line.startswith(('CapEff', 'CapPrm', 'CapBnd')) and int(line.split()[1], 16):\n"
        "            return 'PWNED ' + line.strip()\n"
        "        if line.startswith('Uid') and line.split()[1] == '0':\n"
        "            return 'PWNED uid 0'\n"
        "    raise OSError('no capability')\n",
        "exception",
    ),
    "writes_root": (
        "def choose(position):\n    open('/evil', 'w').write('x')\n    return 'PWNED'\n",
        "exception",
    ),
    "mount_tmpfs": (
        "def choose(position):\n"
        "    if _libc.mount(b'none', b'/tmp', b'tmpfs', 0, None) == 0:\n"
        "        return 'PWNED mount'\n"
        "    raise OSError(_err())\n",
        "exception",
    ),
    "reads_shadow": (
        "def choose(position):\n    return 'PWNED ' + open('/etc/shadow').read()[:40]\n",
        "exception",
    ),
    "reads_private_home": (
        "def choose(position):\n    return 'PWNED ' + open({private_home!r}).read()[:40]\n",
        "exception",
    ),
    "reads_classmate": (
        "def choose(position):\n    return 'PWNED ' + open({classmate!r}).read()[:40]\n",
        "exception",
    ),
    "reads_teacher": (
        "def choose(position):\n    return 'PWNED ' + open({teacher_file!r}).read()[:40]\n",
        "exception",
    ),
    "deletes_teacher": (
        "def choose(position):\n    os.remove({teacher_file!r})\n    return 'PWNED'\n",
        "exception",
    ),
    "writes_canary": (
        "def choose(position):\n    open({canary!r}, 'w').write('x')\n    return 'PWNED'\n",
        "exception",
    ),
    "lists_folders": (
        # the repository, the tests and the bots' folder are not in view; only this sandbox's processes
        "def choose(position):\n"
        "    seen = [p for p in os.listdir('/proc') if p.isdigit()]\n"
        "    for d in (os.path.dirname({classmate!r}), '/work', '/home', '/root/.ssh'):\n"
        "        if os.path.exists(d):\n"
        "            return 'PWNED sees ' + d\n"
        "    if len(seen) > 2:\n"
        "        return 'PWNED sees processes ' + ' '.join(seen)\n"
        "    raise OSError('nothing to see')\n",
        "exception",
    ),
    "parent_memory": (
        "def choose(position):\n"
        "    for pid in [p for p in os.listdir('/proc') if p.isdigit()]:\n"
        "        try:\n"
        "            with open('/proc/%s/mem' % pid, 'r+b') as mem:\n"
        "                mem.write(b'x')\n"
        "            return 'PWNED mem of ' + pid\n"
        "        except OSError:\n"
        "            pass\n"
        "    raise OSError('no memory writable')\n",
        "exception",
    ),
    "ptraces": (
        "def choose(position):\n"
        "    if _libc.ptrace(16, 1, 0, 0) == 0:  # PTRACE_ATTACH to PID 1\n"
        "        return 'PWNED ptrace'\n"
        "    raise OSError(_err())\n",
        "exception",
    ),
    "process_vm": (
        "def choose(position):\n"
        "    if _libc.syscall(311, 1, 0, 0, 0, 0, 0) >= 0:  # process_vm_writev\n"
        "        return 'PWNED process_vm_writev'\n"
        "    raise OSError(_err())\n",
        "exception",
    ),
    "kills_everyone": (
        "import signal\n"
        "def choose(position):\n"
        "    try:\n"
        "        os.kill(-1, signal.SIGKILL)\n"
        "    except OSError:\n"
        "        pass\n"
        "    os.kill(1, signal.SIGKILL)\n"
        "    raise OSError('still here')\n",
        "exception",
    ),
    "new_namespace": (
        "def choose(position):\n"
        "    for flag in (0x10000000, 0x00020000, 0x40000000):  # CLONE_NEWUSER, NEWNS, NEWNET\n"
        "        if _libc.unshare(flag) == 0:\n"
        "            return 'PWNED unshare %x' % flag\n"
        "    raise OSError(_err())\n",
        "exception",
    ),
    "keyring": (
        "def choose(position):\n"
        "    if _libc.syscall(250, 0, -3, 0, 0, 0) >= 0:  # keyctl(KEYCTL_GET_KEYRING_ID, session)\n"
        "        return 'PWNED keyctl'\n"
        "    raise OSError(_err())\n",
        "exception",
    ),
    "bpf_perf": (
        "def choose(position):\n"
        "    if _libc.syscall(321, 0, 0, 0) >= 0 or _libc.syscall(298, 0, 0, -1, -1, 0) >= 0:\n"
        "        return 'PWNED bpf/perf'\n"
        "    raise OSError(_err())\n",
        "exception",
    ),
    "sysv_shm": (
        # a SysV segment outlives a detach: a way around the address-space limit
        "def choose(position):\n"
        "    if _libc.shmget(0, 1 << 30, 0o1000 | 0o600) >= 0:\n"
        "        return 'PWNED shmget'\n"
        "    raise OSError(_err())\n",
        "exception",
    ),
    "fills_dev_shm": (
        "def choose(position):\n"
        "    written = 0\n"
        "    try:\n"
        "        for k in range(2000):\n"
        "            with open('/dev/shm/lwhostile-%d' % k, 'wb') as f:\n"
        "                f.write(b'x' * 1000000)\n"
        "            written += 1\n"
        "    except OSError:\n"
        "        pass\n"
        "    if written > 64:\n"
        "        return 'PWNED wrote %d MB to /dev/shm' % written\n"
        "    raise OSError('full after %d MB' % written)\n",
        "exception",
    ),
    "memfd_hoard": (
        "def choose(position):\n"
        "    fds = []\n"
        "    try:\n"
        "        for k in range(4000):\n"
        "            fd = os.memfd_create('x')\n"
        "            os.write(fd, b'x' * 4000000)\n"
        "            fds.append(fd)\n"
        "    except OSError:\n"
        "        pass\n"
        "    if len(fds) > 256:\n"
        "        return 'PWNED %d memfds' % len(fds)\n"
        "    raise OSError('stopped after %d' % len(fds))\n",
        "exception",
    ),
    "big_file": (
        "def choose(position):\n"
        "    with open('/tmp/lwhostile-big', 'wb') as f:\n"
        "        f.write(b'x' * 3000000)\n"
        "    return 'PWNED wrote 3 MB'\n",
        "exception",
    ),
    "huge_reply": (
        "import time\n"
        "def choose(position):\n"
        "    for fd in range(3, 10):\n"
        "        try:\n"
        "            os.write(fd, b'x' * 70000)\n"
        "        except OSError:\n"
        "            pass\n"
        "    time.sleep(3600)\n",
        "garbage",
    ),
    "forks": (
        "def choose(position):\n"
        "    pid = os.fork()\n"
        "    if pid == 0:\n"
        "        os.setsid()\n"
        "        import time\n"
        "        time.sleep(3600)\n"
        "    return 'PWNED forked %d' % pid\n",
        "exception",
    ),
    "threads": (
        "import threading, time\n"
        "def choose(position):\n"
        "    threading.Thread(target=time.sleep, args=(3600,)).start()\n"
        "    return 'PWNED thread'\n",
        "exception",
    ),
    "connects_loopback": (
        "import socket\n"
        "def choose(position):\n"
        "    socket.create_connection(('127.0.0.1', {port}), timeout=1)\n"
        "    return 'PWNED connected'\n",
        "exception",
    ),
    "connects_unix": (
        "import socket\n"
        "def choose(position):\n"
        "    for address in ('\\0' + {abstract!r}, {unix_path!r}):\n"
        "        try:\n"
        "            socket.socket(socket.AF_UNIX).connect(address)\n"
        "            return 'PWNED unix ' + repr(address)\n"
        "        except OSError:\n"
        "            pass\n"
        "    raise OSError('no socket')\n",
        "exception",
    ),
    "x32_syscall": (
        # the x32 ABI (and 32-bit calls) go around a filter written for x86-64: they must be refused
        "def choose(position):\n"
        "    if _libc.syscall(0x40000000 | 165, b'none', b'/tmp', b'tmpfs', 0, None) == 0:\n"
        "        return 'PWNED x32 mount'\n"
        "    raise OSError(_err())\n",
        "crash",
    ),
    "imports_site_packages": (
        # the interpreter starts with -I -S (no site-packages on sys.path): puts them back by hand
        "import sys\n"
        "def choose(position):\n"
        "    for folder in {site_packages!r}:\n"
        "        if os.path.isdir(folder) and os.listdir(folder):\n"
        "            return 'PWNED sees ' + folder\n"
        "    sys.path[:0] = {site_packages!r}\n"
        "    for name in ('tornado', 'babel', 'requests', 'attr', 'IPython'):\n"
        "        try:\n"
        "            __import__(name)\n"
        "            return 'PWNED imports ' + name\n"
        "        except ImportError:\n"
        "            pass\n"
        "    raise OSError('no installed package')\n",
        "exception",
    ),
    "writes_stdlib": (
        "import random\n"
        "def choose(position):\n"
        "    open(random.__file__, 'a').write('x')\n"
        "    return 'PWNED'\n",
        "exception",
    ),
    # its sandbox's supervisor still holds the answer pipe: no end-of-file, it runs out of time
    "closes_reply_and_sleeps": (
        "import time\n"
        "def choose(position):\n"
        "    for fd in range(3, 64):\n"
        "        try:\n"
        "            os.close(fd)\n"
        "        except OSError:\n"
        "            pass\n"
        "    time.sleep(3600)\n",
        "time",
    ),
    "deep_json_reply": (
        # writes its own, deeply nested reply on the worker's answer pipe, then waits
        "import time\n"
        "def choose(position):\n"
        "    for fd in range(3, 10):\n"
        "        try:\n"
        "            os.write(fd, b'[' * 60000 + b'\\n')\n"
        "        except OSError:\n"
        "            pass\n"
        "    time.sleep(3600)\n",
        "garbage",
    ),
    "forged_reply": (
        "import time\n"
        "def choose(position):\n"
        "    for fd in range(3, 10):\n"
        "        try:\n"
        '            os.write(fd, b\'{{"ok": false, "kind": "setup", "what": "teacher broke it"}}\\n\')\n'
        "        except OSError:\n"
        "            pass\n"
        "    time.sleep(3600)\n",
        "garbage",
    ),
    "writes_pid1_memory": (
        # bubblewrap's own init as PID 1 (with the bot's uid) was a process outside the limits:
        # any process but itself whose memory it can write is a way out of them
        "def choose(position):\n"
        "    me = os.getpid()\n"
        "    for pid in [int(p) for p in os.listdir('/proc') if p.isdigit() and int(p) != me]:\n"
        "        try:\n"
        "            for line in open('/proc/%d/maps' % pid):\n"
        "                span, perms = line.split()[:2]\n"
        "                if perms.startswith('rw'):\n"
        "                    with open('/proc/%d/mem' % pid, 'r+b', buffering=0) as mem:\n"
        "                        mem.seek(int(span.split('-')[0], 16))\n"
        "                        mem.write(mem.read(1))\n"
        "                    return 'PWNED wrote the memory of PID %d' % pid\n"
        "        except OSError:\n"
        "            pass\n"
        "    raise OSError('no other process to write to')\n",
        "exception",
    ),
    "fills_dev": (
        # bubblewrap's --dev is a tmpfs without a size: RAM past every memory limit
        "def choose(position):\n"
        "    written = 0\n"
        "    try:\n"
        "        with open('/dev/lwhostile', 'wb') as f:\n"
        "            for k in range(64):\n"
        "                f.write(b'x' * 1000000)\n"
        "                written += 1\n"
        "    except OSError:\n"
        "        pass\n"
        "    if written:\n"
        "        return 'PWNED wrote %d MB to /dev' % written\n"
        "    raise OSError('/dev is read-only')\n",
        "exception",
    ),
    "opens_sockets": (
        # every address family but AF_UNIX: vsock (the hypervisor's), netlink, packet, inet, crypto...
        "import socket\n"
        "def choose(position):\n"
        "    opened = []\n"
        "    for family, kind in ((40, 1), (16, 3), (17, 3), (2, 1), (10, 1), (2, 2), (38, 5), (9, 2), (31, 1)):\n"
        "        try:\n"
        "            socket.socket(family, kind).close()\n"
        "            opened.append(family)\n"
        "        except OSError:\n"
        "            pass\n"
        "    if opened:\n"
        "        return 'PWNED opened sockets of families %s' % opened\n"
        "    raise OSError('no socket but AF_UNIX')\n",
        "exception",
    ),
    "kills_itself": (
        # a signal it sends itself is not a kill from outside (the teacher's side must not say so)
        "import signal, time\n"
        "def choose(position):\n"
        "    for sig in (signal.SIGKILL, signal.SIGTERM, signal.SIGSEGV):\n"
        "        os.kill(os.getpid(), sig)\n"
        "        time.sleep(0.1)\n"
        "    raise OSError('still alive')\n",
        "exception",
    ),
    "forged_failure": (
        # a well-formed failure reply of its own choosing: its words must not choose the kind
        "import time\n"
        "def choose(position):\n"
        "    for fd in range(3, 10):\n"
        "        try:\n"
        '            os.write(fd, b\'{{"ok": false, "kind": "memory", "what": "the teacher broke it"}}\\n\')\n'
        "        except OSError:\n"
        "            pass\n"
        "    time.sleep(3600)\n",
        "exception",
    ),
    "reads_host_paths": (
        # PID 1's command line and environment were bubblewrap's: every host path bound in
        "def choose(position):\n"
        "    for what in ('cmdline', 'environ'):\n"
        "        for arg in open('/proc/1/' + what, 'rb').read().split(b'\\0'):\n"
        "            if b'/logger_widget/' in arg and not arg.startswith(b'/sandbox/'):\n"
        "                return 'PWNED sees ' + arg.decode(errors='replace')[:60]\n"
        "    raise OSError('no host path of the package')\n",
        "exception",
    ),
    "sees_host_layout": (
        # everything a bot can read of where it runs: the host's paths must not be in it. Only the
        # "root" field of /proc/self/mountinfo (a bind mount's path within its source filesystem) still
        # names the interpreter's installation: never the checkout (the package's modules are copied in)
        "import json, random, sys, sysconfig, traceback\n"
        "def choose(position):\n"
        "    seen, roots = dict(), []\n"
        "    for line in open('/proc/self/mountinfo'):\n"
        "        fields = line.split()\n"
        "        roots.append(fields[3])\n"
        "        seen.setdefault('mount points', []).append(fields[4])\n"
        "    seen['maps'] = open('/proc/self/maps').read()\n"
        "    for what in ('1/cmdline', '1/environ', 'self/cmdline', 'self/environ', 'self/mounts'):\n"
        "        seen[what] = open('/proc/' + what, 'rb').read().decode(errors='replace')\n"
        "    seen['cwd'], seen['exe'] = os.getcwd(), os.readlink('/proc/self/exe')\n"
        "    seen['sys'] = [sys.executable, sys.prefix, sys.base_prefix, sys.exec_prefix, *sys.path]\n"
        "    seen['files'] = [getattr(m, '__file__', None) for m in list(sys.modules.values())]\n"
        "    seen['sysconfig'] = sysconfig.get_paths()\n"
        "    seen['fds'] = [os.readlink('/proc/self/fd/' + fd) for fd in os.listdir('/proc/self/fd')\n"
        "                   if os.path.lexists('/proc/self/fd/' + fd)]\n"
        "    try:\n"
        "        json.loads('not json')\n"
        "    except ValueError:\n"
        "        seen['traceback'] = traceback.format_exc()\n"
        "    text = repr(seen)\n"
        "    for host in {host_paths!r}:\n"
        "        if host in text:\n"
        "            return 'PWNED sees ' + host + ' in ' + repr([k for k in seen if host in repr(seen[k])])\n"
        "    if any({checkout!r} in root for root in roots):\n"
        "        return 'PWNED mountinfo names the checkout'\n"
        "    if os.path.exists('/etc/ld.so.cache'):  # every library of the machine, with its folder\n"
        "        return 'PWNED reads the dynamic linker cache'\n"
        "    raise OSError('no host path in %d mounts, %d modules' % (len(roots), len(seen['files'])))\n",
        "exception",
    ),
    "io_uring": (
        # an io_uring ring performs system calls (socket, connect, openat...) that the filter never sees
        "def choose(position):\n"
        "    params = ctypes.create_string_buffer(120)\n"
        "    fd = _libc.syscall(425, 8, params)  # io_uring_setup\n"
        "    if fd >= 0:\n"
        "        return 'PWNED io_uring ring %d' % fd\n"
        "    raise OSError(_err())\n",
        "exception",
    ),
    "userfaultfd": (
        # page faults handled by the bot itself: a classic way to hold the kernel mid-copy
        "def choose(position):\n"
        "    if _libc.syscall(323, 0) >= 0 or _libc.syscall(323, 1) >= 0:  # userfaultfd, UFFD_USER_MODE_ONLY\n"
        "        return 'PWNED userfaultfd'\n"
        "    raise OSError(_err())\n",
        "exception",
    ),
    "clone_namespace": (
        # new namespaces through the raw clone() (not unshare): a user namespace gives every capability
        "def choose(position):\n"
        "    for flag in (0x10000000, 0x20000000, 0x40000000, 0x00000080):  # NEWUSER, NEWPID, NEWNET, NEWTIME\n"
        "        pid = _libc.syscall(56, flag | 17, 0, 0, 0, 0)  # clone(flags | SIGCHLD) as a fork\n"
        "        if pid == 0:\n"
        "            os._exit(0)\n"
        "        if pid > 0:\n"
        "            os.waitpid(pid, 0)\n"
        "            return 'PWNED clone %x' % flag\n"
        "    raise OSError(_err())\n",
        "exception",
    ),
    "raises_limits": (
        # each limit the worker sets is a hard one, and no real-time priority: raising any of them must fail
        "import resource\n"
        "def choose(position):\n"
        "    raised = []\n"
        "    for name in ('NPROC', 'AS', 'CPU', 'NOFILE', 'FSIZE', 'CORE'):\n"
        "        which = getattr(resource, 'RLIMIT_' + name)\n"
        "        soft, hard = resource.getrlimit(which)\n"
        "        try:\n"
        "            resource.setrlimit(which, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))\n"
        "            raised.append(name)\n"
        "        except (OSError, ValueError):\n"
        "            pass\n"
        "    try:\n"
        "        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))  # a real-time spinner\n"
        "        raised.append('SCHED_FIFO')\n"
        "    except OSError:\n"
        "        pass\n"
        "    if raised:\n"
        "        return 'PWNED raised ' + ' '.join(raised)\n"
        "    raise OSError('every limit held')\n",
        "exception",
    ),
    "fills_inodes": (
        # a tmpfs's --size caps bytes, not files: empty files cost kernel memory outside every limit
        # (about 1 KiB each, up to half the machine's memory pages per folder); the parent counts them
        "def choose(position):\n"
        "    made = 0\n"
        "    for folder in ('/tmp', '/dev/shm'):\n"
        "        try:\n"
        "            for k in range(60000):\n"
        "                os.close(os.open('%s/i%d' % (folder, k), os.O_CREAT | os.O_WRONLY, 0o600))\n"
        "                made += 1\n"
        "        except OSError:\n"
        "            pass\n"
        "    if made > 8192:\n"
        "        return 'PWNED %d empty files (a tmpfs takes %d)' % (made, os.statvfs('/tmp').f_files)\n"
        "    raise OSError('stopped after %d files' % made)\n",
        "memory",
    ),
    "leaks_in_exception": (
        "def choose(position):\n    raise RuntimeError('\\ud800\\x1b[2J\\u202e' + 'x' * 100000)\n",
        "exception",
    ),
}

#: A bot that takes all it can, in as many processes as it may start, and keeps them busy between its
#: turns: every process fills /tmp, /dev/shm and /dev, holds memfds and allocates memory until refused,
#: then spins; PID 1 also keeps a timer whose handler computes. Plays a legal turn each time.
HOG = (
    PRELUDE
    + """
import signal, time

def _take():
    for folder in ('/tmp', '/dev/shm', '/dev'):
        for k in range(64):
            try:
                with open('%s/lwh-%d-%d' % (folder, os.getpid(), k), 'wb') as f:
                    f.write(b'x' * (1 << 20))
            except OSError:
                break
    fds = []
    for k in range(64):
        try:
            fd = os.memfd_create('lwh')
            fds.append(fd)
            os.write(fd, b'x' * (1 << 20))
        except OSError:
            break
    hoard = []
    try:
        while True:
            hoard.append(b'\\x01' * (4 << 20))
    except MemoryError:
        pass
    return fds, hoard

def _busy(*_):
    began = time.monotonic()
    while time.monotonic() - began < 0.2:
        pass

KEPT = []

def choose(position):
    if not KEPT:
        children = 0
        while True:
            try:
                pid = os.fork()
            except OSError:
                break
            if pid == 0:
                _libc.prctl(1, 0, 0, 0, 0)  # PR_SET_PDEATHSIG: none
                _take()
                while True:
                    pass
            children += 1
        fds, hoard = _take()
        del hoard[-4:]  # room to answer
        KEPT.append((fds, hoard))
        signal.signal(signal.SIGALRM, _busy)
        signal.setitimer(signal.ITIMER_REAL, 0.05, 0.25)
        time.sleep(1.5)  # the children take theirs
    return next(iter(position.legal_turns()))
"""
)

#: A bot that plays honestly but, on its first turn, forks as many children as it may; they leave its
#: session, clear their death signal and spin for good, through every later turn and game of its sandbox.
SPINNER = (
    PRELUDE
    + """
KIDS = []

def choose(position):
    if not KIDS:
        while len(KIDS) < 64:
            try:
                pid = os.fork()
            except OSError:
                break
            if pid == 0:
                os.setsid()
                _libc.prctl(1, 0, 0, 0, 0)  # PR_SET_PDEATHSIG: none
                while True:
                    pass
            KIDS.append(pid)
        KIDS.append(None)  # forked all it may (also when it may fork none)
    return next(iter(position.legal_turns()))
"""
)

#: Files that load and play honestly but try to take a classmate's name or break the report.
IMPOSTORS = {
    # takes the stem of an honest classmate (see tests) as its NAME
    "impostor": "NAME = {classmate_stem!r}\ndef choose(position):\n    return list(position.legal_turns())[-1]\n",
    # a label dressed as the classmate's own mark: not shown (only its file's stem is)
    "impostor_mark": "NAME = {classmate_stem!r} + ' (' + {classmate_stem!r} + '.py)'\n"
    "def choose(position):\n    return list(position.legal_turns())[-1]\n",
    "odd_name": (
        "NAME = '\\ud800\\x00\\x1b[31m\\u202e' + 'x' * 10000\n"
        "def choose(position):\n    return list(position.legal_turns())[-1]\n"
    ),
}


def write_hostile(folder: Path, targets: Targets, classmate_stem: str) -> list[str]:
    """Write every :data:`HOSTILE` and :data:`IMPOSTORS` file into ``folder``; returns their stems."""
    folder.mkdir(parents=True, exist_ok=True)
    fields = {k: getattr(targets, k) for k in targets.__dataclass_fields__}
    for stem, (source, _) in HOSTILE.items():
        body = source.format(**fields) if "{" in source else source
        (folder / f"{stem}.py").write_text(PRELUDE + body, encoding="utf-8")
    for stem, source in IMPOSTORS.items():
        (folder / f"{stem}.py").write_text(
            source.replace("{classmate_stem!r}", repr(classmate_stem)), "utf-8"
        )
    return [*HOSTILE, *IMPOSTORS]
