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
  /* polyopt: auto: original order tiled; predicted 1.9x over the original: parallel depth-2 loop (1.5e+03 regions); tiled 64x256, 64x256, 32x256; parallel loops c2, c1; not parallel: too little work per region (c1); checked against the dependences */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_max
#define polyopt_max(x, y) ((x) > (y) ? (x) : (y))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  if (NY >= 1)
  {
    for (int c0 = 0; c0 < TMAX; c0++)
    {
      #pragma omp simd
      for (int c1 = 0; c1 < NY; c1++)
      {
        ey[0][c1] = _fict_[c0];
      }
      if (NX >= 65 && NY >= 256)
      {
        #pragma omp parallel for
        for (int c2 = 0; c2 < NY; c2 += 256)
        {
          for (int c3 = 1; c3 <= 63; c3++)
          {
            #pragma omp simd
            for (int c4 = 0; c4 <= polyopt_min(255, NY - c2 - 1); c4++)
            {
              ey[c3][c2 + c4] = ey[c3][c2 + c4] - (SCALAR_VAL(0.5) * (hz[c3][c2 + c4] - hz[c3 - 1][c2 + c4]));
            }
          }
        }
      }
      if (NY >= 256)
      {
        #pragma omp parallel for
        for (int c1 = 64; c1 < NX - 63; c1 += 64)
        {
          for (int c2 = 0; c2 < NY - 255; c2 += 256)
          {
            for (int c3 = 0; c3 <= 63; c3++)
            {
              #pragma omp simd
              for (int c4 = 0; c4 <= 255; c4++)
              {
                ey[c1 + c3][c2 + c4] = ey[c1 + c3][c2 + c4] - (SCALAR_VAL(0.5) * (hz[c1 + c3][c2 + c4] - hz[(c1 + c3) - 1][c2 + c4]));
              }
            }
          }
          for (int c3 = 0; c3 <= 63; c3++)
          {
            #pragma omp simd
            for (int c4 = 0; c4 < NY % 256; c4++)
            {
              ey[c1 + c3][-(NY % 256) + NY + c4] = ey[c1 + c3][-(NY % 256) + NY + c4] - (SCALAR_VAL(0.5) * (hz[c1 + c3][-(NY % 256) + NY + c4] - hz[(c1 + c3) - 1][-(NY % 256) + NY + c4]));
            }
          }
        }
        if (NX >= 65)
        {
          #pragma omp parallel for
          for (int c2 = 0; c2 < NY; c2 += 256)
          {
            for (int c3 = 0; c3 < NX % 64; c3++)
            {
              #pragma omp simd
              for (int c4 = 0; c4 <= polyopt_min(255, NY - c2 - 1); c4++)
              {
                ey[-(NX % 64) + NX + c3][c2 + c4] = ey[-(NX % 64) + NX + c3][c2 + c4] - (SCALAR_VAL(0.5) * (hz[-(NX % 64) + NX + c3][c2 + c4] - hz[(-(NX % 64) + NX + c3) - 1][c2 + c4]));
              }
            }
          }
        }
      }
      if (NY <= 255 || NX <= 64)
      {
        for (int c1 = 0; c1 < NX; c1 += 64)
        {
          for (int c2 = 0; c2 < NY; c2 += 256)
          {
            if (NY <= 255 && c2 == 0)
            {
              for (int c3 = polyopt_max(0, -c1 + 1); c3 <= polyopt_min(63, NX - c1 - 1); c3++)
              {
                #pragma omp simd
                for (int c4 = 0; c4 < NY; c4++)
                {
                  ey[c1 + c3][c4] = ey[c1 + c3][c4] - (SCALAR_VAL(0.5) * (hz[c1 + c3][c4] - hz[(c1 + c3) - 1][c4]));
                }
              }
            }
            else
            {
              for (int c3 = 1; c3 < NX; c3++)
              {
                #pragma omp simd
                for (int c4 = 0; c4 <= polyopt_min(255, NY - c2 - 1); c4++)
                {
                  ey[c3][c2 + c4] = ey[c3][c2 + c4] - (SCALAR_VAL(0.5) * (hz[c3][c2 + c4] - hz[c3 - 1][c2 + c4]));
                }
              }
            }
          }
        }
      }
      if (NY >= 512)
      {
        #pragma omp parallel for
        for (int c1 = 0; c1 < NX - 63; c1 += 64)
        {
          for (int c3 = 0; c3 <= 63; c3++)
          {
            #pragma omp simd
            for (int c4 = 1; c4 <= 255; c4++)
            {
              ex[c1 + c3][c4] = ex[c1 + c3][c4] - (SCALAR_VAL(0.5) * (hz[c1 + c3][c4] - hz[c1 + c3][c4 - 1]));
            }
          }
          for (int c2 = 256; c2 < NY - 255; c2 += 256)
          {
            for (int c3 = 0; c3 <= 63; c3++)
            {
              #pragma omp simd
              for (int c4 = 0; c4 <= 255; c4++)
              {
                ex[c1 + c3][c2 + c4] = ex[c1 + c3][c2 + c4] - (SCALAR_VAL(0.5) * (hz[c1 + c3][c2 + c4] - hz[c1 + c3][(c2 + c4) - 1]));
              }
            }
          }
          for (int c3 = 0; c3 <= 63; c3++)
          {
            #pragma omp simd
            for (int c4 = 0; c4 < NY % 256; c4++)
            {
              ex[c1 + c3][-(NY % 256) + NY + c4] = ex[c1 + c3][-(NY % 256) + NY + c4] - (SCALAR_VAL(0.5) * (hz[c1 + c3][-(NY % 256) + NY + c4] - hz[c1 + c3][(-(NY % 256) + NY + c4) - 1]));
            }
          }
        }
      }
      if (NY <= 511 || NX >= 64 * polyopt_floord(NX, 64) + 1)
      {
        #pragma omp parallel for
        for (int c1 = 0; c1 < NX; c1 += 64)
        {
          for (int c2 = 0; c2 < NY; c2 += 256)
          {
            if (NY <= 511)
            {
              for (int c3 = 0; c3 <= polyopt_min(63, NX - c1 - 1); c3++)
              {
                #pragma omp simd
                for (int c4 = polyopt_max(0, -c2 + 1); c4 <= polyopt_min(255, NY - c2 - 1); c4++)
                {
                  ex[c1 + c3][c2 + c4] = ex[c1 + c3][c2 + c4] - (SCALAR_VAL(0.5) * (hz[c1 + c3][c2 + c4] - hz[c1 + c3][(c2 + c4) - 1]));
                }
              }
            }
            else
            {
              if (c1 + 63 >= NX)
              {
                for (int c3 = 0; c3 < NX - c1; c3++)
                {
                  #pragma omp simd
                  for (int c4 = polyopt_max(0, -c2 + 1); c4 <= polyopt_min(255, NY - c2 - 1); c4++)
                  {
                    ex[c1 + c3][c2 + c4] = ex[c1 + c3][c2 + c4] - (SCALAR_VAL(0.5) * (hz[c1 + c3][c2 + c4] - hz[c1 + c3][(c2 + c4) - 1]));
                  }
                }
              }
            }
          }
        }
      }
      if (NY >= 257)
      {
        #pragma omp parallel for
        for (int c1 = 0; c1 < NX - 32; c1 += 32)
        {
          for (int c2 = 0; c2 < NY - 256; c2 += 256)
          {
            for (int c3 = 0; c3 <= 31; c3++)
            {
              #pragma omp simd
              for (int c4 = 0; c4 <= 255; c4++)
              {
                hz[c1 + c3][c2 + c4] = hz[c1 + c3][c2 + c4] - (SCALAR_VAL(0.7) * (((ex[c1 + c3][(c2 + c4) + 1] - ex[c1 + c3][c2 + c4]) + ey[(c1 + c3) + 1][c2 + c4]) - ey[c1 + c3][c2 + c4]));
              }
            }
          }
          for (int c3 = 0; c3 <= 31; c3++)
          {
            #pragma omp simd
            for (int c4 = 0; c4 < (NY - 1) % 256; c4++)
            {
              hz[c1 + c3][-((NY - 1) % 256) + NY + c4 - 1] = hz[c1 + c3][-((NY - 1) % 256) + NY + c4 - 1] - (SCALAR_VAL(0.7) * (((ex[c1 + c3][(-((NY - 1) % 256) + NY + c4 - 1) + 1] - ex[c1 + c3][-((NY - 1) % 256) + NY + c4 - 1]) + ey[(c1 + c3) + 1][-((NY - 1) % 256) + NY + c4 - 1]) - ey[c1 + c3][-((NY - 1) % 256) + NY + c4 - 1]));
            }
          }
        }
      }
      if (NY <= 256 || NX >= 32 * polyopt_floord(NX - 1, 32) + 2)
      {
        for (int c1 = 0; c1 < NX - 1; c1 += 32)
        {
          for (int c2 = 0; c2 < NY - 1; c2 += 256)
          {
            if (NY >= 257 && c1 + 32 >= NX)
            {
              for (int c3 = 0; c3 < NX - c1 - 1; c3++)
              {
                #pragma omp simd
                for (int c4 = 0; c4 <= polyopt_min(255, NY - c2 - 2); c4++)
                {
                  hz[c1 + c3][c2 + c4] = hz[c1 + c3][c2 + c4] - (SCALAR_VAL(0.7) * (((ex[c1 + c3][(c2 + c4) + 1] - ex[c1 + c3][c2 + c4]) + ey[(c1 + c3) + 1][c2 + c4]) - ey[c1 + c3][c2 + c4]));
                }
              }
            }
            else
            {
              if (NY <= 256 && c2 == 0)
              {
                for (int c3 = 0; c3 <= polyopt_min(31, NX - c1 - 2); c3++)
                {
                  #pragma omp simd
                  for (int c4 = 0; c4 < NY - 1; c4++)
                  {
                    hz[c1 + c3][c4] = hz[c1 + c3][c4] - (SCALAR_VAL(0.7) * (((ex[c1 + c3][c4 + 1] - ex[c1 + c3][c4]) + ey[(c1 + c3) + 1][c4]) - ey[c1 + c3][c4]));
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  (void)t; (void)j; (void)i;
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
