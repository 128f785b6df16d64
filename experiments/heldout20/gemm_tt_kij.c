/* Doubly transposed dense product, C = beta * C + alpha * A^T * B^T, as in the backward
 * pass of a layer whose operands are kept in the forward layout: A is kk x m (entry
 * (k, i) at k * m + i), B is n x kk (entry (j, k) at j * kk + k), C is m x n (entry
 * (i, j) at i * n + j). All three are flat 1-D arrays with parametric strides. The
 * product runs k-i-j with a block-local scalar alpha * A; the inner j loop reads B with
 * stride kk. Double precision, sizes are scalar parameters (flat restrict pointers). */
#include <stdio.h>
#include <stdlib.h>

#ifndef MM
#define MM 720
#endif
#ifndef NN
#define NN 760
#endif
#ifndef KK
#define KK 640
#endif

static void gemm_tt(int m, int n, int kk, double alpha, double beta,
                    const double *restrict A, const double *restrict B, double *restrict C)
{
    int i, j, k;
#pragma scop
    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++)
            C[i * n + j] = beta * C[i * n + j];
    for (k = 0; k < kk; k++)
        for (i = 0; i < m; i++) {
            double a = alpha * A[k * m + i];
            for (j = 0; j < n; j++)
                C[i * n + j] += a * B[j * kk + k];
        }
#pragma endscop
}

int main(void)
{
    int m = MM, n = NN, kk = KK;
    double *A = malloc(sizeof(double) * (size_t)kk * m);
    double *B = malloc(sizeof(double) * (size_t)n * kk);
    double *C = malloc(sizeof(double) * (size_t)m * n);
    if (!A || !B || !C)
        return 1;
    for (int k = 0; k < kk; k++)
        for (int i = 0; i < m; i++)
            A[k * m + i] = (double)((k * 17 + i * 29 + 3) % 41) / 41.0 - 0.45;
    for (int j = 0; j < n; j++)
        for (int k = 0; k < kk; k++)
            B[j * kk + k] = (double)((j * 13 + k * 7 + 11) % 37) / 37.0 - 0.52;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            C[i * n + j] = (double)((i * 5 + j * 3) % 19) / 19.0;
    gemm_tt(m, n, kk, 1.25, 0.5, A, B, C);
    double cs = 0.0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            cs += C[i * n + j] * (double)((i * 7 + j * 3) % 101 + 1);
    printf("%.10e\n", cs);
    free(A);
    free(B);
    free(C);
    return 0;
}
