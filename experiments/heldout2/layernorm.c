/* Row-wise normalisation of a single-precision feature matrix in place (layer
 * normalisation): mean of each row, variance of each row, then centre, scale by the
 * inverse standard deviation and apply a per-column gain and offset. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef R
#define R 12000
#endif
#ifndef C
#define C 8000
#endif

static void normalise(float X[restrict R][C], float mean[restrict R], float var[restrict R],
                      const float gain[restrict C], const float offs[restrict C])
{
    int i, j;
#pragma scop
    for (i = 0; i < R; i++) {
        mean[i] = 0.0f;
        for (j = 0; j < C; j++)
            mean[i] += X[i][j];
        mean[i] = mean[i] / C;
    }
    for (i = 0; i < R; i++) {
        var[i] = 0.0f;
        for (j = 0; j < C; j++)
            var[i] += (X[i][j] - mean[i]) * (X[i][j] - mean[i]);
        var[i] = var[i] / C;
    }
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++)
            X[i][j] = (X[i][j] - mean[i]) / sqrtf(var[i] + 1e-5f) * gain[j] + offs[j];
#pragma endscop
}

int main(void)
{
    float (*X)[C] = malloc(sizeof(float[R][C]));
    float *mean = malloc(sizeof(float[R]));
    float *var = malloc(sizeof(float[R]));
    float *gain = malloc(sizeof(float[C]));
    float *offs = malloc(sizeof(float[C]));
    if (!X || !mean || !var || !gain || !offs)
        return 1;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            X[i][j] = (float)((i * 11 + j * 7) % 43) / 43.0f * (1.0f + (float)(i % 3));
    for (int j = 0; j < C; j++) {
        gain[j] = 1.0f + (float)(j % 7) / 70.0f;
        offs[j] = (float)(j % 5) / 50.0f;
    }

    normalise(X, mean, var, gain, offs);

    double sum = 0.0;
    for (int i = 0; i < R; i++) {
        sum += (double)mean[i] + (double)var[i] * (1 + i % 3);
        for (int j = 0; j < C; j += 3)
            sum += (double)X[i][j] * (1 + (i + j) % 5);
    }
    printf("%.10e\n", sum);
    free(X); free(mean); free(var); free(gain); free(offs);
    return 0;
}
