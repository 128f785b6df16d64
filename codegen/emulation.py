"""Running polyopt's CUDA output on a CPU, to check the mapping without a GPU.

``emulated_source`` turns a generated ``.cu`` file into C++ that g++ builds
against ``EMULATION_HEADER``: device memory is host memory (filled with NaN
bytes by ``cudaMalloc``, so a missing copy-in shows), and a launch
``k<<<grid, block>>>(args)`` runs ``k(args)`` once per (block, thread) pair,
with ``blockIdx``/``threadIdx`` set. Blocks run one after the other; the
threads of a block run as coroutines, phase by phase: each thread runs until it
ends or reaches ``__syncthreads()``, then the next, and when all of them wait
at the barrier the next phase starts (a thread that ends while others wait is
reported: a barrier not every thread reaches).

What this proves: the host code, the transfers, the grid sizes, the index
arithmetic and the guards compute what the original computes, for the order
the threads were run in. The order is chosen by ``POLYOPT_EMULATION_ORDER``
(forward, reverse or shuffle, a seeded random permutation), for the blocks and
for the threads of each phase: a dependence between two threads of one launch, which
the mapping claims there is none of, changes the result under one of the
orders in general (not always: two orders may agree by chance); so does
shared memory read before the barrier that follows its copy-in. It proves
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
#include <ucontext.h>
struct dim3 {
  unsigned x, y, z;
  dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};
static dim3 blockIdx, threadIdx, blockDim, gridDim;
#define __global__ static
#define __device__
#define __shared__ static       // blocks run one after the other
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
// Each thread of a block runs as a coroutine with its own stack: until it ends or
// reaches __syncthreads(). A phase runs every thread of the block that far, in
// the chosen order; the next phase starts when all wait at the barrier.
#define POLYOPT_STACK (64 * 1024)
struct polyopt_thread { ucontext_t context; int state; };   // 0 ready, 1 at barrier, 2 done
static ucontext_t polyopt_scheduler;
static polyopt_thread *polyopt_current;
static void (*polyopt_body)(void *);
static void *polyopt_body_argument;
static void polyopt_thread_main(void) {
  polyopt_body(polyopt_body_argument);
  polyopt_current->state = 2;
}
static void __syncthreads(void) {
  polyopt_current->state = 1;
  swapcontext(&polyopt_current->context, &polyopt_scheduler);
}
template <class Body> static void polyopt_call(void *body) { (*(Body *) body)(); }
static unsigned long long polyopt_random = 12345;
static void polyopt_order(unsigned long *order, unsigned long n) {
  const char *how = getenv("POLYOPT_EMULATION_ORDER");
  for (unsigned long k = 0; k < n; k++)
    order[k] = how && !strcmp(how, "reverse") ? n - 1 - k : k;
  if (how && !strcmp(how, "shuffle"))
    for (unsigned long k = n; k > 1; k--) {       // Fisher-Yates with a 64-bit LCG
      polyopt_random = polyopt_random * 6364136223846793005ULL + 1442695040888963407ULL;
      unsigned long other = (unsigned long) ((polyopt_random >> 33) % k), swap = order[k - 1];
      order[k - 1] = order[other];
      order[other] = swap;
    }
}
template <class Body>
static void polyopt_emulate_launch(dim3 grid, dim3 block, Body body) {
  unsigned long blocks = (unsigned long) grid.x * grid.y * grid.z;
  unsigned long threads = (unsigned long) block.x * block.y * block.z;
  unsigned long *block_order = (unsigned long *) malloc(sizeof(unsigned long) * (blocks + 1));
  unsigned long *thread_order = (unsigned long *) malloc(sizeof(unsigned long) * (threads + 1));
  polyopt_thread *team = (polyopt_thread *) calloc(threads + 1, sizeof(polyopt_thread));
  char *stacks = (char *) malloc((size_t) POLYOPT_STACK * (threads + 1));
  polyopt_body = polyopt_call<Body>;
  polyopt_body_argument = &body;
  gridDim = grid;
  blockDim = block;
  polyopt_order(block_order, blocks);
  for (unsigned long position = 0; position < blocks; position++) {
    unsigned long b = block_order[position];
    blockIdx = dim3(b % grid.x, b / grid.x % grid.y, b / grid.x / grid.y);
    for (unsigned long t = 0; t < threads; t++) {
      getcontext(&team[t].context);
      team[t].context.uc_stack.ss_sp = stacks + (size_t) POLYOPT_STACK * t;
      team[t].context.uc_stack.ss_size = POLYOPT_STACK;
      team[t].context.uc_link = &polyopt_scheduler;
      makecontext(&team[t].context, polyopt_thread_main, 0);
      team[t].state = 0;
    }
    for (;;) {
      polyopt_order(thread_order, threads);
      for (unsigned long k = 0; k < threads; k++) {
        unsigned long t = thread_order[k];
        threadIdx = dim3(t % block.x, t / block.x % block.y, t / block.x / block.y);
        polyopt_current = &team[t];
        swapcontext(&polyopt_scheduler, &team[t].context);
      }
      unsigned long done = 0;
      for (unsigned long t = 0; t < threads; t++) done += team[t].state == 2;
      if (done == threads) break;
      if (done > 0) {
        fprintf(stderr, "polyopt emulation: %lu of %lu threads ended while the others wait "
                "at __syncthreads()\n", done, threads);
        abort();
      }
      for (unsigned long t = 0; t < threads; t++) team[t].state = 0;
    }
  }
  free(stacks);
  free(team);
  free(thread_order);
  free(block_order);
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


def main(argv: list[str] | None = None) -> int:
    """``python -m polyopt.codegen.emulation SRC.cu -o EXE [g++ flags...]``: build a CUDA
    program of polyopt's for the CPU (a search's --cuda-build where there is no GPU)."""
    import os
    import subprocess
    import sys
    import tempfile
    from pathlib import Path
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 3 or "-o" not in args:
        print("usage: python -m polyopt.codegen.emulation SRC.cu -o EXE [g++ flags...]",
              file=sys.stderr)
        return 2
    at = args.index("-o")
    source, executable = Path(args[0]), args[at + 1]
    flags = args[1:at] + args[at + 2:]
    with tempfile.TemporaryDirectory(prefix="polyopt-emulation-") as directory:
        header = Path(directory) / "emulation.h"
        header.write_text(EMULATION_HEADER)
        emulated = Path(directory) / (source.stem + ".cpp")
        emulated.write_text(emulated_source(source.read_text()))
        compiler = os.environ.get("CXX", "g++")
        return subprocess.run([compiler, "-O1", "-include", str(header), f"-I{source.parent}",
                               str(emulated), *flags, "-o", executable, "-lm"]).returncode


if __name__ == "__main__":
    raise SystemExit(main())
