/* Computed tomography: iterative reconstruction (SIRT) of a stack of slices from four
 * parallel-beam views taken along the rows, the columns, the diagonals and the
 * anti-diagonals of the pixel grid, so that every ray is an affine line (pixel (i, j)
 * lies on rays i, j, i + j and i - j + N - 1). Every iteration forward-projects the
 * current image along the four directions into zeroed ray sums, then adds to every
 * pixel the mean over the four views of the ray residual divided by the ray length
 * (block-local x) and clips negative attenuation to zero by a ternary. Single
 * precision, sizes as macros, global arrays. */
#include <stdio.h>

#ifndef NSL
#define NSL 64       /* slices */
#endif
#ifndef N
#define N 256        /* pixels per side */
#endif
#ifndef NIT
#define NIT 80       /* SIRT iterations */
#endif
#define NR (2 * N)   /* ray slots per view (2 N - 1 used on the diagonals) */
#define LAMBDA 0.225f

static float Img[NSL][N][N];     /* attenuation image */
static float Pm[NSL][4][NR];     /* measured ray sums */
static float F[NSL][4][NR];      /* forward projection of the current image */
static float IL[4][NR];          /* inverse ray lengths */

static void sirt(void)
{
    int it, s, a, r, i, j;
#pragma scop
    for (it = 0; it < NIT; it++) {
        for (s = 0; s < NSL; s++)
            for (a = 0; a < 4; a++)
                for (r = 0; r < NR; r++)
                    F[s][a][r] = 0.0f;
        for (s = 0; s < NSL; s++)
            for (i = 0; i < N; i++)
                for (j = 0; j < N; j++) {
                    F[s][0][i] += Img[s][i][j];
                    F[s][1][j] += Img[s][i][j];
                    F[s][2][i + j] += Img[s][i][j];
                    F[s][3][i - j + N - 1] += Img[s][i][j];
                }
        for (s = 0; s < NSL; s++)
            for (i = 0; i < N; i++)
                for (j = 0; j < N; j++) {
                    float x = Img[s][i][j] + LAMBDA * ((Pm[s][0][i] - F[s][0][i]) * IL[0][i]
                                                     + (Pm[s][1][j] - F[s][1][j]) * IL[1][j]
                                                     + (Pm[s][2][i + j] - F[s][2][i + j]) * IL[2][i + j]
                                                     + (Pm[s][3][i - j + N - 1] - F[s][3][i - j + N - 1]) * IL[3][i - j + N - 1]);
                    Img[s][i][j] = x > 0.0f ? x : 0.0f;
                }
    }
#pragma endscop
}

int main(void)
{
    /* phantom: an ellipse of attenuation 1 with two inner discs of 0.4 and 1.6 whose
     * positions move with the slice; its four projections are the measurements; the
     * reconstruction starts from a uniform 0.3 */
    for (int r = 0; r < NR; r++) {
        int ld = r < N ? r + 1 : 2 * N - 1 - r;
        IL[0][r] = IL[1][r] = 1.0f / N;
        IL[2][r] = IL[3][r] = ld > 0 ? 1.0f / ld : 0.0f;
    }
    for (int s = 0; s < NSL; s++) {
        for (int a = 0; a < 4; a++)
            for (int r = 0; r < NR; r++)
                Pm[s][a][r] = F[s][a][r] = 0.0f;
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                float y = (i - 0.5f * N) / (0.42f * N), x = (j - 0.5f * N) / (0.36f * N);
                float y1 = (i - (0.35f + 0.01f * (s % 9)) * N) / (0.08f * N), x1 = (j - 0.4f * N) / (0.08f * N);
                float y2 = (i - 0.6f * N) / (0.1f * N), x2 = (j - (0.55f + 0.01f * (s % 7)) * N) / (0.1f * N);
                float v = x * x + y * y < 1.0f ? 1.0f : 0.0f;
                if (x1 * x1 + y1 * y1 < 1.0f) v = 0.4f;
                if (x2 * x2 + y2 * y2 < 1.0f) v = 1.6f;
                Pm[s][0][i] += v;
                Pm[s][1][j] += v;
                Pm[s][2][i + j] += v;
                Pm[s][3][i - j + N - 1] += v;
                Img[s][i][j] = 0.3f;
            }
    }

    sirt();

    double sum = 0.0;
    for (int s = 0; s < NSL; s++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                sum += (double)Img[s][i][j] * (double)(1 + (s + 3 * i + 5 * j) % 7);
    printf("%.10e\n", sum);
    return 0;
}
