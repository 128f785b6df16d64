/* Paraxial ray tracing through a lens relay (geometrical optics) with ray-transfer
 * (ABCD) matrices: bundles of rays (field points at different wavelengths, so every
 * bundle sees its own chromatic version of each element's matrix), each ray stored as
 * its height Y[b][r] and slope U[b][r], are passed element by element through the
 * system (a thin lens followed by a gap); after every element the bundle's envelope,
 * its largest |height| found by ternary into a block-local scalar, is stored for sizing
 * the clear apertures. The element loop is outermost. Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NELEM
#define NELEM 128
#endif
#ifndef NBUN
#define NBUN 64
#endif
#ifndef NRAY
#define NRAY 65536
#endif

static void trace(int ne, int nb, int nr, const float M[restrict ne][nb][4],
                  float Y[restrict nb][nr], float U[restrict nb][nr],
                  float Env[restrict ne][nb])
{
    int e, b, r;
#pragma scop
    for (e = 0; e < ne; e++)
        for (b = 0; b < nb; b++) {
            float mx = 0.0f;
            for (r = 0; r < nr; r++) {
                float y = Y[b][r];
                Y[b][r] = M[e][b][0] * y + M[e][b][1] * U[b][r];
                U[b][r] = M[e][b][2] * y + M[e][b][3] * U[b][r];
                mx = fabsf(Y[b][r]) > mx ? fabsf(Y[b][r]) : mx;
            }
            Env[e][b] = mx;
        }
#pragma endscop
}

int main(void)
{
    float (*M)[NBUN][4] = malloc(sizeof(float[NELEM][NBUN][4]));
    float (*Y)[NRAY] = malloc(sizeof(float[NBUN][NRAY]));
    float (*U)[NRAY] = malloc(sizeof(float[NBUN][NRAY]));
    float (*Env)[NBUN] = malloc(sizeof(float[NELEM][NBUN]));
    if (!M || !Y || !U || !Env)
        return 1;
    /* element e: thin lens of focal length f (gap d = 1 as the unit of length), then the
     * gap: [[1 - d/f, d], [-1/f, 1]], determinant 1; d/f between about 0.7 and 1.5, so
     * every element on its own is a stable relay (d < 4f); the focal length depends on
     * the bundle's wavelength by up to +-3 % (dispersion). Rays start across a pupil of
     * half-width 0.5 around a field height of up to 0.3, with slopes within +-0.13. */
    for (int e = 0; e < NELEM; e++)
        for (int b = 0; b < NBUN; b++) {
            double p = 0.7 + 0.8 * (double)((e * 5 + 3) % 11) / 10.0;
            p *= 1.0 + 0.03 * (double)(b % 8 - 4) / 4.0;
            M[e][b][0] = (float)(1.0 - p);
            M[e][b][1] = 1.0f;
            M[e][b][2] = (float)(-p);
            M[e][b][3] = 1.0f;
        }
    for (int b = 0; b < NBUN; b++) {
        float field = 0.3f * (float)(b / 8) / 7.0f;
        for (int r = 0; r < NRAY; r++) {
            float x = (float)(r % 256) / 255.0f - 0.5f;
            Y[b][r] = field + x;
            U[b][r] = 0.2f * ((float)(r / 256 % 256) / 255.0f - 0.5f) - 0.1f * field;
        }
    }

    trace(NELEM, NBUN, NRAY, M, Y, U, Env);

    double sum = 0.0;
    for (int b = 0; b < NBUN; b++)
        for (int r = 0; r < NRAY; r++)
            sum += ((double)Y[b][r] + 0.5 * (double)U[b][r]) * (double)(1 + (b + 3 * r) % 7);
    for (int e = 0; e < NELEM; e++)
        for (int b = 0; b < NBUN; b++)
            sum += (double)Env[e][b] * (double)(1 + (2 * e + b) % 5);
    printf("%.10e\n", sum);
    free(M); free(Y); free(U); free(Env);
    return 0;
}
