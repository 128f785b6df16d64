"""argparse ``type=`` functions: a bad option value is a usage error, never a
traceback or a value silently accepted."""

from __future__ import annotations

import argparse
import math
import shlex

from polyopt.codegen.gpu import SharedMemory

MAX_SIZE = 1_000_000   # largest tile or block size accepted


def _number(text: str, convert, kind: str):
    try:
        return convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not {kind}") from None


def positive_float(text: str) -> float:
    value = _number(text, float, "a number")
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"'{text}' is not a positive finite number")
    return value


def nonnegative_float(text: str) -> float:
    value = _number(text, float, "a number")
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"'{text}' is not a finite number >= 0")
    return value


def positive_int(text: str) -> int:
    value = _number(text, int, "an integer")
    if value < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not an integer >= 1")
    return value


def nonnegative_int(text: str) -> int:
    value = _number(text, int, "an integer")
    if value < 0:
        raise argparse.ArgumentTypeError(f"'{text}' is not an integer >= 0")
    return value


def sizes(text: str) -> list[int]:
    """A comma-separated list of tile or block sizes."""
    try:
        values = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a comma-separated list of integers") from None
    if not values or any(size < 1 or size > MAX_SIZE for size in values):
        raise argparse.ArgumentTypeError(f"sizes must be positive integers, at most {MAX_SIZE}")
    return values


def command(text: str) -> str:
    """A build or run command template: not empty, its quotes balanced."""
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"cannot split '{text}' into words: {error}") from None
    if not words:
        raise argparse.ArgumentTypeError("the command is empty")
    return text


def define(text: str) -> str:
    """NAME or NAME=VALUE, as the compiler's -D takes it."""
    from polyopt.frontend.sizes import parse_define
    try:
        parse_define(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def regex(text: str):
    """A Python regular expression (``re`` syntax), compiled."""
    import re
    try:
        return re.compile(text)
    except re.error as error:
        raise argparse.ArgumentTypeError(f"'{text}' is not a regular expression: {error}") from None


# --shared-memory: its values, by name (polyopt.codegen.gpu.SharedMemory)
SHARED_POLICIES = {policy.cli_name: policy for policy in SharedMemory}


def shared_policy(text: str) -> SharedMemory:
    try:
        return SharedMemory.from_cli_name(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
