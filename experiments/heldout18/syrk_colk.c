/* Symmetric rank-k update on the lower triangle, C = alpha * A * A^T + beta * C for
 * j <= i, written column by column: for every column j the scaling of C[j..n-1][j],
 * then the update with the k loop outside and the rows i = j .. n - 1 inside (a
 * column-oriented order, strided in C and A). Double precision, sizes are #define
 * (global arrays). */
#include <stdio.h>

#ifndef N
#define N 1000
#endif
#ifndef M
#define M 640
#endif

static double A[N][M], C[N][N];

static void syrk_colk(double alpha, double beta)
{
    int i, j, k;
#pragma scop
    for (j = 0; j < N; j++) {
        for (i = j; i < N; i++)
            C[i][j] = beta * C[i][j];
        for (k = 0; k < M; k++)
            for (i = j; i < N; i++)
                C[i][j] += alpha * A[i][k] * A[j][k];
    }
#pragma endscop
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int k = 0; k < M; k++)
            A[i][k] = (double)((i * 5 + k * 7) % 37) / 37.0 - 0.42;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            C[i][j] = (double)((i * 3 + j * 11) % 19) / 19.0 + 0.2;

    syrk_colk(1.25, 0.8);

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += C[i][j] * (double)(1 + (i + 3 * j) % 11);
    printf("%.10e\n", sum);
    return 0;
}
