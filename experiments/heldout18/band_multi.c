/* Banded matrix times many vectors, Y[r] = alpha * A X[r] + beta * Y[r], with A in
 * LAPACK-style band storage (row i holds columns i - kl .. i + ku at offsets
 * j - i + kl) and the right-hand sides as the rows of a 2-D array; the band is cut
 * at the matrix edges by max/min loop bounds, the row sum is block-local. Double
 * precision, sizes are arguments passed directly from macros (VLA parameters). */
#include <stdio.h>
#include <stdlib.h>

#ifndef NRHS
#define NRHS 600
#endif
#ifndef NROW
#define NROW 9000
#endif
#ifndef KL
#define KL 40
#endif
#ifndef KU
#define KU 31
#endif

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static void band_multi(int nr, int n, int kl, int ku, double alpha, double beta,
                       const double A[restrict n][kl + ku + 1], const double X[restrict nr][n],
                       double Y[restrict nr][n])
{
    int r, i, j;
#pragma scop
    for (r = 0; r < nr; r++)
        for (i = 0; i < n; i++) {
            double s = 0.0;
            for (j = MAX(0, i - kl); j <= MIN(n - 1, i + ku); j++)
                s += A[i][j - i + kl] * X[r][j];
            Y[r][i] = alpha * s + beta * Y[r][i];
        }
#pragma endscop
}

int main(void)
{
    double (*A)[KL + KU + 1] = malloc(sizeof(double[NROW][KL + KU + 1]));
    double (*X)[NROW] = malloc(sizeof(double[NRHS][NROW])), (*Y)[NROW] = malloc(sizeof(double[NRHS][NROW]));
    if (!A || !X || !Y)
        return 1;
    for (int i = 0; i < NROW; i++)
        for (int d = 0; d < KL + KU + 1; d++)
            A[i][d] = d == KL ? 4.0 + (double)(i % 7) / 7.0 : (double)((i * 3 + d * 5) % 13) / 13.0 - 0.55;
    for (int r = 0; r < NRHS; r++)
        for (int i = 0; i < NROW; i++) {
            X[r][i] = (double)((r * 7 + i * 11) % 23) / 23.0 + 0.1;
            Y[r][i] = (double)((r * 5 + i * 3) % 17) / 17.0 - 0.3;
        }

    band_multi(NRHS, NROW, KL, KU, 0.75, -0.5, A, X, Y);

    double sum = 0.0;
    for (int r = 0; r < NRHS; r++)
        for (int i = 0; i < NROW; i++)
            sum += Y[r][i] * (double)(1 + (r + 2 * i) % 7);
    printf("%.10e\n", sum);
    free(A); free(X); free(Y);
    return 0;
}
