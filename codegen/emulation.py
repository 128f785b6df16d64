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

# The CUDA runtime's calls, in C (C++ as well): the emulation's (EMULATION_HEADER), and
# for host code in C (--target cuda with the kernels in a .cu file of their own) in
# place of <cuda_runtime_api.h>, found first on the include path of its build; the
# kernels' file is then emulated as C++ (emulated_source).
C_RUNTIME_HEADER = r"""#include <stdlib.h>
#include <string.h>
typedef int cudaError_t;
typedef int cudaEvent_t;
enum { cudaSuccess = 0, cudaErrorMemoryAllocation = 2 };
enum cudaMemcpyKind { cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice };
static cudaError_t cudaMalloc(void **pointer, size_t bytes) {
  *pointer = malloc(bytes ? bytes : 1);
  if (*pointer) memset(*pointer, 0xff, bytes);   /* NaN doubles: uninitialized data shows */
  return *pointer ? cudaSuccess : cudaErrorMemoryAllocation;
}
static cudaError_t cudaMemcpy(void *to, const void *from, size_t bytes, enum cudaMemcpyKind kind) {
  (void) kind;
  memcpy(to, from, bytes);
  return cudaSuccess;
}
static cudaError_t cudaFree(void *pointer) { free(pointer); return cudaSuccess; }
static cudaError_t cudaGetLastError(void) { return cudaSuccess; }
static cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
static const char *cudaGetErrorString(cudaError_t status) { (void) status; return "emulated CUDA error"; }
static cudaError_t cudaEventCreate(cudaEvent_t *event) { *event = 0; return cudaSuccess; }
static cudaError_t cudaEventRecord(cudaEvent_t event) { (void) event; return cudaSuccess; }
static cudaError_t cudaEventSynchronize(cudaEvent_t event) { (void) event; return cudaSuccess; }
static cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) {
  (void) start; (void) end; *ms = 0; return cudaSuccess;
}
"""

EMULATION_HEADER = r"""// polyopt: CPU emulation of the CUDA runtime, for checking generated code.
// Only C headers: C++ ones declare math functions (y1, j0, ...) that C programs
// may use as names of their own.
#include <stdio.h>
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
""" + C_RUNTIME_HEADER + r"""// Each thread of a block runs as a coroutine with its own stack: until it ends or
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

# cuBLAS (column-major, as codegen.cublas calls it), naive loops: what a program that
# calls it computes, for checking the calls' arguments on the CPU. Appended to the
# header where the program uses it.
CUBLAS_EMULATION = r"""
struct cublasContext { int unused; };
extern "C" int cublasCreate_v2(struct cublasContext **h) { static cublasContext c; *h = &c; return 0; }
extern "C" int cublasDestroy_v2(struct cublasContext *) { return 0; }
template <typename T> static T polyopt_emu_at(const T *A, int lda, int i, int j, int trans)
{ return trans ? A[j + (long) i * lda] : A[i + (long) j * lda]; }
template <typename T> static int polyopt_emu_gemm(int ta, int tb, int m, int n, int k, const T *alpha,
    const T *A, int lda, const T *B, int ldb, const T *beta, T *C, int ldc) {
  for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) {
    T s = 0;
    for (int p = 0; p < k; p++) s += polyopt_emu_at(A, lda, i, p, ta) * polyopt_emu_at(B, ldb, p, j, tb);
    T *c = &C[i + (long) j * ldc];
    *c = *alpha * s + (*beta == 0 ? (T) 0 : *beta * *c);
  }
  return 0;
}
template <typename T> static int polyopt_emu_gemv(int trans, int m, int n, const T *alpha, const T *A,
    int lda, const T *x, int incx, const T *beta, T *y, int incy) {
  int length = trans ? n : m, reduction = trans ? m : n;
  for (int i = 0; i < length; i++) {
    T s = 0;
    for (int p = 0; p < reduction; p++) s += polyopt_emu_at(A, lda, i, p, trans) * x[(long) p * incx];
    T *out = &y[(long) i * incy];
    *out = *alpha * s + (*beta == 0 ? (T) 0 : *beta * *out);
  }
  return 0;
}
template <typename T> static int polyopt_emu_ger(int m, int n, const T *alpha, const T *x, int incx,
    const T *y, int incy, T *A, int lda) {
  for (int j = 0; j < n; j++) for (int i = 0; i < m; i++)
    A[i + (long) j * lda] += *alpha * x[(long) i * incx] * y[(long) j * incy];
  return 0;
}
template <typename T> static int polyopt_emu_scal(int n, const T *alpha, T *x, int incx) {
  for (int i = 0; i < n; i++) x[(long) i * incx] *= *alpha;
  return 0;
}
template <typename T> static int polyopt_emu_axpy(int n, const T *alpha, const T *x, int incx, T *y, int incy) {
  for (int i = 0; i < n; i++) y[(long) i * incy] += *alpha * x[(long) i * incx];
  return 0;
}
template <typename T> static int polyopt_emu_syr2k(int uplo, int trans, int n, int k, const T *alpha,
    const T *A, int lda, const T *B, int ldb, const T *beta, T *C, int ldc) {
  /* B == 0: syrk (A A^T); else A B^T + B A^T; op(X) is n x k */
  for (int j = 0; j < n; j++) for (int i = 0; i < n; i++) {
    if (uplo == 0 ? i < j : i > j) continue;     /* 0: lower */
    T s = 0;
    for (int p = 0; p < k; p++) {
      T a_i = polyopt_emu_at(A, lda, i, p, trans), a_j = polyopt_emu_at(A, lda, j, p, trans);
      if (B) s += a_i * polyopt_emu_at(B, ldb, j, p, trans) + polyopt_emu_at(B, ldb, i, p, trans) * a_j;
      else s += a_i * a_j;
    }
    T *c = &C[i + (long) j * ldc];
    *c = *alpha * s + (*beta == 0 ? (T) 0 : *beta * *c);
  }
  return 0;
}
template <typename T> static int polyopt_emu_symm(int side, int uplo, int m, int n, const T *alpha,
    const T *A, int lda, const T *B, int ldb, const T *beta, T *C, int ldc) {
  /* C = alpha A B + beta C (side 0: A is m x m) or alpha B A + beta C (A is n x n); only
     A's lower (uplo 0) or upper triangle is read */
  for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) {
    T s = 0;
    int k = side == 0 ? m : n;
    for (int p = 0; p < k; p++) {
      int r = side == 0 ? i : p, c = side == 0 ? p : j;
      int hi = r > c ? r : c, lo = r > c ? c : r;
      T a = uplo == 0 ? A[hi + (long) lo * lda] : A[lo + (long) hi * lda];
      s += side == 0 ? a * B[p + (long) j * ldb] : B[i + (long) p * ldb] * a;
    }
    T *out = &C[i + (long) j * ldc];
    *out = *alpha * s + (*beta == 0 ? (T) 0 : *beta * *out);
  }
  return 0;
}
/* the triangular matrix op(A) (size s x s) as a dense one, row r column c */
template <typename T> static T polyopt_emu_tri(int uplo, int trans, int diag, const T *A, int lda, int r, int c) {
  int sr = trans ? c : r, sc = trans ? r : c;      /* in A's own (stored) coordinates */
  if (sr == sc) return diag ? (T) 1 : A[sr + (long) sc * lda];
  if (uplo == 0 ? sr < sc : sr > sc) return 0;
  return A[sr + (long) sc * lda];
}
template <typename T> static int polyopt_emu_trmm(int side, int uplo, int trans, int diag, int m, int n,
    const T *alpha, const T *A, int lda, const T *B, int ldb, T *C, int ldc) {
  T *result = (T *) malloc(sizeof(T) * (size_t) m * n + 1);
  for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) {
    T s = 0;
    if (side == 0) for (int p = 0; p < m; p++) s += polyopt_emu_tri(uplo, trans, diag, A, lda, i, p) * B[p + (long) j * ldb];
    else for (int p = 0; p < n; p++) s += B[i + (long) p * ldb] * polyopt_emu_tri(uplo, trans, diag, A, lda, p, j);
    result[i + (long) j * m] = *alpha * s;
  }
  for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) C[i + (long) j * ldc] = result[i + (long) j * m];
  free(result);
  return 0;
}
template <typename T> static int polyopt_emu_trsm(int side, int uplo, int trans, int diag, int m, int n,
    const T *alpha, const T *A, int lda, T *B, int ldb) {
  int lower = (uplo == 0) != (trans != 0);   /* op(A) is lower triangular */
  for (int j = 0; j < n; j++) for (int i = 0; i < m; i++) B[i + (long) j * ldb] *= *alpha;
  if (side == 0) {          /* op(A) X = B: each column */
    for (int j = 0; j < n; j++)
      for (int q = 0; q < m; q++) {
        int i = lower ? q : m - 1 - q;
        T s = B[i + (long) j * ldb];
        for (int p = 0; p < m; p++)
          if (p != i && (lower ? p < i : p > i)) s -= polyopt_emu_tri(uplo, trans, diag, A, lda, i, p) * B[p + (long) j * ldb];
        B[i + (long) j * ldb] = s / polyopt_emu_tri(uplo, trans, diag, A, lda, i, i);
      }
  } else {                  /* X op(A) = B: each row */
    for (int i = 0; i < m; i++)
      for (int q = 0; q < n; q++) {
        int j = lower ? n - 1 - q : q;
        T s = B[i + (long) j * ldb];
        for (int p = 0; p < n; p++)
          if (p != j && (lower ? p > j : p < j)) s -= B[i + (long) p * ldb] * polyopt_emu_tri(uplo, trans, diag, A, lda, p, j);
        B[i + (long) j * ldb] = s / polyopt_emu_tri(uplo, trans, diag, A, lda, j, j);
      }
  }
  return 0;
}
#define POLYOPT_EMU_BOTH(routine, params, args) \
  extern "C" int cublasD##routine##_v2(struct cublasContext *, POLYOPT_EMU_##params(double)) { return polyopt_emu_##routine args; } \
  extern "C" int cublasS##routine##_v2(struct cublasContext *, POLYOPT_EMU_##params(float)) { return polyopt_emu_##routine args; }
#define POLYOPT_EMU_GEMM(T) int a0, int a1, int a2, int a3, int a4, const T *a5, const T *a6, int a7, const T *a8, int a9, const T *a10, T *a11, int a12
#define POLYOPT_EMU_GEMV(T) int a0, int a1, int a2, const T *a3, const T *a4, int a5, const T *a6, int a7, const T *a8, T *a9, int a10
#define POLYOPT_EMU_GER(T) int a0, int a1, const T *a2, const T *a3, int a4, const T *a5, int a6, T *a7, int a8
#define POLYOPT_EMU_SCAL(T) int a0, const T *a1, T *a2, int a3
#define POLYOPT_EMU_AXPY(T) int a0, const T *a1, const T *a2, int a3, T *a4, int a5
#define POLYOPT_EMU_SYRK(T) int a0, int a1, int a2, int a3, const T *a4, const T *a5, int a6, const T *a7, T *a8, int a9
#define POLYOPT_EMU_SYR2K(T) int a0, int a1, int a2, int a3, const T *a4, const T *a5, int a6, const T *a7, int a8, const T *a9, T *a10, int a11
#define POLYOPT_EMU_SYMM(T) int a0, int a1, int a2, int a3, const T *a4, const T *a5, int a6, const T *a7, int a8, const T *a9, T *a10, int a11
#define POLYOPT_EMU_TRMM(T) int a0, int a1, int a2, int a3, int a4, int a5, const T *a6, const T *a7, int a8, const T *a9, int a10, T *a11, int a12
#define POLYOPT_EMU_TRSM(T) int a0, int a1, int a2, int a3, int a4, int a5, const T *a6, const T *a7, int a8, T *a9, int a10
#define POLYOPT_EMU_TRSV(T) int a0, int a1, int a2, int a3, const T *a4, int a5, T *a6, int a7
POLYOPT_EMU_BOTH(gemm, GEMM, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12))
POLYOPT_EMU_BOTH(gemv, GEMV, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10))
POLYOPT_EMU_BOTH(ger, GER, (a0, a1, a2, a3, a4, a5, a6, a7, a8))
POLYOPT_EMU_BOTH(scal, SCAL, (a0, a1, a2, a3))
POLYOPT_EMU_BOTH(axpy, AXPY, (a0, a1, a2, a3, a4, a5))
extern "C" int cublasDsyrk_v2(struct cublasContext *, POLYOPT_EMU_SYRK(double)) { return polyopt_emu_syr2k(a0, a1, a2, a3, a4, a5, a6, (const double *) 0, 0, a7, a8, a9); }
extern "C" int cublasSsyrk_v2(struct cublasContext *, POLYOPT_EMU_SYRK(float)) { return polyopt_emu_syr2k(a0, a1, a2, a3, a4, a5, a6, (const float *) 0, 0, a7, a8, a9); }
POLYOPT_EMU_BOTH(syr2k, SYR2K, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11))
POLYOPT_EMU_BOTH(symm, SYMM, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11))
POLYOPT_EMU_BOTH(trmm, TRMM, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12))
POLYOPT_EMU_BOTH(trsm, TRSM, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10))
extern "C" int cublasDtrsv_v2(struct cublasContext *, POLYOPT_EMU_TRSV(double)) { const double one = 1; return polyopt_emu_trsm(0, a0, a1, a2, a3, 1, &one, a4, a5, a6, a3); }
extern "C" int cublasStrsv_v2(struct cublasContext *, POLYOPT_EMU_TRSV(float)) { const float one = 1; return polyopt_emu_trsm(0, a0, a1, a2, a3, 1, &one, a4, a5, a6, a3); }
"""


ORDERS = ("forward", "reverse", "shuffle")

_LAUNCH = re.compile(r"(\w+)<<<(.+?), (.+?)>>>\((.*)\);")


def emulated_source(cuda_text: str) -> str:
    """C++ text that runs the CUDA program's kernels on the CPU (see module doc)."""
    def launch(match: re.Match) -> str:
        kernel, grid, block, arguments = match.groups()
        return (f"polyopt_emulate_launch(dim3({grid}), dim3({block}), "
                f"[&]() {{ {kernel}({arguments}); }});")

    text = _LAUNCH.sub(launch, cuda_text)
    if "polyopt_cublasCreate" in text:     # the calls of codegen.cublas: run on the CPU
        text = CUBLAS_EMULATION + text
    return text


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
