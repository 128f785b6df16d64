/* Matricized tensor times Khatri-Rao product (MTTKRP), the inner step of a CP / PARAFAC
 * decomposition by alternating least squares: M[i][r] = sum_j sum_k X[i][j][k] * B[j][r]
 * * C[k][r] for a 3-D tensor X (ni x nj x nk) and factor matrices B (nj x nr), C (nk x
 * nr). M is zeroed, then per (i, j, k) the tensor element is held in a block-local
 * scalar and the rank loop r runs innermost. Single precision; the data are multiples of
 * 1/8 in [-1, 1] and 1/4 in [-1, 1], so every partial sum is exact in float whatever
 * the order. Sizes are parameters (VLA, 3-D arrays), passed directly from macros. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NI
#define NI 480
#endif
#ifndef NJ
#define NJ 288
#endif
#ifndef NK
#define NK 352
#endif
#ifndef NR
#define NR 48
#endif

static void mttkrp(int ni, int nj, int nk, int nr, float X[ni][nj][nk], float B[nj][nr],
                   float C[nk][nr], float M[ni][nr])
{
    int i, j, k, r;
#pragma scop
    for (i = 0; i < ni; i++)
        for (r = 0; r < nr; r++)
            M[i][r] = 0.0f;
    for (i = 0; i < ni; i++)
        for (j = 0; j < nj; j++)
            for (k = 0; k < nk; k++) {
                float x = X[i][j][k];
                for (r = 0; r < nr; r++)
                    M[i][r] += x * B[j][r] * C[k][r];
            }
#pragma endscop
}

int main(void)
{
    float (*X)[NJ][NK] = malloc(sizeof(float) * (size_t)NI * NJ * NK);
    float (*B)[NR] = malloc(sizeof(float) * (size_t)NJ * NR);
    float (*C)[NR] = malloc(sizeof(float) * (size_t)NK * NR);
    float (*M)[NR] = malloc(sizeof(float) * (size_t)NI * NR);
    if (!X || !B || !C || !M)
        return 1;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            for (int k = 0; k < NK; k++)
                X[i][j][k] = (float)((i * 5 + j * 3 + k * 7 + (i * k) % 3) % 17 - 8) / 8.0f;
    for (int j = 0; j < NJ; j++)
        for (int r = 0; r < NR; r++)
            B[j][r] = (float)((j * 3 + r * 7 + 1) % 9 - 4) / 4.0f;
    for (int k = 0; k < NK; k++)
        for (int r = 0; r < NR; r++)
            C[k][r] = (float)((k * 5 + r * 2 + 3) % 9 - 4) / 4.0f;
    mttkrp(NI, NJ, NK, NR, X, B, C, M);
    double cs = 0.0;
    for (int i = 0; i < NI; i++)
        for (int r = 0; r < NR; r++)
            cs += (double)M[i][r] * (double)((i * 7 + r * 3) % 89 + 1);
    printf("%.10e\n", cs);
    free(X);
    free(B);
    free(C);
    free(M);
    return 0;
}
