"""Running polyopt's CUDA output on a CPU, to check the mapping without a GPU.

``emulated_source`` turns a generated ``.cu`` file into C++ that g++ builds
against ``EMULATION_HEADER``: device memory is host memory (filled with NaN
bytes by ``cudaMalloc``, so a missing copy-in shows), and a launch
``k<<<grid, block>>>(args)`` runs ``k(args)`` once per (block, thread) pair,
with ``blockIdx``/``threadIdx`` set, one thread after the other to its end.

What this proves: the host code, the transfers, the grid sizes, the index
arithmetic and the guards compute what the original computes, for the order
the threads were run in. The order is chosen by ``POLYOPT_EMULATION_ORDER``
(forward, reverse or shuffle, a seeded random permutation of all the
(block, thread) pairs): a dependence between two threads of one launch, which
the mapping claims there is none of, changes the result under one of the
orders in general (not always: two orders may agree by chance). It proves
nothing about what only a GPU has: the memory model, real concurrency within
a warp, resource limits, or speed.
"""

from __future__ import annotations

import re

EMULATION_HEADER = r"""// polyopt: CPU emulation of the CUDA runtime, for checking generated code.
// Only C headers: C++ ones declare math functions (y1, j0, ...) that C programs
// may use as names of their own.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct dim3 {
  unsigned x, y, z;
  dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};
static dim3 blockIdx, threadIdx, blockDim, gridDim;
#define __global__ static
#define __device__
#define __host__
#define __restrict__
typedef int cudaError_t;
typedef int cudaEvent_t;
enum { cudaSuccess = 0, cudaErrorMemoryAllocation = 2 };
enum cudaMemcpyKind { cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice };
static cudaError_t cudaMalloc(void **pointer, size_t bytes) {
  *pointer = malloc(bytes ? bytes : 1);
  if (*pointer) memset(*pointer, 0xff, bytes);   // NaN doubles: uninitialized data shows
  return *pointer ? cudaSuccess : cudaErrorMemoryAllocation;
}
static cudaError_t cudaMemcpy(void *to, const void *from, size_t bytes, cudaMemcpyKind) {
  memcpy(to, from, bytes);
  return cudaSuccess;
}
static cudaError_t cudaFree(void *pointer) { free(pointer); return cudaSuccess; }
static cudaError_t cudaGetLastError(void) { return cudaSuccess; }
static cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
static const char *cudaGetErrorString(cudaError_t) { return "emulated CUDA error"; }
static cudaError_t cudaEventCreate(cudaEvent_t *event) { *event = 0; return cudaSuccess; }
static cudaError_t cudaEventRecord(cudaEvent_t) { return cudaSuccess; }
static cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
static cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t, cudaEvent_t) { *ms = 0; return cudaSuccess; }
template <class Body>
static void polyopt_emulate_launch(dim3 grid, dim3 block, Body body) {
  unsigned long blocks = (unsigned long) grid.x * grid.y * grid.z;
  unsigned long threads = (unsigned long) block.x * block.y * block.z;
  unsigned long n = blocks * threads;
  unsigned long *order = (unsigned long *) malloc(sizeof(unsigned long) * (n ? n : 1));
  const char *how = getenv("POLYOPT_EMULATION_ORDER");
  for (unsigned long k = 0; k < n; k++)
    order[k] = how && !strcmp(how, "reverse") ? n - 1 - k : k;
  static unsigned long long state = 12345;
  if (how && !strcmp(how, "shuffle"))
    for (unsigned long k = n; k > 1; k--) {       // Fisher-Yates with a 64-bit LCG
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      unsigned long other = (unsigned long) ((state >> 33) % k), swap = order[k - 1];
      order[k - 1] = order[other];
      order[other] = swap;
    }
  gridDim = grid;
  blockDim = block;
  for (unsigned long position = 0; position < n; position++) {
    unsigned long k = order[position], b = k / threads, t = k % threads;
    blockIdx = dim3(b % grid.x, b / grid.x % grid.y, b / grid.x / grid.y);
    threadIdx = dim3(t % block.x, t / block.x % block.y, t / block.x / block.y);
    body();
  }
  free(order);
}
"""

ORDERS = ("forward", "reverse", "shuffle")

_LAUNCH = re.compile(r"(\w+)<<<(.+?), (.+?)>>>\((.*)\);")


def emulated_source(cuda_text: str) -> str:
    """C++ text that runs the CUDA program's kernels on the CPU (see module doc)."""
    def launch(match: re.Match) -> str:
        kernel, grid, block, arguments = match.groups()
        return (f"polyopt_emulate_launch(dim3({grid}), dim3({block}), "
                f"[&]() {{ {kernel}({arguments}); }});")

    return _LAUNCH.sub(launch, cuda_text)
