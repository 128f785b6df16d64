/* Forward substitution with many right-hand sides: solve L X = B in place for a lower
 * triangular L (X overwrites B), as a blocked solver's reference path would. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 2000
#endif
#ifndef R
#define R 1600
#endif

static double L[N][N], B[N][R];

static void lower_solve(void)
{
    int i, j, k;
#pragma scop
    for (i = 0; i < N; i++) {
        for (k = 0; k < i; k++)
            for (j = 0; j < R; j++)
                B[i][j] -= L[i][k] * B[k][j];
        for (j = 0; j < R; j++)
            B[i][j] = B[i][j] / L[i][i];
    }
#pragma endscop
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int k = 0; k < N; k++)
            L[i][k] = k < i ? (double)((i * 7 + k * 3) % 17) / (17.0 * N)
                            : (k == i ? 1.0 + (double)(i % 5) / 5.0 : 0.0);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < R; j++)
            B[i][j] = (double)((i * 3 + j * 5) % 19) / 19.0 + 0.5;

    lower_solve();

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < R; j++)
            sum += B[i][j] * (double)(1 + (i + 2 * j) % 11);
    printf("%.10e\n", sum);
    return 0;
}
