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
  k = (SCALAR_VAL(1.0) - EXP_FUN(-alpha)) * (SCALAR_VAL(1.0) - EXP_FUN(-alpha))
      / (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * alpha * EXP_FUN(-alpha) - EXP_FUN(SCALAR_VAL(2.0) * alpha));
  a1 = a5 = k;
  a2 = a6 = k * EXP_FUN(-alpha) * (alpha - SCALAR_VAL(1.0));
  a3 = a7 = k * EXP_FUN(-alpha) * (alpha + SCALAR_VAL(1.0));
  a4 = a8 = -k * EXP_FUN(SCALAR_VAL(-2.0) * alpha);
  b1 = POW_FUN(SCALAR_VAL(2.0), -alpha);
  b2 = -EXP_FUN(SCALAR_VAL(-2.0) * alpha);
  c1 = c2 = 1;

  for (i = 0; i < W; i++) {
    ym1 = SCALAR_VAL(0.0);
    ym2 = SCALAR_VAL(0.0);
    xm1 = SCALAR_VAL(0.0);
    for (j = 0; j < H; j++) {
      y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = imgIn[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }

  for (i = 0; i < W; i++) {
    yp1 = SCALAR_VAL(0.0);
    yp2 = SCALAR_VAL(0.0);
    xp1 = SCALAR_VAL(0.0);
    xp2 = SCALAR_VAL(0.0);
    for (j = H - 1; j >= 0; j--) {
      y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
      xp2 = xp1;
      xp1 = imgIn[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }

  for (i = 0; i < W; i++)
    for (j = 0; j < H; j++)
      imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);

  for (j = 0; j < H; j++) {
    tm1 = SCALAR_VAL(0.0);
    ym1 = SCALAR_VAL(0.0);
    ym2 = SCALAR_VAL(0.0);
    for (i = 0; i < W; i++) {
      y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
      tm1 = imgOut[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }

  for (j = 0; j < H; j++) {
    tp1 = SCALAR_VAL(0.0);
    tp2 = SCALAR_VAL(0.0);
    yp1 = SCALAR_VAL(0.0);
    yp2 = SCALAR_VAL(0.0);
    for (i = W - 1; i >= 0; i--) {
      y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
      tp2 = tp1;
      tp1 = imgOut[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }

  for (i = 0; i < W; i++)
    for (j = 0; j < H; j++)
      imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
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
