/* Single-precision fixed-point iteration x <- (x + W A^T x) / 2 + b with a row-scaled
 * matrix: the rows of A are scaled by weights w once, then each step accumulates
 * y = A^T x row by row (y[j] += A[i][j] * x[i]) and blends y into x. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 2500
#endif
#ifndef ITERS
#define ITERS 500
#endif

static void iterate(float A[restrict N][N], float x[restrict N], float y[restrict N],
                    const float w[restrict N], const float b[restrict N])
{
    int t, i, j;
#pragma scop
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = A[i][j] * w[i];
    for (t = 0; t < ITERS; t++) {
        for (j = 0; j < N; j++)
            y[j] = 0.0f;
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                y[j] += A[i][j] * x[i];
        for (j = 0; j < N; j++)
            x[j] = 0.5f * x[j] + 0.5f * y[j] + b[j];
    }
#pragma endscop
}

int main(void)
{
    float (*A)[N] = malloc(sizeof(float[N][N]));
    float *x = malloc(sizeof(float[N]));
    float *y = malloc(sizeof(float[N]));
    float *w = malloc(sizeof(float[N]));
    float *b = malloc(sizeof(float[N]));
    if (!A || !x || !y || !w || !b)
        return 1;
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++)
            A[i][j] = ((float)((i * 7 + j * 3) % 17) / 17.0f + 0.5f) / N;
        x[i] = (float)(i % 11) / 11.0f + 0.25f;
        w[i] = 0.9f - (float)(i % 5) / 50.0f;
        b[i] = (float)((i * 3) % 7) / 70.0f;
    }

    iterate(A, x, y, w, b);

    double sum = 0.0;
    for (int j = 0; j < N; j++)
        sum += (double)x[j] * (1 + j % 9) + (double)y[j] * (1 + j % 4);
    printf("%.10e\n", sum);
    free(A);
    free(x);
    free(y);
    free(w);
    free(b);
    return 0;
}
