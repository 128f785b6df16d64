/* Dominant eigenvalue of a symmetric positive matrix (a kernel / affinity matrix) by
 * the power method, the matrix kept only in its lower triangle: each iteration forms
 * y = A x from the triangle (each stored off-diagonal entry used for its row and,
 * transposed, for its column; triangular loop j < i), the squared norm of y reduced
 * into an array indexed by the iteration, and x = y / norm. Global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef N
#define N 3000
#endif
#ifndef ITERS
#define ITERS 60
#endif

static double A[N][N], x[N], y[N], nrm2[ITERS];

static void power_method(void)
{
    int it, i, j;
#pragma scop
    for (it = 0; it < ITERS; it++) {
        for (i = 0; i < N; i++)
            y[i] = A[i][i] * x[i];
        for (i = 0; i < N; i++)
            for (j = 0; j < i; j++) {
                y[i] += A[i][j] * x[j];
                y[j] += A[i][j] * x[i];
            }
        nrm2[it] = 0.0;
        for (i = 0; i < N; i++)
            nrm2[it] += y[i] * y[i];
        for (i = 0; i < N; i++)
            x[i] = y[i] / sqrt(nrm2[it]);
    }
#pragma endscop
}

int main(void)
{
    /* a smooth decaying kernel plus a small ripple, only the lower triangle is set;
     * the start vector is positive and not an eigenvector */
    for (int i = 0; i < N; i++) {
        for (int j = 0; j <= i; j++)
            A[i][j] = 1.0 / (1.0 + 0.01 * (double)(i - j))
                    + (double)((i * 7 + j * 3) % 10) / 100.0;
        x[i] = 1.0 + (double)(i % 9) / 9.0;
    }

    power_method();

    double sum = 0.0;
    for (int it = 0; it < ITERS; it++)
        sum += sqrt(nrm2[it]) * (double)(1 + it % 5);
    for (int i = 0; i < N; i++)
        sum += 1e3 * x[i] * (double)(1 + i % 7);
    printf("%.10e\n", sum);
    return 0;
}
