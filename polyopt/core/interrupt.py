"""SIGINT and SIGTERM end polyopt the same way: a KeyboardInterrupt unwinds the
work (child process groups are killed, temp directories removed, finished
search candidates recorded), and the command exits quietly with 128 + the
signal's number (130, 143) after ``polyopt: interrupted``.

isl calls back into Python (``foreach_*``); an interrupt raised inside such a
callback is caught by islpy, which prints it through ``sys.excepthook`` and
turns it into an ``isl.Error``. The hook installed here keeps that quiet and
raises the signal again, so that the interrupt arrives in polyopt's own code;
an exception that still reaches the command after a signal counts as the
interrupt.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading

SIGNALS = (signal.SIGINT, signal.SIGTERM)

received: int | None = None   # the last signal that interrupted polyopt
_timers: list[threading.Timer] = []


_deferring = 0          # inside ``deferred()``: an interrupt waits for its end
_pending = False


def _handler(signum, frame) -> None:
    global received, _pending
    received = signum
    if _deferring:
        _pending = True
        return
    raise KeyboardInterrupt


@contextlib.contextmanager
def deferred():
    """An interrupt during this block is raised at its end: e.g. starting a child
    process and keeping its handle, so that the handle is there to kill it."""
    global _deferring, _pending
    _deferring += 1
    try:
        yield
    finally:
        _deferring -= 1
        if not _deferring and _pending:
            _pending = False
            raise KeyboardInterrupt


def _excepthook(previous):
    def hook(kind, value, traceback) -> None:
        if issubclass(kind, KeyboardInterrupt) and received is not None:
            # again in a moment, out of isl (raised here, it would escape this hook)
            _timers.append(threading.Timer(0.05, os.kill, (os.getpid(), received)))
            _timers[-1].start()
            return
        previous(kind, value, traceback)
    return hook


def _unraisablehook(previous):
    def hook(unraisable) -> None:
        if not (issubclass(unraisable.exc_type, KeyboardInterrupt) and received is not None):
            previous(unraisable)
    return hook


@contextlib.contextmanager
def handled():
    """SIGINT and SIGTERM raise KeyboardInterrupt while in this context (main thread only)."""
    global received, _pending
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received, _pending = None, False
    previous = {number: signal.signal(number, _handler) for number in SIGNALS}
    hooks = sys.excepthook, sys.unraisablehook
    sys.excepthook = _excepthook(sys.excepthook)
    sys.unraisablehook = _unraisablehook(sys.unraisablehook)
    try:
        yield
    finally:
        for timer in _timers:
            timer.cancel()
            timer.join()
        _timers.clear()
        for number, handler in previous.items():
            signal.signal(number, handler)
        sys.excepthook, sys.unraisablehook = hooks


def exit_status() -> int:
    """128 + the signal that interrupted polyopt (130 for Ctrl-C)."""
    return 128 + (received or signal.SIGINT)


def child_defaults() -> None:
    """In a forked helper process: the parent handles interrupts and kills it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
