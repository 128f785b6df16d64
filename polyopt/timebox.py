"""Running a computation in a forked process with a wall-clock limit.

Some isl and cdd computations cannot be interrupted from Python and can take
hours on inputs that random search produces (generators of a high-dimensional
polyhedron, AST generation for a large skew). They run in a forked child,
which inherits everything it needs, and is killed past the limit.
"""

from __future__ import annotations

import multiprocessing

from polyopt.interrupt import child_defaults


class TimeBoxExceeded(Exception):
    """The computation took longer than its limit."""


class TimeBoxFailed(Exception):
    """The computation raised (message: the exception's type and text) or crashed."""


def _child(connection, function, args) -> None:
    child_defaults()
    try:
        connection.send(("ok", function(*args)))
    except Exception as error:  # noqa: BLE001 - reported to the parent
        connection.send(("error", f"{type(error).__name__}: {error}"))
    connection.close()


def call_with_time_limit(seconds: float, function, *args):
    """function(*args) computed in a forked process; its result must pickle.

    Raises TimeBoxExceeded past `seconds`, TimeBoxFailed if it raised or died.
    """
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, function, args), daemon=True)
    process.start()
    sender.close()
    try:
        if not receiver.poll(seconds):
            raise TimeBoxExceeded(f"took more than {seconds:g} s")
        status, payload = receiver.recv()
    except EOFError:
        raise TimeBoxFailed("the process died") from None
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receiver.close()
    if status != "ok":
        raise TimeBoxFailed(payload)
    return payload
