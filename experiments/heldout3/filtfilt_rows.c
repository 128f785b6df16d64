/* Zero-phase low-pass filtering of many time series (one per row), as filtfilt does:
 * a second-order IIR section (biquad) run forward along each row, then run backward
 * over the forward result. The rows are independent; along a row each output depends
 * on the two previous ones. Every row carries two zero samples of padding at each end
 * (the zero initial state of the filter), data in columns 2 .. C + 1. */
#include <stdio.h>
#include <stdlib.h>

#ifndef R
#define R 2048
#endif
#ifndef C
#define C 16384
#endif

static void filtfilt(const float X[restrict R][C + 4], float Y[restrict R][C + 4],
                     float Z[restrict R][C + 4], float b0, float b1, float b2, float a1, float a2)
{
    int i, j;
#pragma scop
    for (i = 0; i < R; i++)
        for (j = 2; j < C + 2; j++)
            Y[i][j] = b0 * X[i][j] + b1 * X[i][j - 1] + b2 * X[i][j - 2]
                    - a1 * Y[i][j - 1] - a2 * Y[i][j - 2];
    for (i = 0; i < R; i++)
        for (j = C + 1; j >= 2; j--)
            Z[i][j] = b0 * Y[i][j] + b1 * Y[i][j + 1] + b2 * Y[i][j + 2]
                    - a1 * Z[i][j + 1] - a2 * Z[i][j + 2];
#pragma endscop
}

int main(void)
{
    float (*X)[C + 4] = calloc(R, sizeof(float[C + 4]));
    float (*Y)[C + 4] = calloc(R, sizeof(float[C + 4]));
    float (*Z)[C + 4] = calloc(R, sizeof(float[C + 4]));
    if (!X || !Y || !Z)
        return 1;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            X[i][j + 2] = (float)((i * 3 + j * 7) % 23) / 23.0f - 0.5f
                        + (((j + i) % 64) < 32 ? 0.25f : -0.25f);

    /* Butterworth low-pass, cut-off at 0.1 of the sampling rate */
    filtfilt(X, Y, Z, 0.0674553f, 0.1349105f, 0.0674553f, -1.1429805f, 0.4128016f);

    double sum = 0.0;
    for (int i = 0; i < R; i++)
        for (int j = 2; j < C + 2; j += 4)
            sum += (Z[i][j] + 0.5 * Y[i][j + 1]) * (double)(1 + (i * 5 + j) % 11);
    printf("%.10e\n", sum);
    free(X); free(Y); free(Z);
    return 0;
}
