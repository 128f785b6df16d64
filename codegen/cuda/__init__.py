"""The CUDA target: host code and kernels for a GPU mapping (see ``codegen.gpu``),
split as PPCG splits its own:

* ``generate``: CudaGenerator, the CUDA code of one SCoP (the mapping, the
  decisions, then the parts below), or its cuBLAS calls;
* ``offload``: whether a SCoP goes to the GPU (NothingToOffload, PrivateNotKept)
  and what in the file around it nvcc would reject;
* ``arrays``: the device arrays, their transfers and footprints, and the
  variables passed by value;
* ``kernel``: the kernels, ``__global__`` functions placed before the function
  holding the SCoP;
* ``host``: the host code that replaces the SCoP (buffers, copies, launches,
  checks of every CUDA call, timing with ``-DPOLYOPT_CUDA_TIMING``);
* ``names``: fresh names in the generated code.

Here: the names code outside the package uses.
"""

from polyopt.codegen.cuda.generate import CudaGenerator
from polyopt.codegen.cuda.host import CHECK_FUNCTION
from polyopt.codegen.cuda.offload import MAX_LAUNCHES, SERIAL_KERNEL_INSTANCES, NothingToOffload, \
    PrivateNotKept, count_points, cplusplus_problems, kernel_problem, launch_count, private_kept

__all__ = ["CHECK_FUNCTION", "MAX_LAUNCHES", "SERIAL_KERNEL_INSTANCES", "CudaGenerator",
           "NothingToOffload", "PrivateNotKept", "count_points", "cplusplus_problems",
           "kernel_problem", "launch_count", "private_kept"]
