/* atax-like: tmp = A * x, then y = A^T * tmp, in one imperfect nest. */
#include <stdio.h>

#define M 60
#define N 72

static double A[M][N], x[N], y[N], tmp[M];

int main(void)
{
    int i, j;
    for (i = 0; i < M; i++)
        for (j = 0; j < N; j++)
            A[i][j] = (double)((i + j) % N) / (5 * M);
    for (j = 0; j < N; j++)
        x[j] = 1.0 + (double)j / N;

#pragma scop
    for (i = 0; i < N; i++)
        y[i] = 0.0;
    for (i = 0; i < M; i++) {
        tmp[i] = 0.0;
        for (j = 0; j < N; j++)
            tmp[i] = tmp[i] + A[i][j] * x[j];
        for (j = 0; j < N; j++)
            y[j] = y[j] + A[i][j] * tmp[i];
    }
#pragma endscop

    double sy = 0.0, st = 0.0;
    for (j = 0; j < N; j++)
        sy += y[j];
    for (i = 0; i < M; i++)
        st += tmp[i];
    printf("%.10e %.10e\n", sy, st);
    printf("%.10e\n", y[N - 1]);
    return 0;
}
