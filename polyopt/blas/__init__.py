"""BLAS in a SCoP: statements that compute a BLAS operation, and their calls.

The matchers read the polyhedral model of a SCoP and recognise, with a reason
for every near miss:

- one-statement updates: gemm, gemv, ger, dot, axpy, and syrk / syr2k on a
  triangle, with the initialisation before them as beta (polyopt.blas.match);
- products summed over several statements or kept in a scalar: symm, gemm,
  gemv (polyopt.blas.sums);
- in-place triangular solves and products: trsv, trsm, trmm
  (polyopt.blas.triangular);
- scalings that initialise nothing: scal.

The public API:

- `match_blas(scop, declarations, private)` -> `BlasAnalysis`: the matches
  (`BlasMatch`: statements and `BlasCall`s with their `Operand`s) and the
  statements rejected, with why; `describe_call` writes a call as text and
  `ELEMENT_PREFIX` maps an element type to the routine's letter;
- `paying_matches(scop, dependences, analysis)`: only the matches whose calls are
  predicted faster than the default's loops, with a `MatchVerdict` on each
  (polyopt.blas.cost);
- `library_flags(library)`, `symbol_prefix(library)`: the CBLAS the generated
  calls link with (polyopt.blas.library).

Modules: calls (the result types), reader (what the matchers share), match,
sums, triangular (the matchers), cost, library.
"""

from polyopt.blas.calls import (ELEMENT_PREFIX, BlasAnalysis, BlasCall, BlasMatch, Operand,
                                describe_call)
from polyopt.blas.cost import MatchVerdict, paying_matches
from polyopt.blas.library import library_flags, symbol_prefix
from polyopt.blas.match import match_blas

__all__ = ["ELEMENT_PREFIX", "BlasAnalysis", "BlasCall", "BlasMatch", "MatchVerdict", "Operand",
           "describe_call", "library_flags", "match_blas", "paying_matches", "symbol_prefix"]
