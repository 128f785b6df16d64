"""Running a computation in a forked process with a wall-clock limit.

Some isl and cdd computations cannot be interrupted from Python and can take
hours on inputs that random search produces (generators of a high-dimensional
polyhedron, AST generation for a large skew), or that a user writes (dependence
analysis with huge coefficients or many coupled parameters). They run in a
forked child, which inherits everything it needs, and is killed past the limit.

The child names the step it is in with ``step``, so the parent can say which one
ran out of time; with ``call_with_step_limits`` each step has its own limit.
A time box opened inside a child runs inline, under the outer one's limit.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import pickle
import select
import signal
import time

from polyopt.core.interrupt import child_defaults

# Seconds each analysis step of one SCoP may take in a plain run (the slowest
# PolyBench SCoP needs under 3 s for any of them); past it the SCoP is left as it is.
STEP_SECONDS = {
    "dependence analysis": 10.0,
    "scheduling": 30.0,
    "tiling": 30.0,
    "code generation": 60.0,
    "code check": 60.0,
}

# Seconds the analysis of all the SCoPs of one file may take in a plain run: past
# it, the SCoPs not yet done are left as they are (a file of many hard SCoPs would
# otherwise take the sum of their step limits).
FILE_SECONDS = 30.0

# How often call_with_cpu_limit reads its child's CPU time.
CPU_POLL_SECONDS = 0.01
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

_channel = None     # in a child: the connection to the parent


class TimeBoxExceeded(Exception):
    """The computation took longer than its limit; `step` is the step it was in."""

    def __init__(self, message: str, step: str | None = None, seconds: float | None = None):
        super().__init__(message)
        self.step = step
        self.seconds = seconds


class TimeBoxFailed(Exception):
    """The computation raised (message: the exception's type and text) or crashed."""


def in_child() -> bool:
    """This process is a time-boxed child (its parent keeps the time)."""
    return _channel is not None


def limits_within(seconds: float) -> dict[str, float]:
    """The step limits, none above `seconds`."""
    return {name: min(limit, seconds) for name, limit in STEP_SECONDS.items()}


def step(name: str) -> None:
    """In a time-boxed child: the computation enters step `name`. Elsewhere: nothing."""
    if _channel is not None:
        _channel.send(("step", name))


def _child(connection, function, args) -> None:
    global _channel
    _channel = connection
    child_defaults()
    _die_with_parent()
    try:
        connection.send(("ok", function(*args)))
    except Exception as error:  # noqa: BLE001 - reported to the parent
        connection.send(("error", f"{type(error).__name__}: {error}"))
    connection.close()


def call_with_cpu_limit(seconds: float, function, *args):
    """(function(*args), the CPU seconds it took), computed in a forked child that is
    killed once it has used `seconds` of CPU time: its own time, not the wall clock,
    so that a loaded machine (a parallel make) gives the same answer. Its result must
    pickle. TimeBoxExceeded past the limit, TimeBoxFailed if it raised or died.

    Unlike the time boxes above it also works inside a time-boxed child (it forks
    directly, not through multiprocessing). Where a process's CPU time cannot be read
    (no /proc), the function runs inline, without a limit."""
    if not _cpu_time_readable():
        started = time.process_time()
        return function(*args), time.process_time() - started
    return _CpuChild(seconds, function, args).result()


def map_with_cpu_limit(seconds: float, jobs: int, function, argument_lists):
    """call_with_cpu_limit for each of `argument_lists`, at most `jobs` children at a
    time. Yields (index, value, error, CPU seconds) as they finish: `error` a
    TimeBoxExceeded or TimeBoxFailed (value None). Closing the generator kills the
    children still running and starts no more. Without /proc, one after another inline."""
    waiting = list(enumerate(argument_lists))
    if not _cpu_time_readable():
        for index, arguments in waiting:
            started = time.process_time()
            try:
                value, error = function(*arguments), None
            except Exception as failure:  # noqa: BLE001 - as from a child
                value, error = None, TimeBoxFailed(f"{type(failure).__name__}: {failure}")
            yield index, value, error, time.process_time() - started
        return
    running: dict[int, _CpuChild] = {}
    try:
        while waiting or running:
            while waiting and len(running) < max(1, jobs):
                index, arguments = waiting.pop(0)
                running[index] = _CpuChild(seconds, function, tuple(arguments))
            ready, _, _ = select.select(list(running.values()), [], [], CPU_POLL_SECONDS)
            for index, child in list(running.items()):
                if child in ready:
                    if not child.read():          # more to come
                        continue
                elif not child.over_limit():
                    continue
                else:
                    del running[index]
                    child.stop()
                    yield index, None, TimeBoxExceeded(
                        f"took more than {seconds:g} s of CPU time", None, seconds), child.used
                    continue
                del running[index]
                try:
                    (value, used), error = child.result(), None
                except (TimeBoxExceeded, TimeBoxFailed) as failure:
                    value, used, error = None, child.used, failure
                yield index, value, error, used
    finally:
        for child in running.values():
            child.stop()


def parallel_jobs() -> int:
    """How many computations of one analysis may run side by side: the CPUs this
    process may use (os.sched_getaffinity where there is one), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


class Beside:
    """function(*args) computing beside the caller: in a child forked directly when
    this machine has a second CPU (and /proc to read its CPU time), else inline when
    its result is first asked. ``result`` returns its value, or raises as
    call_with_cpu_limit does; ``stop`` kills the child when its result is not needed.
    The parent's own time box bounds the child too (it dies with its parent)."""

    def __init__(self, seconds: float, function, *args):
        self.function, self.args = function, args
        self.child = None
        if parallel_jobs() > 1 and _cpu_time_readable():
            with contextlib.suppress(OSError):      # no process to spare: inline
                self.child = _CpuChild(seconds, function, args)

    def result(self):
        if self.child is None:
            return self.function(*self.args)
        return self.child.result()[0]

    def stop(self) -> None:
        if self.child is not None:
            self.child.stop()


def map_beside(seconds: float, function, items: list, first=None) -> tuple[list, object]:
    """([function(x) for x in items], first() or None), computed by this process and a
    child forked directly side by side, where there is a second CPU: each takes the
    next item no one has taken yet (their numbers wait in a pipe), so that a few
    long items do not leave one of them idle; this process computes first() before
    it takes any. The values the child computes must pickle. What a child that
    fails or runs out of `seconds` of CPU had taken is computed here (an error is
    then raised as it would be without the child)."""
    extra = None
    # (the numbers must fit in the pipe before anyone reads: 16384 items)
    if (len(items) < 2 or len(items) > 16384 or parallel_jobs() < 2
            or not _cpu_time_readable()):
        extra = first() if first is not None else None
        return [function(item) for item in items], extra
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b"".join(k.to_bytes(4, "big") for k in range(len(items))))
    finally:
        os.close(write_end)        # when all are taken, the next read finds the end

    def work() -> dict:
        done = {}
        while len(taken := os.read(read_end, 4)) == 4:
            k = int.from_bytes(taken, "big")
            done[k] = function(items[k])
        return done

    child = None
    try:
        with contextlib.suppress(OSError):  # no process to spare: this one takes them all
            child = _CpuChild(seconds, work, ())
        extra = first() if first is not None else None
        ours = work()
        try:
            if child is not None:
                ours.update(child.result()[0])
        except (TimeBoxExceeded, TimeBoxFailed):
            pass
        for k in range(len(items)):     # what a failed child had taken
            if k not in ours:
                ours[k] = function(items[k])
    finally:
        os.close(read_end)
        if child is not None:
            child.stop()
    return [ours[k] for k in range(len(items))], extra


def _cpu_time_readable() -> bool:
    return os.path.exists(f"/proc/{os.getpid()}/stat")


class _CpuChild:
    """function(*args) computing in a child forked directly (os.fork, so that it works
    inside a time-boxed child too), killed once it has used `seconds` of CPU time."""

    def __init__(self, seconds: float, function, args):
        self.seconds = seconds
        self.used = 0.0
        self.chunks: list[bytes] = []
        self.closed = False
        read_end, write_end = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            os.close(read_end)
            os.close(write_end)
            raise
        if pid == 0:                      # the child: compute, send, leave at once
            try:
                os.close(read_end)
                _die_with_parent()
                try:
                    payload = pickle.dumps(("ok", function(*args)))
                except BaseException as error:  # noqa: BLE001 - reported to the parent
                    payload = pickle.dumps(("error", f"{type(error).__name__}: {error}"))
                with os.fdopen(write_end, "wb") as out:
                    out.write(payload)
            finally:
                os._exit(0)               # no clean-up of the parent's state, no buffers flushed
        os.close(write_end)
        self.pid, self.read_end = pid, read_end

    def fileno(self) -> int:
        return self.read_end

    def read(self) -> bool:
        """Read what the child sent (call when its pipe is ready); True once it has
        closed its end (finished, or died)."""
        chunk = os.read(self.read_end, 1 << 16)
        if chunk:
            self.chunks.append(chunk)
        return not chunk

    def over_limit(self) -> bool:
        self.used = _cpu_seconds(self.pid, self.used)
        return self.used > self.seconds

    def result(self):
        """(value, CPU seconds): waits for the child; raises as call_with_cpu_limit."""
        try:
            while True:
                ready, _, _ = select.select([self.read_end], [], [], CPU_POLL_SECONDS)
                if ready:
                    if self.read():
                        break
                    continue
                if self.over_limit():
                    raise TimeBoxExceeded(f"took more than {self.seconds:g} s of CPU time",
                                          None, self.seconds)
            self.over_limit()
        finally:
            self.stop()
        try:
            status, payload = pickle.loads(b"".join(self.chunks))
        except Exception as error:  # noqa: BLE001 - nothing or a part came: it died
            raise TimeBoxFailed("the process died") from error
        if status != "ok":
            raise TimeBoxFailed(payload)
        return payload, self.used

    def stop(self) -> None:
        if self.closed:
            return
        self.closed = True
        os.close(self.read_end)
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)


def _cpu_seconds(pid: int, last: float) -> float:
    """User and system CPU seconds of process `pid` (`last` once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICKS     # utime, stime
    except (OSError, IndexError, ValueError):
        return last


def _die_with_parent() -> None:
    """Linux: this child is killed when its parent dies (a parent killed by a signal
    it cannot handle would otherwise leave it computing for hours)."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)      # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def call_with_time_limit(seconds: float, function, *args):
    """function(*args) computed in a forked process; its result must pickle.

    Raises TimeBoxExceeded past `seconds`, TimeBoxFailed if it raised or died.
    """
    return _call(seconds, None, function, args)


def call_with_step_limits(function, *args, limits: dict[str, float] | None = None,
                          first: str = "start"):
    """Like call_with_time_limit, but each step the child enters (``step``) gets
    its own limit from `limits` (STEP_SECONDS by default); `first` names the step
    it starts in."""
    return _call(None, limits or STEP_SECONDS, function, args, first)


def _call(seconds, limits, function, args, first=None):
    if _channel is not None:       # already in a child: its parent keeps the time
        try:
            return function(*args)
        except Exception as error:  # noqa: BLE001 - as from a child
            raise TimeBoxFailed(f"{type(error).__name__}: {error}") from error
    return _Boxed(seconds, limits, function, args, first).result()


class _Boxed:
    """function(*args) computing in a forked child; ``result`` waits for it."""

    def __init__(self, seconds, limits, function, args, first=None):
        self.limits, self.current = limits, first
        self.limit = seconds if limits is None else limits.get(first, max(limits.values()))
        context = multiprocessing.get_context("fork")
        self.receiver, sender = context.Pipe(duplex=False)
        self.process = context.Process(target=_child, args=(sender, function, args),
                                       daemon=True)
        self.started = time.monotonic()
        self.process.start()
        sender.close()
        self.deadline = time.monotonic() + self.limit
        self.outcome = None    # once known: ("ok", value), ("error", text), ("died" or "late", None)
        self.finished = None   # when the outcome became known (time.monotonic)

    def take(self) -> bool:
        """Read what the child sent so far without waiting; True once it finished
        (or died, or ran out of time: then ``result`` raises)."""
        try:
            while self.outcome is None and self.receiver.poll(0):
                message = self.receiver.recv()
                if message[0] != "step":
                    self.outcome = message
                    break
                self.current = message[1]
                if self.limits is not None:
                    self.limit = self.limits.get(self.current, max(self.limits.values()))
                    self.deadline = time.monotonic() + self.limit
        except EOFError:
            self.outcome = ("died", None)
        if self.outcome is None and time.monotonic() >= self.deadline:
            self.outcome = ("late", None)
        if self.outcome is not None and self.finished is None:
            self.finished = time.monotonic()
        return self.outcome is not None

    def result(self):
        try:
            while not self.take():
                multiprocessing.connection.wait([self.receiver],
                                                max(0.0, self.deadline - time.monotonic()))
        finally:
            self.stop()
        status, payload = self.outcome
        if status == "late":
            raise TimeBoxExceeded(f"took more than {self.limit:g} s", self.current, self.limit)
        if status == "died":
            raise TimeBoxFailed("the process died")
        if status != "ok":
            raise TimeBoxFailed(payload)
        return payload

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.receiver.close()


def map_with_time_limit(seconds, jobs: int, function, argument_lists):
    """function(*arguments) for each of `argument_lists`, at most `jobs` forked
    children at a time, each with its own limit of `seconds` (a number, or a function
    of nothing asked as each child starts: what the caller learnt from the children
    before may change it). Yields (index, value,
    error, seconds) as they finish: `error` is a TimeBoxExceeded or TimeBoxFailed
    (value None), `seconds` its wall time from start to finish (not counting the
    time the caller spends on the results yielded before it). Closing the generator
    (or an exception in the caller, Ctrl-C) kills the children still running."""
    waiting = list(enumerate(argument_lists))
    running: dict[int, _Boxed] = {}
    try:
        while waiting or running:
            while waiting and len(running) < max(1, jobs):
                index, arguments = waiting.pop(0)
                limit = seconds() if callable(seconds) else seconds
                if _channel is not None:     # in a child: one after another, inline
                    started = time.monotonic()
                    value = error = None
                    try:
                        value = _call(limit, None, function, tuple(arguments))
                    except (TimeBoxExceeded, TimeBoxFailed) as failure:
                        error = failure
                    yield index, value, error, time.monotonic() - started
                    continue
                running[index] = _Boxed(limit, None, function, tuple(arguments))
            finished = [index for index, boxed in running.items() if boxed.take()]
            if not finished:
                deadline = min(boxed.deadline for boxed in running.values())
                multiprocessing.connection.wait([b.receiver for b in running.values()],
                                                max(0.0, deadline - time.monotonic()))
                continue
            for index in finished:
                boxed = running.pop(index)
                try:
                    value, error = boxed.result(), None
                except (TimeBoxExceeded, TimeBoxFailed) as failure:
                    value, error = None, failure
                yield index, value, error, boxed.finished - boxed.started
    finally:
        for boxed in running.values():
            boxed.stop()
