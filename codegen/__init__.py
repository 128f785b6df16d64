"""Code generation: schedule tree -> isl AST (``ast``, checked by ``verify``) -> target
text: OpenMP C (``openmp``), CUDA (``gpu``, the mapping; ``cuda``, the code), BLAS
and cuBLAS calls (``blas``, ``cublas``); the region's test under which the code
holds (``versioning``), and the splice back into the file (``splice``).

Here: the names code outside the package imports from it.
"""

from polyopt.codegen.ast import iterator_prefixes
from polyopt.codegen.nest import GeneratedNest
from polyopt.codegen.openmp import generate_openmp
from polyopt.codegen.versioning import region_condition

__all__ = ["GeneratedNest", "generate_openmp", "iterator_prefixes", "region_condition"]
