/* B = A + A^T into a separate array, then C = B^T scaled plus a shifted row of A. */
#include <stdio.h>

#define N 70

static double A[N][N], B[N][N], C[N][N];

int main(void)
{
    int i, j;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = (double)((3 * i + j * j) % N) / N;

#pragma scop
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            B[i][j] = A[i][j] + A[j][i];
    for (i = 0; i < N; i++)
        for (j = 1; j < N; j++)
            C[i][j] = 0.5 * B[j][i] + A[i][j - 1];
    for (i = 0; i < N; i++)
        C[i][0] = B[i][i];
#pragma endscop

    double sb = 0.0, sc = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            sb += B[i][j];
            sc += C[i][j];
        }
    printf("%.10e %.10e\n", sb, sc);
    printf("%.10e %.10e\n", B[2][5], C[N - 1][1]);
    return 0;
}
