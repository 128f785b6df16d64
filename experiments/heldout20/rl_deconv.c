/* Richardson-Lucy deconvolution of a telescope image of a star field: the estimate U is
 * refined by U <- U * (P^T (O / (P U))) for a 5 x 5 point-spread function P (sum 1).
 * Per iteration: every interior pixel's model, the PSF-blurred estimate (block-local
 * accumulator over the PSF taps, i + p - 2, j + q - 2), and the ratio of the observed
 * image to it; then every interior pixel's correlation of the ratio with the PSF
 * (i - p + 2, j - q + 2) multiplying the estimate in place; last the total flux of the
 * estimate for the iteration. The images carry a fixed 2-pixel frame (estimate at the
 * sky level, ratio 1). All images are flat 1-D arrays indexed i * wp + j with the
 * padded width wp = w + 4 a parameter. Double precision; sizes are scalar parameters
 * (flat restrict pointers), passed directly from macros. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#ifndef HIMG
#define HIMG 1024
#endif
#ifndef WIMG
#define WIMG 1152
#endif
#ifndef NITER
#define NITER 60
#endif

static void rl_deconv(int h, int w, int wp, int nit, const double *restrict P,
                      const double *restrict O, double *restrict U, double *restrict R,
                      double *restrict flux)
{
    int it, i, j, p, q;
#pragma scop
    for (it = 0; it < nit; it++) {
        for (i = 2; i < h + 2; i++)
            for (j = 2; j < w + 2; j++) {
                double b = 0.0;
                for (p = 0; p < 5; p++)
                    for (q = 0; q < 5; q++)
                        b += P[p * 5 + q] * U[(i + p - 2) * wp + j + q - 2];
                R[i * wp + j] = O[i * wp + j] / b;
            }
        for (i = 2; i < h + 2; i++)
            for (j = 2; j < w + 2; j++) {
                double c = 0.0;
                for (p = 0; p < 5; p++)
                    for (q = 0; q < 5; q++)
                        c += P[p * 5 + q] * R[(i - p + 2) * wp + j - q + 2];
                U[i * wp + j] = U[i * wp + j] * c;
            }
        flux[it] = 0.0;
        for (i = 2; i < h + 2; i++)
            for (j = 2; j < w + 2; j++)
                flux[it] += U[i * wp + j];
    }
#pragma endscop
}

int main(void)
{
    int h = HIMG, w = WIMG, wp = WIMG + 4;
    size_t np = (size_t)(h + 4) * wp;
    double P[25];
    double *O = malloc(sizeof(double) * np);
    double *U = malloc(sizeof(double) * np);
    double *R = malloc(sizeof(double) * np);
    double *flux = malloc(sizeof(double) * NITER);
    if (!O || !U || !R || !flux)
        return 1;
    /* slightly elliptical Gaussian PSF, normalized */
    double ps = 0.0;
    for (int p = 0; p < 5; p++)
        for (int q = 0; q < 5; q++) {
            P[p * 5 + q] = exp(-((p - 2) * (p - 2) / 1.6 + (q - 2) * (q - 2) / 2.2));
            ps += P[p * 5 + q];
        }
    for (int k = 0; k < 25; k++)
        P[k] /= ps;
    /* sky background plus stars on a pseudo-random lattice, blurred by a wider profile */
    for (int i = 0; i < h + 4; i++)
        for (int j = 0; j < wp; j++) {
            double v = 10.0 + 0.002 * (double)((i * 7 + j * 3) % 50);
            int di = i % 23 - 11, dj = (j + 5 * (i / 23)) % 29 - 14;
            int amp = ((i / 23) * 13 + (j + 5 * (i / 23)) / 29 * 7) % 9;
            v += 40.0 * amp * exp(-(di * di + dj * dj) / 3.0);
            O[i * wp + j] = v;
            U[i * wp + j] = 10.0;
            R[i * wp + j] = 1.0;
        }
    rl_deconv(h, w, wp, NITER, P, O, U, R, flux);
    double cs = 0.0;
    for (int i = 0; i < h + 4; i++)
        for (int j = 0; j < wp; j++)
            cs += (U[i * wp + j] + 10.0 * R[i * wp + j]) * (double)((i * 3 + j * 7) % 97 + 1);
    for (int it = 0; it < NITER; it++)
        cs += flux[it] * 1.0e-3 * (double)(it + 1);
    printf("%.10e\n", cs);
    free(O);
    free(U);
    free(R);
    free(flux);
    return 0;
}
