/* Three independent scops in three functions: scale, row-shift stencil, and column sums. */
#include <stdio.h>

#define N 64

static double A[N][N], B[N][N], colsum[N];

static void scale(int n)
{
    int i, j;
#pragma scop
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            A[i][j] = 2.0 * A[i][j] + 1.0 / (i + j + 1);
#pragma endscop
}

static void smooth(void)
{
#pragma scop
    for (int i = 1; i < N; i++)
        for (int j = 0; j < N; j++)
            B[i][j] = 0.5 * (A[i][j] + B[i - 1][j]);
#pragma endscop
}

static void column_sums(int n)
{
#pragma scop
    for (int j = 0; j < n; j++) {
        colsum[j] = 0.0;
        for (int i = 0; i < n; i++)
            colsum[j] += B[i][j];
    }
#pragma endscop
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (double)((i + j * 5) % N) / N;
            B[i][j] = (double)((i * 2 + j) % N) / N;
        }

    scale(N);
    smooth();
    column_sums(N);

    double sa = 0.0, sb = 0.0, sc = 0.0;
    for (int i = 0; i < N; i++) {
        sc += colsum[i];
        for (int j = 0; j < N; j++) {
            sa += A[i][j];
            sb += B[i][j];
        }
    }
    printf("%.10e %.10e %.10e\n", sa, sb, sc);
    printf("%.10e\n", colsum[N - 1]);
    return 0;
}
