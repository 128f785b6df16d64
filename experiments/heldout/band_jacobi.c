/* Jacobi relaxation for a banded system A x = b, A kept in band storage
 * (A[i][BW + d] is the entry at column i + d); the rows within BW of either end are
 * held at their boundary values and only the interior rows are relaxed. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 200000
#endif
#ifndef BW
#define BW 6
#endif
#ifndef SWEEPS
#define SWEEPS 400
#endif

static void relax(double x[restrict N], double xn[restrict N],
                  double A[restrict N][2 * BW + 1], const double b[restrict N])
{
    int s, i, d;
#pragma scop
    for (s = 0; s < SWEEPS; s++) {
        for (i = BW; i < N - BW; i++) {
            xn[i] = b[i];
            for (d = 0; d < 2 * BW + 1; d++)
                if (d != BW)
                    xn[i] -= A[i][d] * x[i + d - BW];
            xn[i] = xn[i] / A[i][BW];
        }
        for (i = BW; i < N - BW; i++)
            x[i] = xn[i];
    }
#pragma endscop
}

int main(void)
{
    double *x = malloc(sizeof(double[N]));
    double *xn = malloc(sizeof(double[N]));
    double *b = malloc(sizeof(double[N]));
    double (*A)[2 * BW + 1] = malloc(sizeof(double[N][2 * BW + 1]));
    if (!x || !xn || !b || !A)
        return 1;
    for (int i = 0; i < N; i++) {
        for (int d = 0; d < 2 * BW + 1; d++)
            A[i][d] = d == BW ? 4.0 + (double)(i % 7) / 7.0
                              : -(double)((i * 7 + d * 3) % 17) / (17.0 * 2 * BW);
        b[i] = (double)((i * 5) % 23) / 23.0 + 0.5;
        x[i] = xn[i] = 0.1 * (double)(i % 3);
    }

    relax(x, xn, A, b);

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        sum += x[i] * (double)(1 + i % 13);
    printf("%.10e\n", sum);
    free(x);
    free(xn);
    free(b);
    free(A);
    return 0;
}
