/* deriche: Deriche recursive edge detection filter on a W x H image.  A causal and
 * an anti-causal first-order recursive filter run horizontally (along j) into y1 and
 * y2, their sum goes to imgOut; the same pair then runs vertically (along i) on
 * imgOut, and imgOut := y1 + y2 again.  The coefficients come from alpha. */
#define DATA_TYPE_IS_FLOAT
#include "harness.h"

#if defined(MINI_DATASET)
# define W 64
# define H 64
#elif defined(SMALL_DATASET)
# define W 192
# define H 128
#elif defined(MEDIUM_DATASET)
# define W 720
# define H 480
#elif defined(LARGE_DATASET)
# define W 4096
# define H 2160
#else
# define W 7680
# define H 4320
#endif

static void init_array(DATA_TYPE *alpha, DATA_TYPE imgIn[W][H])
{
  *alpha = 0.25;
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      imgIn[i][j] = (DATA_TYPE) ((313 * i + 991 * j) % 65536) / 65535.0f;
}

static void kernel_deriche(DATA_TYPE alpha, DATA_TYPE imgIn[W][H], DATA_TYPE imgOut[W][H],
                           DATA_TYPE y1[W][H], DATA_TYPE y2[W][H])
{
  int i, j;
  DATA_TYPE xm1, tm1, ym1, ym2;
  DATA_TYPE xp1, xp2;
  DATA_TYPE tp1, tp2;
  DATA_TYPE yp1, yp2;
  DATA_TYPE k;
  DATA_TYPE a1, a2, a3, a4, a5, a6, a7, a8;
  DATA_TYPE b1, b2, c1, c2;

#pragma scop
  /* polyopt: isl scheduler; tiled 32x256, 32x256; parallel loops t0 (nests 3, 7); not parallel: too little work per region (t0); checked against the dependences */
#ifndef polyopt_floord
#define polyopt_floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef polyopt_min
#define polyopt_min(x, y) ((x) < (y) ? (x) : (y))
#endif
  b1 = POW_FUN(SCALAR_VAL(2.0), -alpha);
  k = ((SCALAR_VAL(1.0) - EXP_FUN(-alpha)) * (SCALAR_VAL(1.0) - EXP_FUN(-alpha))) / ((SCALAR_VAL(1.0) + ((SCALAR_VAL(2.0) * alpha) * EXP_FUN(-alpha))) - EXP_FUN(SCALAR_VAL(2.0) * alpha));
  a4 = (a8 = (-k) * EXP_FUN(SCALAR_VAL(-2.0) * alpha));
  a3 = (a7 = (k * EXP_FUN(-alpha)) * (alpha + SCALAR_VAL(1.0)));
  b2 = -EXP_FUN(SCALAR_VAL(-2.0) * alpha);
  for (int t0 = 0; t0 < W; t0++)
  {
    yp2 = SCALAR_VAL(0.0);
    yp1 = SCALAR_VAL(0.0);
    xp1 = SCALAR_VAL(0.0);
    xp2 = SCALAR_VAL(0.0);
    for (int t1 = -H + 1; t1 <= 0; t1++)
    {
      y2[t0][-t1] = (((a3 * xp1) + (a4 * xp2)) + (b1 * yp1)) + (b2 * yp2);
      yp2 = yp1;
      yp1 = y2[t0][-t1];
      xp2 = xp1;
      xp1 = imgIn[t0][-t1];
    }
  }
  c1 = (c2 = 1);
  a2 = (a6 = (k * EXP_FUN(-alpha)) * (alpha - SCALAR_VAL(1.0)));
  a1 = (a5 = k);
  for (int t0 = 0; t0 < W; t0++)
  {
    ym2 = SCALAR_VAL(0.0);
    xm1 = SCALAR_VAL(0.0);
    ym1 = SCALAR_VAL(0.0);
    for (int t1 = 0; t1 < H; t1++)
    {
      y1[t0][t1] = (((a1 * imgIn[t0][t1]) + (a2 * xm1)) + (b1 * ym1)) + (b2 * ym2);
      xm1 = imgIn[t0][t1];
      ym2 = ym1;
      ym1 = y1[t0][t1];
    }
  }
  if (H >= 256)
  {
    #pragma omp parallel for
    for (int t0 = 0; t0 < W - 31; t0 += 32)
    {
      for (int t1 = 0; t1 < H - 255; t1 += 256)
      {
        for (int t2 = 0; t2 <= 31; t2++)
        {
          #pragma omp simd
          for (int t3 = 0; t3 <= 255; t3++)
          {
            imgOut[t0 + t2][t1 + t3] = c1 * (y1[t0 + t2][t1 + t3] + y2[t0 + t2][t1 + t3]);
          }
        }
      }
      for (int t2 = 0; t2 <= 31; t2++)
      {
        #pragma omp simd
        for (int t3 = 0; t3 < H % 256; t3++)
        {
          imgOut[t0 + t2][-(H % 256) + H + t3] = c1 * (y1[t0 + t2][-(H % 256) + H + t3] + y2[t0 + t2][-(H % 256) + H + t3]);
        }
      }
    }
  }
  if (H <= 255 || W >= 32 * polyopt_floord(W, 32) + 1)
  {
    for (int t0 = 0; t0 < W; t0 += 32)
    {
      for (int t1 = 0; t1 < H; t1 += 256)
      {
        if (H >= 256 && t0 + 31 >= W)
        {
          for (int t2 = 0; t2 < W - t0; t2++)
          {
            #pragma omp simd
            for (int t3 = 0; t3 <= polyopt_min(255, H - t1 - 1); t3++)
            {
              imgOut[t0 + t2][t1 + t3] = c1 * (y1[t0 + t2][t1 + t3] + y2[t0 + t2][t1 + t3]);
            }
          }
        }
        else
        {
          if (H <= 255 && t1 == 0)
          {
            for (int t2 = 0; t2 <= polyopt_min(31, W - t0 - 1); t2++)
            {
              #pragma omp simd
              for (int t3 = 0; t3 < H; t3++)
              {
                imgOut[t0 + t2][t3] = c1 * (y1[t0 + t2][t3] + y2[t0 + t2][t3]);
              }
            }
          }
        }
      }
    }
  }
  for (int t0 = 0; t0 < H; t0++)
  {
    ym2 = SCALAR_VAL(0.0);
    ym1 = SCALAR_VAL(0.0);
    tm1 = SCALAR_VAL(0.0);
    for (int t1 = 0; t1 < W; t1++)
    {
      y1[t1][t0] = (((a5 * imgOut[t1][t0]) + (a6 * tm1)) + (b1 * ym1)) + (b2 * ym2);
      ym2 = ym1;
      ym1 = y1[t1][t0];
      tm1 = imgOut[t1][t0];
    }
  }
  for (int t0 = 0; t0 < H; t0++)
  {
    yp2 = SCALAR_VAL(0.0);
    yp1 = SCALAR_VAL(0.0);
    tp1 = SCALAR_VAL(0.0);
    tp2 = SCALAR_VAL(0.0);
    for (int t1 = -W + 1; t1 <= 0; t1++)
    {
      y2[-t1][t0] = (((a7 * tp1) + (a8 * tp2)) + (b1 * yp1)) + (b2 * yp2);
      yp2 = yp1;
      yp1 = y2[-t1][t0];
      tp2 = tp1;
      tp1 = imgOut[-t1][t0];
    }
  }
  if (H >= 256)
  {
    #pragma omp parallel for
    for (int t0 = 0; t0 < W - 31; t0 += 32)
    {
      for (int t1 = 0; t1 < H - 255; t1 += 256)
      {
        for (int t2 = 0; t2 <= 31; t2++)
        {
          #pragma omp simd
          for (int t3 = 0; t3 <= 255; t3++)
          {
            imgOut[t0 + t2][t1 + t3] = c2 * (y1[t0 + t2][t1 + t3] + y2[t0 + t2][t1 + t3]);
          }
        }
      }
      for (int t2 = 0; t2 <= 31; t2++)
      {
        #pragma omp simd
        for (int t3 = 0; t3 < H % 256; t3++)
        {
          imgOut[t0 + t2][-(H % 256) + H + t3] = c2 * (y1[t0 + t2][-(H % 256) + H + t3] + y2[t0 + t2][-(H % 256) + H + t3]);
        }
      }
    }
  }
  if (H <= 255 || W >= 32 * polyopt_floord(W, 32) + 1)
  {
    for (int t0 = 0; t0 < W; t0 += 32)
    {
      for (int t1 = 0; t1 < H; t1 += 256)
      {
        if (H >= 256 && t0 + 31 >= W)
        {
          for (int t2 = 0; t2 < W - t0; t2++)
          {
            #pragma omp simd
            for (int t3 = 0; t3 <= polyopt_min(255, H - t1 - 1); t3++)
            {
              imgOut[t0 + t2][t1 + t3] = c2 * (y1[t0 + t2][t1 + t3] + y2[t0 + t2][t1 + t3]);
            }
          }
        }
        else
        {
          if (H <= 255 && t1 == 0)
          {
            for (int t2 = 0; t2 <= polyopt_min(31, W - t0 - 1); t2++)
            {
              #pragma omp simd
              for (int t3 = 0; t3 < H; t3++)
              {
                imgOut[t0 + t2][t3] = c2 * (y1[t0 + t2][t3] + y2[t0 + t2][t3]);
              }
            }
          }
        }
      }
    }
  }
  (void)i; (void)j;
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha;
  DATA_TYPE (*imgIn)[H] = harness_alloc(sizeof(DATA_TYPE[W][H]));
  DATA_TYPE (*imgOut)[H] = harness_alloc(sizeof(DATA_TYPE[W][H]));
  DATA_TYPE (*y1)[H] = harness_alloc(sizeof(DATA_TYPE[W][H]));
  DATA_TYPE (*y2)[H] = harness_alloc(sizeof(DATA_TYPE[W][H]));

  init_array(&alpha, imgIn);
  harness_start();
  kernel_deriche(alpha, imgIn, imgOut, y1, y2);
  harness_stop();
  harness_print_time();
  HARNESS_DUMP_ARRAY("imgOut", &imgOut[0][0], W * H);
  free(imgIn);
  free(imgOut);
  free(y1);
  free(y2);
  return 0;
}
