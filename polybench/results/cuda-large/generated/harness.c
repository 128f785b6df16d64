/* polyopt's PolyBench harness; see harness.h. */
#define _POSIX_C_SOURCE 200112L
#include "harness.h"

#include <string.h>
#include <time.h>

#ifndef HARNESS_CACHE_BYTES
# define HARNESS_CACHE_BYTES (64 * 1024 * 1024) /* larger than the last-level cache */
#endif

static double start_seconds, stop_seconds;
static int dump_state = -1; /* -1: not read yet */

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double) t.tv_sec + (double) t.tv_nsec * 1e-9;
}

void *harness_alloc(size_t bytes)
{
  void *p = NULL;
  if (posix_memalign(&p, 64, bytes ? bytes : 1) != 0 || p == NULL) {
    fprintf(stderr, "harness: cannot allocate %zu bytes\n", bytes);
    exit(1);
  }
  return p;
}

/* Write and read a buffer larger than the cache so that the kernel starts cold,
 * as PolyBench does; the sum is used so the loop is not removed. */
static void flush_cache(void)
{
  size_t n = HARNESS_CACHE_BYTES / sizeof(double);
  double *buffer = calloc(n, sizeof(double));
  double sum = 0.0;
  if (buffer == NULL)
    return;
  for (size_t i = 0; i < n; i++)
    sum += buffer[i];
  if (sum != 0.0)
    fprintf(stderr, "harness: cache flush read %g\n", sum);
  free(buffer);
}

void harness_start(void)
{
#ifndef HARNESS_NO_FLUSH_CACHE
  flush_cache();
#endif
  start_seconds = now();
}

void harness_stop(void)
{
  stop_seconds = now();
}

void harness_print_time(void)
{
  printf("%0.6f\n", stop_seconds - start_seconds);
}

int harness_dumping(void)
{
  if (dump_state < 0)
    dump_state = getenv("HARNESS_DUMP") != NULL;
  return dump_state;
}

void harness_dump_begin(const char *name)
{
  fprintf(stderr, "begin dump: %s\n", name);
}

void harness_dump_end(const char *name)
{
  fprintf(stderr, "\nend dump: %s\n", name);
}

#define DUMP_VALUES(format, cast)                                   \
  for (size_t i = 0; i < count; i++)                                \
    fprintf(stderr, (i % 16 == 15) ? format "\n" : format " ", cast values[i])

void harness_dump_double(const double *values, size_t count) { DUMP_VALUES("%.17g", ); }
void harness_dump_float(const float *values, size_t count) { DUMP_VALUES("%.9g", (double)); }
void harness_dump_int(const int *values, size_t count) { DUMP_VALUES("%d", ); }
