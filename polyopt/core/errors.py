"""One exception hierarchy for everything polyopt reports to a user.

Every error carries an optional source location and prints compiler-style:
``file:line:col: error: message``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    """A position in a C source file (1-based line and column)."""

    file: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        parts = [self.file]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


class PolyoptError(Exception):
    """Base of every error polyopt reports to its user."""

    kind = "error"

    def __init__(self, message: str, location: Location | None = None):
        super().__init__(message)
        self.message = message
        self.location = location

    def __str__(self) -> str:
        prefix = f"{self.location}: " if self.location else "polyopt: "
        return f"{prefix}{self.kind}: {self.message}"

    def __reduce__(self):
        # pickled with its location (it crosses from a time-boxed child process)
        return type(self), (self.message, self.location)


class InputError(PolyoptError):
    """The input cannot be read (missing file, not text)."""


class ParseError(PolyoptError):
    """The C text is rejected by the parser."""


class UnsupportedError(PolyoptError):
    """A region cannot be modelled; with --strict this is fatal, otherwise a warning."""


class UsageError(PolyoptError):
    """Bad command-line arguments or options."""


class DatabaseError(PolyoptError):
    """The tuning database cannot be opened, read or written (corrupt, locked, read-only)."""


class LegalityError(PolyoptError):
    """A schedule violates a dependence: an internal error, never emitted."""


class CodegenError(PolyoptError):
    """isl could not generate code for a schedule within its operation budget."""


class WrongCodeError(CodegenError):
    """isl generated code that does not run the schedule (codegen.verify found it)."""


class BuildError(PolyoptError):
    """Compiling a program failed in the evaluator."""


class RunError(PolyoptError):
    """Running a program failed (crash, non-zero exit, timeout) in the evaluator."""


class DeviceError(PolyoptError):
    """No GPU to run CUDA code on (no PyCUDA, no driver, no device)."""


class RunTimeout(RunError):
    """A run was killed because it went past its time limit."""


class ModelError(PolyoptError):
    """A classifier model cannot be read, or was made for other features or versions."""


def format_warning(message: str, location: Location | None) -> str:
    """Compiler-style warning line."""
    prefix = f"{location}: " if location else "polyopt: "
    return f"{prefix}warning: {message}"
