/* Mode-2 tensor-times-matrix product, the inner step of a Tucker / HOSVD compression:
 * Y[i][r][k] = sum_j U[r][j] * X[i][j][k] for a 3-D tensor X (ni x nj x nk) and a factor
 * matrix U (nr x nj). Per (i, r) the output fibre is zeroed and then accumulated over j
 * with a block-local scalar U[r][j], the k loop innermost (unit stride in X and Y).
 * Single precision; the data are multiples of 1/16 in [-0.5, 0.5], so every partial sum
 * is exact in float whatever the summation order. Sizes are parameters (VLA, 3-D
 * arrays), passed directly from macros. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NI
#define NI 192
#endif
#ifndef NJ
#define NJ 96
#endif
#ifndef NK
#define NK 1024
#endif
#ifndef NR
#define NR 128
#endif

static void ttm2(int ni, int nj, int nk, int nr, float X[ni][nj][nk], float U[nr][nj],
                 float Y[ni][nr][nk])
{
    int i, j, k, r;
#pragma scop
    for (i = 0; i < ni; i++)
        for (r = 0; r < nr; r++) {
            for (k = 0; k < nk; k++)
                Y[i][r][k] = 0.0f;
            for (j = 0; j < nj; j++) {
                float u = U[r][j];
                for (k = 0; k < nk; k++)
                    Y[i][r][k] += u * X[i][j][k];
            }
        }
#pragma endscop
}

int main(void)
{
    float (*X)[NJ][NK] = malloc(sizeof(float) * (size_t)NI * NJ * NK);
    float (*U)[NJ] = malloc(sizeof(float) * (size_t)NR * NJ);
    float (*Y)[NR][NK] = malloc(sizeof(float) * (size_t)NI * NR * NK);
    if (!X || !U || !Y)
        return 1;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            for (int k = 0; k < NK; k++)
                X[i][j][k] = (float)((i * 7 + j * j * 3 + k * 5 + (i * j) % 5) % 17 - 8) / 16.0f;
    for (int r = 0; r < NR; r++)
        for (int j = 0; j < NJ; j++)
            U[r][j] = (float)((r * 11 + j * 5 + 2) % 17 - 8) / 16.0f;
    ttm2(NI, NJ, NK, NR, X, U, Y);
    double cs = 0.0;
    for (int i = 0; i < NI; i++)
        for (int r = 0; r < NR; r++)
            for (int k = 0; k < NK; k++)
                cs += (double)Y[i][r][k] * (double)((i * 3 + r * 5 + k) % 97 + 1);
    printf("%.10e\n", cs);
    free(X);
    free(U);
    free(Y);
    return 0;
}
