"""polyopt: a polyhedral source-to-source optimizer for C loop nests."""

from polyopt.startup import version_modules

__version__ = "0.1.0"

version_modules()
