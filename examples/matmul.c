/* Standalone double-precision matrix product C = A * B (the `make run` demo). */
#include <stdio.h>

#ifndef N
#define N 1200
#endif

static double A[N][N], B[N][N], C[N][N];

int main(void)
{
    int i, j, k;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            A[i][j] = (double)((i * j + 1) % N) / N;
            B[i][j] = (double)((i * (j + 1) + 2) % N) / N;
        }

#pragma scop
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            C[i][j] = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            for (k = 0; k < N; k++)
                C[i][j] += A[i][k] * B[k][j];
#pragma endscop

    double sum = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            sum += C[i][j];
    printf("%.10e\n", sum);
    printf("%.10e %.10e\n", C[0][0], C[N - 1][N - 1]);
    return 0;
}
