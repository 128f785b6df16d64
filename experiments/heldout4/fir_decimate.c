/* Multichannel sample-rate conversion: every channel is low-pass filtered by a
 * windowed-sinc FIR filter and decimated by 4. Only the kept outputs are computed,
 * each from its window of the input starting at sample 4n (the input holds taps - 1
 * extra samples at the end). Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NCH
#define NCH 16
#endif
#ifndef NOUT
#define NOUT 262144
#endif
#ifndef TAPS
#define TAPS 128
#endif

static void decimate4(int nch, int nout, int taps, const float h[restrict taps],
                      const float x[restrict nch][4 * nout + taps],
                      float y[restrict nch][nout])
{
    int c, n, k;
#pragma scop
    for (c = 0; c < nch; c++)
        for (n = 0; n < nout; n++) {
            y[c][n] = 0.0f;
            for (k = 0; k < taps; k++)
                y[c][n] += h[k] * x[c][4 * n + k];
        }
#pragma endscop
}

int main(void)
{
    int nch = NCH, nout = NOUT, taps = TAPS;
    int len = 4 * nout + taps;
    float *h = malloc(sizeof(float[taps]));
    float (*x)[len] = malloc(sizeof(float[nch][len]));
    float (*y)[nout] = malloc(sizeof(float[nch][nout]));
    if (!h || !x || !y)
        return 1;
    /* Hamming-windowed sinc, cut-off at a quarter of the Nyquist frequency */
    const double pi = 3.14159265358979323846;
    for (int k = 0; k < taps; k++) {
        double m = (double)k - 0.5 * (double)(taps - 1);
        double s = m == 0.0 ? 0.25 : sin(0.25 * pi * m) / (pi * m);
        h[k] = (float)(s * (0.54 - 0.46 * cos(2.0 * pi * (double)k / (double)(taps - 1))));
    }
    /* a triangle wave per channel plus a little deterministic hiss */
    for (int c = 0; c < nch; c++)
        for (int s = 0; s < len; s++) {
            int period = 97 + 13 * c;
            int ph = s % period;
            float tri = (float)(2 * ph < period ? 2 * ph : 2 * (period - ph)) / (float)period;
            x[c][s] = tri - 0.5f + (float)((s * 7 + c * 3) % 13 - 6) / 60.0f;
        }

    decimate4(nch, nout, taps, h, x, y);

    double sum = 0.0;
    for (int c = 0; c < nch; c++)
        for (int n = 0; n < nout; n++)
            sum += (double)y[c][n] * (double)(1 + (c * 5 + n) % 11);
    printf("%.10e\n", sum);
    free(h); free(x); free(y);
    return 0;
}
