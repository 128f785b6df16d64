/* Batched least squares by Givens rotations: every small tall system A x = y of a
 * batch (a local fit per window, as a curve-fitting library's batched path computes
 * it) is reduced to upper triangular form in place by rotations of neighbouring rows
 * from the bottom up (block-local cosine and sine from sqrt, ternary for a zero
 * pair), the right-hand side rotated alongside; then back substitution for the
 * coefficients and the residual norm from the rotated right-hand side below row n.
 * Double precision, C99 VLA parameters (nb, m, n are arguments). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NB
#define NB 14000
#endif
#ifndef M
#define M 48
#endif
#ifndef N
#define N 16
#endif

static void givens_lsq(int nb, int m, int n, double A[restrict nb][m][n], double Y[restrict nb][m],
                       double X[restrict nb][n], double Res[restrict nb])
{
    int b, i, j, k;
#pragma scop
    for (b = 0; b < nb; b++)
        for (j = 0; j < n; j++)
            for (i = m - 1; i > j; i--) {
                double p = A[b][i - 1][j], q = A[b][i][j];
                double r = sqrt(p * p + q * q);
                double c = r > 0.0 ? p / r : 1.0;
                double s = r > 0.0 ? q / r : 0.0;
                for (k = j; k < n; k++) {
                    double t = A[b][i - 1][k];
                    A[b][i - 1][k] = c * t + s * A[b][i][k];
                    A[b][i][k] = c * A[b][i][k] - s * t;
                }
                double u = Y[b][i - 1];
                Y[b][i - 1] = c * u + s * Y[b][i];
                Y[b][i] = c * Y[b][i] - s * u;
            }
    for (b = 0; b < nb; b++)
        for (i = n - 1; i >= 0; i--) {
            X[b][i] = Y[b][i];
            for (k = i + 1; k < n; k++)
                X[b][i] -= A[b][i][k] * X[b][k];
            X[b][i] = X[b][i] / A[b][i][i];
        }
    for (b = 0; b < nb; b++) {
        Res[b] = 0.0;
        for (i = n; i < m; i++)
            Res[b] += Y[b][i] * Y[b][i];
    }
#pragma endscop
}

int main(void)
{
    double (*A)[M][N] = malloc(sizeof(double[NB][M][N]));
    double (*Y)[M] = malloc(sizeof(double[NB][M]));
    double (*X)[N] = malloc(sizeof(double[NB][N]));
    double *Res = malloc(sizeof(double[NB]));
    if (!A || !Y || !X || !Res)
        return 1;
    /* well-conditioned design matrices: a dominant diagonal band plus a periodic
     * pattern; right-hand sides a smooth signal with a small periodic disturbance */
    for (int b = 0; b < NB; b++) {
        for (int i = 0; i < M; i++) {
            for (int j = 0; j < N; j++)
                A[b][i][j] = (double)((i * 7 + j * 5 + b * 3) % 19) / 19.0 - 0.5 + (i % N == j ? 2.0 + 0.1 * (b % 7) : 0.0);
            Y[b][i] = sin(0.1 * i + 0.01 * b) + 0.05 * (double)((i * 11 + b) % 13) / 13.0;
        }
        for (int j = 0; j < N; j++)
            X[b][j] = 0.0;
        Res[b] = 0.0;
    }

    givens_lsq(NB, M, N, A, Y, X, Res);

    double sum = 0.0;
    for (int b = 0; b < NB; b++) {
        for (int j = 0; j < N; j++) {
            sum += X[b][j] * (double)(1 + (b + 3 * j) % 7);
            for (int k = j; k < N; k++)
                sum += 0.1 * A[b][j][k] * (double)(1 + (b + j + 2 * k) % 5);
        }
        sum += Res[b] * (double)(1 + b % 3);
    }
    printf("%.10e\n", sum);
    free(A); free(Y); free(X); free(Res);
    return 0;
}
