/* Multichannel FIR low-pass filter in single precision: every channel of a recording
 * is filtered with the same 32-tap impulse response (valid part only), a scalar
 * accumulator per output sample. */
#include <stdio.h>
#include <stdlib.h>

#ifndef CH
#define CH 32
#endif
#ifndef NS
#define NS 2097152
#endif
#ifndef TAPS
#define TAPS 32
#endif

static void fir(const float x[restrict CH][NS + TAPS - 1], const float h[restrict TAPS],
                float y[restrict CH][NS])
{
    int c, n, k;
#pragma scop
    for (c = 0; c < CH; c++)
        for (n = 0; n < NS; n++) {
            float acc = 0.0f;
            for (k = 0; k < TAPS; k++)
                acc += h[k] * x[c][n + k];
            y[c][n] = acc;
        }
#pragma endscop
}

int main(void)
{
    float (*x)[NS + TAPS - 1] = malloc(sizeof(float[CH][NS + TAPS - 1]));
    float (*y)[NS] = malloc(sizeof(float[CH][NS]));
    float *h = malloc(sizeof(float[TAPS]));
    if (!x || !y || !h)
        return 1;
    for (int c = 0; c < CH; c++)
        for (int n = 0; n < NS + TAPS - 1; n++)
            x[c][n] = (float)((n * 13 + c * 29) % 61) / 61.0f - 0.5f;
    for (int k = 0; k < TAPS; k++)
        h[k] = (float)(1 + (k < TAPS / 2 ? k : TAPS - 1 - k)) / (float)(TAPS * 4);

    fir(x, h, y);

    double sum = 0.0;
    for (int c = 0; c < CH; c++)
        for (int n = 0; n < NS; n++)
            sum += (double)y[c][n] * (1 + (n + 3 * c) % 7);
    printf("%.10e\n", sum);
    free(x); free(y); free(h);
    return 0;
}
