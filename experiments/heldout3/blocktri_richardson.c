/* Damped Richardson iteration x <- x + w (f - A x) for a block-tridiagonal system
 * (as from a line-by-line discretisation), A stored as nb block rows of three dense
 * bs x bs blocks (sub-diagonal, diagonal, super-diagonal). The unknowns carry one zero
 * block of padding at each end, so that block row b reads blocks b - 1 .. b + 1 as
 * x[b + k], k = 0..2, without bound tests. Sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

static void richardson(int nb, int bs, int iters, double w,
                       const double A[restrict nb][3][bs][bs], const double f[restrict nb][bs],
                       double x[restrict nb + 2][bs], double r[restrict nb][bs])
{
    int it, b, i, k, j;
#pragma scop
    for (it = 0; it < iters; it++) {
        for (b = 0; b < nb; b++)
            for (i = 0; i < bs; i++) {
                double s = f[b][i];
                for (k = 0; k < 3; k++)
                    for (j = 0; j < bs; j++)
                        s -= A[b][k][i][j] * x[b + k][j];
                r[b][i] = s;
            }
        for (b = 0; b < nb; b++)
            for (i = 0; i < bs; i++)
                x[b + 1][i] += w * r[b][i];
    }
#pragma endscop
}

int main(void)
{
    int nb = 4096, bs = 32, iters = 40;
    double (*A)[3][bs][bs] = malloc(sizeof(double[nb][3][bs][bs]));
    double (*f)[bs] = malloc(sizeof(double[nb][bs]));
    double (*x)[bs] = calloc((size_t)(nb + 2), sizeof(double[bs]));
    double (*r)[bs] = malloc(sizeof(double[nb][bs]));
    if (!A || !f || !x || !r)
        return 1;
    for (int b = 0; b < nb; b++)
        for (int i = 0; i < bs; i++) {
            for (int j = 0; j < bs; j++) {
                double v = (double)((b * 3 + i * 5 + j * 7) % 9 - 4) / (9.0 * bs);
                A[b][1][i][j] = (i == j) ? 4.0 + 0.25 * ((b + i) % 3) : v;
                A[b][0][i][j] = (b == 0) ? 0.0 : -(double)((b + i * 2 + j) % 5) / (8.0 * bs);
                A[b][2][i][j] = (b == nb - 1) ? 0.0 : -(double)((b * 2 + i + j * 3) % 5) / (8.0 * bs);
            }
            f[b][i] = 1.0 + (double)((b * 11 + i * 3) % 13) / 13.0;
        }

    richardson(nb, bs, iters, 0.2, A, f, x, r);

    double sum = 0.0;
    for (int b = 0; b < nb; b++)
        for (int i = 0; i < bs; i++)
            sum += x[b + 1][i] * (double)(1 + (b * 7 + i) % 13) + 1e3 * r[b][i] * (double)(1 + i % 3);
    printf("%.10e\n", sum);
    free(A); free(f); free(x); free(r);
    return 0;
}
