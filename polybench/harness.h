/* polyopt's PolyBench harness: dataset sizes, a timer around the kernel only, an
 * optional cache flush before it, and an array dump for verification.
 *
 * Compile a kernel with   cc -O3 -I polybench -D<SIZE>_DATASET kernel.c polybench/harness.c -lm
 * where SIZE is MINI, SMALL, MEDIUM, LARGE (the default) or EXTRALARGE.
 *
 *  - harness_start() / harness_stop() bracket the kernel; harness_print_time() prints
 *    the kernel's wall-clock seconds on stdout as "%0.6f\n", the way PolyBench does.
 *  - The cache is flushed in harness_start() unless -DHARNESS_NO_FLUSH_CACHE.
 *  - With HARNESS_PERTURB set in the environment, harness_start() first changes every
 *    element of every block harness_alloc gave out a little (floating point: by about
 *    2^-10 of its size, deterministically; int: by 0 or 1), so that a verification run
 *    does not start from data the kernel leaves as it is (PolyBench's seidel-2d data
 *    is bilinear, a fixed point of its 3 x 3 average, which hides a kernel that skips
 *    updates). The blocks must hold DATA_TYPE: allocate others (a char sequence)
 *    with harness_alloc_unperturbed. A block freed before harness_start() is left
 *    alone: free is harness_free in a file that includes this header.
 *  - With HARNESS_DUMP set in the environment (any value), the arrays passed to
 *    HARNESS_DUMP_ARRAY are written to stderr between "begin dump: NAME" and
 *    "end dump: NAME" lines, every value at full precision ("%.17g" for floating
 *    point), so that two builds can be compared exactly.  Without it nothing is
 *    written, yet the compiler cannot drop the kernel, since the test is at run time.
 */
#ifndef POLYOPT_HARNESS_H
#define POLYOPT_HARNESS_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && !defined(MEDIUM_DATASET) \
    && !defined(LARGE_DATASET) && !defined(EXTRALARGE_DATASET)
# define LARGE_DATASET
#endif

#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif

#ifdef DATA_TYPE_IS_INT
# define DATA_TYPE int
# define HARNESS_DATA_KIND 'i'
#endif
#ifdef DATA_TYPE_IS_FLOAT
# define DATA_TYPE float
# define HARNESS_DATA_KIND 'f'
# define SCALAR_VAL(x) x##f
# define SQRT_FUN(x) sqrtf(x)
# define EXP_FUN(x) expf(x)
# define POW_FUN(x, y) powf(x, y)
#endif
#ifdef DATA_TYPE_IS_DOUBLE
# define DATA_TYPE double
# define HARNESS_DATA_KIND 'd'
# define SCALAR_VAL(x) x
# define SQRT_FUN(x) sqrt(x)
# define EXP_FUN(x) exp(x)
# define POW_FUN(x, y) pow(x, y)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Allocate BYTES on the heap, 64-byte aligned, or exit with a message:
 *   double (*A)[M] = harness_alloc(sizeof(double[N][M])); */
void *harness_alloc(size_t bytes);
void *harness_alloc_unperturbed(size_t bytes);
void harness_free(void *address);          /* free, and forget the block */
void harness_start_with(int data_kind);   /* 'd', 'f' or 'i': what DATA_TYPE is */
void harness_stop(void);
void harness_print_time(void);
int harness_dumping(void);
void harness_dump_begin(const char *name);
void harness_dump_end(const char *name);
void harness_dump_double(const double *values, size_t count);
void harness_dump_float(const float *values, size_t count);
void harness_dump_int(const int *values, size_t count);

#ifdef __cplusplus
}
#endif

/* Dump COUNT elements starting at FIRST (a pointer to the first element of a
 * contiguous array of double, float or int: &A[0][0], or x for a vector) under NAME. */
#ifndef __cplusplus
# define HARNESS_DUMP_VALUES(first, count)                                          \
  _Generic((first), double *: harness_dump_double, float *: harness_dump_float,     \
           int *: harness_dump_int)((first), (size_t) (count))
#else
/* The kernels also compile as C++ (nvcc compiles a .cu file as C++, for
 * polyopt --target cuda): overloads instead of _Generic, and a heap block that
 * converts to any object pointer, as void * does in C. */
static inline void harness_dump_values(const double *v, size_t n) { harness_dump_double(v, n); }
static inline void harness_dump_values(const float *v, size_t n) { harness_dump_float(v, n); }
static inline void harness_dump_values(const int *v, size_t n) { harness_dump_int(v, n); }
# define HARNESS_DUMP_VALUES(first, count) harness_dump_values((first), (size_t) (count))
struct harness_block {
  void *address;
  template <class T> operator T *() const { return static_cast<T *>(address); }
};
# define harness_alloc(bytes) (harness_block{harness_alloc(bytes)})
# define harness_alloc_unperturbed(bytes) (harness_block{harness_alloc_unperturbed(bytes)})
#endif

#define harness_start() harness_start_with(HARNESS_DATA_KIND)
#define free(address) harness_free(address)

#define HARNESS_DUMP_ARRAY(name, first, count)                                     \
  do {                                                                             \
    if (harness_dumping()) {                                                       \
      harness_dump_begin(name);                                                    \
      HARNESS_DUMP_VALUES(first, count);                                           \
      harness_dump_end(name);                                                      \
    }                                                                              \
  } while (0)

#endif
