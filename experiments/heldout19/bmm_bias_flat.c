/* Batched small dense matrix products with a bias row, as in the per-head projections
 * of a small attention model: for every batch entry b, C_b = alpha * A_b * B_b + bias
 * (the bias added per output column). All matrices live in flat 1-D arrays, entry
 * (b, i, j) of a batch of M x N matrices at (b * M + i) * N + j. The product runs
 * row by row in i-p-j order with a block-local scalar of A. Double precision, sizes
 * are #define (flat restrict pointer parameters). */
#include <stdio.h>
#include <stdlib.h>

#ifndef NB
#define NB 12000
#endif
#ifndef M
#define M 40
#endif
#ifndef K
#define K 40
#endif
#ifndef N
#define N 40
#endif

static void bmm_bias(double alpha, const double *restrict A, const double *restrict B,
                     const double *restrict Bias, double *restrict C)
{
    int b, i, j, p;
#pragma scop
    for (b = 0; b < NB; b++)
        for (i = 0; i < M; i++) {
            for (j = 0; j < N; j++)
                C[(b * M + i) * N + j] = Bias[j];
            for (p = 0; p < K; p++) {
                double a = alpha * A[(b * M + i) * K + p];
                for (j = 0; j < N; j++)
                    C[(b * M + i) * N + j] += a * B[(b * K + p) * N + j];
            }
        }
#pragma endscop
}

int main(void)
{
    double *A = malloc(sizeof(double) * (size_t)NB * M * K);
    double *B = malloc(sizeof(double) * (size_t)NB * K * N);
    double *C = malloc(sizeof(double) * (size_t)NB * M * N);
    double *Bias = malloc(sizeof(double) * N);
    if (!A || !B || !C || !Bias)
        return 1;
    for (int b = 0; b < NB; b++) {
        for (int i = 0; i < M; i++)
            for (int p = 0; p < K; p++)
                A[(b * M + i) * K + p] = (double)((b * 7 + i * 13 + p * 5) % 31) / 31.0 - 0.4;
        for (int p = 0; p < K; p++)
            for (int j = 0; j < N; j++)
                B[(b * K + p) * N + j] = (double)((b * 3 + p * 11 + j * 17) % 23) / 23.0 - 0.3;
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++)
                C[(b * M + i) * N + j] = 0.0;
    }
    for (int j = 0; j < N; j++)
        Bias[j] = 0.05 * (double)(j % 7) - 0.1;

    bmm_bias(0.75, A, B, Bias, C);

    double sum = 0.0;
    for (int b = 0; b < NB; b++)
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++)
                sum += C[(b * M + i) * N + j] * (double)(1 + (b + 3 * i + 5 * j) % 9);
    printf("%.10e\n", sum);
    free(A); free(B); free(C); free(Bias);
    return 0;
}
