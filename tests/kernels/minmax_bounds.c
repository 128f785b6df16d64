/* Banded matrix-vector product and band update with min/max macros in loop bounds. */
#include <stdio.h>

#define N 120
#define BW 7
#define min(a,b) ((a)<(b)?(a):(b))
#define max(a,b) ((a)>(b)?(a):(b))

static double A[N][N], x[N], y[N];

int main(void)
{
    int i, j;
    for (i = 0; i < N; i++) {
        x[i] = (double)(i % 9 + 1) / 9.0;
        y[i] = 0.0;
        for (j = 0; j < N; j++)
            A[i][j] = (double)((i + 2 * j) % N) / N;
    }

#pragma scop
    for (i = 0; i < N; i++) {
        y[i] = 0.0;
        for (j = max(0, i - BW); j <= min(N - 1, i + BW); j++)
            y[i] += A[i][j] * x[j];
    }
    for (i = 0; i < N; i++)
        for (j = max(1, i - 2); j < min(N, i + 3); j++)
            A[i][j] = 0.5 * (A[i][j] + A[i][j - 1]) + y[i];
    for (i = 0; i < N; i++)
        for (j = i; j < (i + BW < N ? i + BW : N); j++)
            x[j] = 0.5 * x[j] + 0.01 * y[i];
#pragma endscop

    double sa = 0.0, sx = 0.0, sy = 0.0;
    for (i = 0; i < N; i++) {
        sx += x[i];
        sy += y[i];
        for (j = 0; j < N; j++)
            sa += A[i][j];
    }
    printf("%.10e %.10e %.10e\n", sa, sx, sy);
    printf("%.10e %.10e\n", A[N - 1][N - 1], x[N - 1]);
    return 0;
}
