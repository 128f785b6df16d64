/* Single-precision 3-D diffusion on a cube with a 7-point stencil, explicit Jacobi
 * steps ping-ponging between two grids (two half steps per time step); the boundary
 * faces stay fixed. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 192
#endif
#ifndef STEPS
#define STEPS 80
#endif

static void diffuse(float A[restrict N][N][N], float B[restrict N][N][N], float nu)
{
    int t, i, j, k;
#pragma scop
    for (t = 0; t < STEPS; t++) {
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)
                for (k = 1; k < N - 1; k++)
                    B[i][j][k] = A[i][j][k]
                               + nu * (A[i - 1][j][k] + A[i + 1][j][k] + A[i][j - 1][k]
                                       + A[i][j + 1][k] + A[i][j][k - 1] + A[i][j][k + 1]
                                       - 6.0f * A[i][j][k]);
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)
                for (k = 1; k < N - 1; k++)
                    A[i][j][k] = B[i][j][k]
                               + nu * (B[i - 1][j][k] + B[i + 1][j][k] + B[i][j - 1][k]
                                       + B[i][j + 1][k] + B[i][j][k - 1] + B[i][j][k + 1]
                                       - 6.0f * B[i][j][k]);
    }
#pragma endscop
}

int main(void)
{
    float (*A)[N][N] = malloc(sizeof(float[N][N][N]));
    float (*B)[N][N] = malloc(sizeof(float[N][N][N]));
    if (!A || !B)
        return 1;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < N; k++) {
                A[i][j][k] = (float)((i * 3 + j * 5 + k * 7) % 13) / 13.0f;
                B[i][j][k] = A[i][j][k];
            }

    diffuse(A, B, 0.12f);

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < N; k++)
                sum += (double)A[i][j][k] * (1 + (i + 2 * j + 3 * k) % 7);
    printf("%.10e\n", sum);
    free(A);
    free(B);
    return 0;
}
