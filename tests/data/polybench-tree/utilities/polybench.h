/* Test stand-in for PolyBench/C's polybench.h: the same macro interface. */
#ifndef POLYBENCH_H
#define POLYBENCH_H

#include <stdlib.h>

#ifndef POLYBENCH_LOOP_BOUND
# define POLYBENCH_LOOP_BOUND(x, y) x
#endif

#define POLYBENCH_1D(var, dim1, ddim1) var[dim1]
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[dim1][dim2]
#define POLYBENCH_ARRAY(x) *x
#define POLYBENCH_FREE_ARRAY(x) free((void *) x)
#define POLYBENCH_1D_ARRAY_DECL(var, type, dim1, ddim1) \
  type (*var)[dim1] = (type (*)[dim1]) polybench_alloc_data((dim1), sizeof(type))
#define POLYBENCH_2D_ARRAY_DECL(var, type, dim1, dim2, ddim1, ddim2) \
  type (*var)[dim1][dim2] = (type (*)[dim1][dim2]) polybench_alloc_data((dim1) * (dim2), sizeof(type))

#ifdef POLYBENCH_DUMP_ARRAYS
# define polybench_prevent_dce(func) func
#else
# define polybench_prevent_dce(func) if (argc > 42 && !argv[0][0]) func
#endif
#define POLYBENCH_DUMP_TARGET stderr
#define POLYBENCH_DUMP_START fprintf(POLYBENCH_DUMP_TARGET, "==BEGIN DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_FINISH fprintf(POLYBENCH_DUMP_TARGET, "==END   DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_BEGIN(s) fprintf(POLYBENCH_DUMP_TARGET, "begin dump: %s", s)
#define POLYBENCH_DUMP_END(s) fprintf(POLYBENCH_DUMP_TARGET, "\nend   dump: %s\n", s)

#ifdef POLYBENCH_TIME
# define polybench_start_instruments polybench_timer_start()
# define polybench_stop_instruments polybench_timer_stop()
# define polybench_print_instruments polybench_timer_print()
#else
# define polybench_start_instruments
# define polybench_stop_instruments
# define polybench_print_instruments
#endif

void *polybench_alloc_data(unsigned long long n, int elt_size);
void polybench_timer_start(void);
void polybench_timer_stop(void);
void polybench_timer_print(void);

#endif
