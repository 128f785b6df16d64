/* Cholesky-like factorisation A = L L^T in place (lower part), sqrt on the diagonal. */
#include <stdio.h>
#include <math.h>

#define N 64

static double A[N][N];

int main(void)
{
    /* symmetric, strictly diagonally dominant => positive definite */
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++)
            A[i][j] = (double)((i + j) % 7 + 1) / 7.0;
        A[i][i] += 2.0 * N;
    }

#pragma scop
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < i; j++) {
            for (int k = 0; k < j; k++)
                A[i][j] -= A[i][k] * A[j][k];
            A[i][j] /= A[j][j];
        }
        for (int k = 0; k < i; k++)
            A[i][i] -= A[i][k] * A[i][k];
        A[i][i] = sqrt(A[i][i]);
    }
#pragma endscop

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++)
            sum += A[i][j];
    printf("%.10e\n", sum);
    printf("%.10e %.10e\n", A[N - 1][0], A[N - 1][N - 1]);
    return 0;
}
