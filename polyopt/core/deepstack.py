"""Room for deep recursion: the C parser and the printers recurse once per level of
an expression, so a statement of a few hundred terms (`a + a + ... + a`) or a
hundred nested parentheses passes Python's default limit of 1000 frames.

``deep_stack`` runs a function in a thread with a large stack while the recursion
limit is raised, so such code is handled; deeper still, RecursionError is raised
as usual (never a crash of the interpreter), and the callers turn it into a
warning for the one region. The main thread's own stack is never asked for more.
"""

from __future__ import annotations

import functools
import sys
import threading

STACK_BYTES = 512 * 1024 * 1024     # reserved address space; pages are used as touched
RECURSION_LIMIT = 25_000            # frames: a few KiB of stack each at most

_state = threading.local()
_lock = threading.Lock()
_active = 0                          # deep calls running now
_saved_limit = 0                     # the limit before the first of them


def in_deep_stack() -> bool:
    return getattr(_state, "deep", False)


def deep_stack(function):
    """Decorator: `function` runs on a large stack with a high recursion limit
    (directly, when already there). Its result or exception is passed on."""

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        if in_deep_stack():
            return function(*args, **kwargs)
        outcome: dict = {}

        def run() -> None:
            _state.deep = True
            try:
                outcome["value"] = function(*args, **kwargs)
            except BaseException as error:  # noqa: BLE001 - re-raised in the caller
                outcome["error"] = error

        thread = threading.Thread(target=run, name=f"polyopt-{function.__name__}", daemon=True)
        _raise_limit()
        try:
            try:
                with _lock:
                    previous = threading.stack_size(STACK_BYTES)
                    try:
                        thread.start()
                    finally:
                        threading.stack_size(previous)
            except (RuntimeError, ValueError):  # no such thread here: the plain stack
                _restore_limit()
                return function(*args, **kwargs)
            thread.join()     # Ctrl-C interrupts the wait; the daemon thread is abandoned
        finally:
            if thread.ident is not None:
                _restore_limit()
        if "error" in outcome:
            raise outcome.pop("error")
        return outcome["value"]

    return wrapper


def _raise_limit() -> None:
    global _active, _saved_limit
    with _lock:
        if _active == 0:
            _saved_limit = sys.getrecursionlimit()
            sys.setrecursionlimit(max(_saved_limit, RECURSION_LIMIT))
        _active += 1


def _restore_limit() -> None:
    global _active
    with _lock:
        _active -= 1
        if _active == 0:
            sys.setrecursionlimit(_saved_limit)
