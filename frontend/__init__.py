"""The C frontend: find SCoPs in a C file and model them with isl.

``extract_scops`` is the entry point: it returns the modelled SCoPs and, for
each region it could not model, a diagnostic saying where and why.

The modules, from the bottom up: ``source`` (the file's text), ``typenames``
(type names the parser must know), ``defines`` (the file's #define lines),
``declarations`` (the declarations pycparser reads), ``integers`` (C integer
types), ``affine`` (affine expressions to isl), ``sizes`` (macro values, through
the preprocessor), ``calls`` (side effects of called functions), ``macros``
(macros a region uses), ``delinearize`` (flattened subscripts), ``extract``
(one region to a SCoP) and ``scops`` (every region of a file).
"""

from polyopt.frontend.scops import TOO_DEEP, Diagnostic, FrontendResult, extract_scops
from polyopt.frontend.source import SourceFile, read_source
from polyopt.frontend.typenames import cast_type_names

__all__ = ["TOO_DEEP", "Diagnostic", "FrontendResult", "SourceFile", "cast_type_names",
           "extract_scops", "read_source"]
