/* polyopt's PolyBench harness; see harness.h. */
#define _POSIX_C_SOURCE 200112L
#include "harness.h"
#undef free     /* the C library's, here */

#include <stdint.h>
#include <string.h>
#include <time.h>

#ifndef HARNESS_CACHE_BYTES
# define HARNESS_CACHE_BYTES (64 * 1024 * 1024) /* larger than the last-level cache */
#endif

#ifndef HARNESS_MAX_BLOCKS
# define HARNESS_MAX_BLOCKS 64
#endif

static double start_seconds, stop_seconds;
static int dump_state = -1; /* -1: not read yet */
/* The blocks harness_alloc gave out and that are not freed (their elements are
 * DATA_TYPE), for perturb(). */
static struct { void *address; size_t bytes; } blocks[HARNESS_MAX_BLOCKS];
static size_t block_count;

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double) t.tv_sec + (double) t.tv_nsec * 1e-9;
}

void *harness_alloc_unperturbed(size_t bytes)
{
  void *p = NULL;
  if (posix_memalign(&p, 64, bytes ? bytes : 1) != 0 || p == NULL) {
    fprintf(stderr, "harness: cannot allocate %zu bytes\n", bytes);
    exit(1);
  }
  return p;
}

void *harness_alloc(size_t bytes)
{
  void *p = harness_alloc_unperturbed(bytes);
  if (block_count < HARNESS_MAX_BLOCKS) {
    blocks[block_count].address = p;
    blocks[block_count].bytes = bytes;
    block_count++;
  }
  return p;
}

void harness_free(void *address)
{
  for (size_t b = 0; b < block_count; b++)
    if (blocks[b].address == address) {
      blocks[b] = blocks[--block_count];
      break;
    }
  free(address);
}

/* A deterministic value in [-1, 1) for element I of block B (splitmix64). */
static double noise(size_t b, size_t i)
{
  uint64_t z = ((uint64_t) b << 48) ^ (uint64_t) i;
  z += 0x9e3779b97f4a7c15u;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  z ^= z >> 31;
  return (double) (z >> 11) * 0x1.0p-52 - 1.0;
}

/* Each floating-point element x becomes x + 2^-10 * u * (|x| + m), with u in [-1, 1)
 * from noise() and m the block's mean magnitude; each int grows by 0 or 1. */
#define PERTURB_FLOATING(type)                                                   \
  do {                                                                           \
    type *values = blocks[b].address;                                            \
    size_t count = blocks[b].bytes / sizeof(type);                               \
    double mean = 0.0;                                                           \
    for (size_t i = 0; i < count; i++)                                           \
      mean += fabs((double) values[i]);                                          \
    mean = count ? mean / (double) count : 0.0;                                  \
    for (size_t i = 0; i < count; i++)                                           \
      values[i] += (type) (0x1.0p-10 * noise(b, i) * (fabs((double) values[i]) + mean)); \
  } while (0)

static void perturb(int kind)
{
  for (size_t b = 0; b < block_count; b++) {
    if (kind == 'd')
      PERTURB_FLOATING(double);
    else if (kind == 'f')
      PERTURB_FLOATING(float);
    else if (kind == 'i') {
      int *values = blocks[b].address;
      for (size_t i = 0; i < blocks[b].bytes / sizeof(int); i++)
        values[i] += noise(b, i) >= 0.0;
    }
  }
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

void harness_start_with(int kind)
{
  if (getenv("HARNESS_PERTURB") != NULL)
    perturb(kind);
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
