/* Gram-type product C = A^T * B of two tall matrices (features against features over
 * samples), a dot product per entry as a statistics code writes it. */
#include <stdio.h>
#include <stdlib.h>

#ifndef M
#define M 1200
#endif
#ifndef N
#define N 1000
#endif

static void gram(int m, int n, double C[restrict n][n], double A[restrict m][n],
                 double B[restrict m][n])
{
    int i, j, k;
#pragma scop
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            double s = 0.0;
            for (k = 0; k < m; k++)
                s += A[k][i] * B[k][j];
            C[i][j] = s;
        }
#pragma endscop
}

int main(void)
{
    double (*A)[N] = malloc(sizeof(double[M][N]));
    double (*B)[N] = malloc(sizeof(double[M][N]));
    double (*C)[N] = malloc(sizeof(double[N][N]));
    if (!A || !B || !C)
        return 1;
    for (int k = 0; k < M; k++)
        for (int j = 0; j < N; j++) {
            A[k][j] = (double)((k * 7 + j * 3) % 17) / 17.0 + 0.5;
            B[k][j] = (double)((k * 5 + j * 11) % 23) / 23.0 - 0.25;
        }

    gram(M, N, C, A, B);

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += C[i][j] * (double)(1 + (i * 3 + j) % 7);
    printf("%.10e\n", sum);
    free(A);
    free(B);
    free(C);
    return 0;
}
