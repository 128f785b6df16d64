/* Test stand-in for PolyBench/C's polybench.c. */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "polybench.h"

static double polybench_t_start, polybench_t_end;

static double rtclock(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

void *polybench_alloc_data(unsigned long long n, int elt_size)
{
  void *p = NULL;
  if (posix_memalign(&p, 4096, n * elt_size) != 0) {
    fprintf(stderr, "[PolyBench] posix_memalign: cannot allocate memory\n");
    exit(1);
  }
  return p;
}

void polybench_timer_start(void) { polybench_t_start = rtclock(); }
void polybench_timer_stop(void) { polybench_t_end = rtclock(); }
void polybench_timer_print(void) { printf("%0.6f\n", polybench_t_end - polybench_t_start); }
