/* In-place LU decomposition without pivoting of a diagonally dominant matrix. */
#include <stdio.h>

#define N 60

static double A[N][N];

int main(void)
{
    int i, j, k;
    for (i = 0; i < N; i++) {
        for (j = 0; j < N; j++)
            A[i][j] = (double)((i * j + 1) % N) / N;
        A[i][i] += (double)N;
    }

#pragma scop
    for (k = 0; k < N; k++) {
        for (i = k + 1; i < N; i++)
            A[i][k] = A[i][k] / A[k][k];
        for (i = k + 1; i < N; i++)
            for (j = k + 1; j < N; j++)
                A[i][j] -= A[i][k] * A[k][j];
    }
#pragma endscop

    double sum = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            sum += A[i][j];
    printf("%.10e\n", sum);
    printf("%.10e %.10e\n", A[N - 1][0], A[N - 1][N - 1]);
    return 0;
}
