/* In-place 2-D Gauss-Seidel 9-point stencil over T time steps. */
#include <stdio.h>

#define T 15
#define N 80

static double A[N][N];

int main(void)
{
    int t, i, j;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = (double)((i * i * j + 3 * j + 2) % N) / N;

#pragma scop
    for (t = 0; t <= T - 1; t++)
        for (i = 1; i <= N - 2; i++)
            for (j = 1; j <= N - 2; j++)
                A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                           + A[i][j - 1] + A[i][j] + A[i][j + 1]
                           + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
#pragma endscop

    double sum = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            sum += A[i][j];
    printf("%.10e\n", sum);
    printf("%.10e %.10e\n", A[1][1], A[N / 2][N / 2]);
    return 0;
}
