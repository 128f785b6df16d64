/* fdtd-2d: 2-D finite-difference time-domain kernel on an NX x NY grid, TMAX time
 * steps.  Each step sets the boundary row of the electric field ey from _fict_[t],
 * updates ey and ex from the magnetic field hz, then hz from ex and ey. */
#include "harness.h"

#if defined(MINI_DATASET)
# define TMAX 20
# define NX 20
# define NY 30
#elif defined(SMALL_DATASET)
# define TMAX 40
# define NX 60
# define NY 80
#elif defined(MEDIUM_DATASET)
# define TMAX 100
# define NX 200
# define NY 240
#elif defined(LARGE_DATASET)
# define TMAX 500
# define NX 1000
# define NY 1200
#else
# define TMAX 1000
# define NX 2000
# define NY 2600
#endif

static void init_array(DATA_TYPE ex[NX][NY], DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                       DATA_TYPE _fict_[TMAX])
{
  for (int i = 0; i < TMAX; i++)
    _fict_[i] = (DATA_TYPE) i;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) {
      ex[i][j] = ((DATA_TYPE) i * (j + 1)) / NX;
      ey[i][j] = ((DATA_TYPE) i * (j + 2)) / NY;
      hz[i][j] = ((DATA_TYPE) i * (j + 3)) / NX;
    }
}

static void kernel_fdtd_2d(DATA_TYPE ex[NX][NY], DATA_TYPE ey[NX][NY], DATA_TYPE hz[NX][NY],
                           DATA_TYPE _fict_[TMAX])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < TMAX; t++) {
    for (j = 0; j < NY; j++)
      ey[0][j] = _fict_[t];
    for (i = 1; i < NX; i++)
      for (j = 0; j < NY; j++)
        ey[i][j] = ey[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < NX; i++)
      for (j = 1; j < NY; j++)
        ex[i][j] = ex[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < NX - 1; i++)
      for (j = 0; j < NY - 1; j++)
        hz[i][j] = hz[i][j] - SCALAR_VAL(0.7) * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE (*ex)[NY] = harness_alloc(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE (*ey)[NY] = harness_alloc(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE (*hz)[NY] = harness_alloc(sizeof(DATA_TYPE[NX][NY]));
  DATA_TYPE *_fict_ = harness_alloc(sizeof(DATA_TYPE[TMAX]));

  init_array(ex, ey, hz, _fict_);
  harness_start();
  kernel_fdtd_2d(ex, ey, hz, _fict_);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("ex", &ex[0][0], NX * NY);
  HARNESS_DUMP_ARRAY("ey", &ey[0][0], NX * NY);
  HARNESS_DUMP_ARRAY("hz", &hz[0][0], NX * NY);
  free(ex);
  free(ey);
  free(hz);
  free(_fict_);
  return 0;
}
