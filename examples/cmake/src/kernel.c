/* C = ALPHA * A * B: the loop nest polyopt optimizes (between the pragmas). */
#include "matmul.h"
#include "scale.h"

void matmul(double C[N][N], double A[N][N], double B[N][N])
{
    int i, j, k;
#pragma scop
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            C[i][j] = 0.0;
    for (i = 0; i < N; i++)
        for (k = 0; k < N; k++)
            for (j = 0; j < N; j++)
                C[i][j] += ALPHA * A[i][k] * B[k][j];
#pragma endscop
}
