/* Geostatistics: variogram map of a gridded soil property survey (e.g. a digital
 * elevation model or an electromagnetic-induction conductivity raster). For every lag
 * vector (dy, dx), dy = 0 .. L and dx = k - L for k = 0 .. 2 L, all cell pairs that lie
 * inside the grid are visited, the column range clipped to max(0, L - k) .. min(NX,
 * NX + L - k) by ternaries; the classical (Matheron) semivariance sums the squared
 * differences and the robust Cressie-Hawkins estimator the square roots of their
 * absolute values, both in block-local double sums, divided by the pair count (also
 * block-local). Float raster, sizes as macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NY
#define NY 1024
#endif
#ifndef NX
#define NX 1024
#endif
#ifndef L
#define L 12
#endif

static float Z[NY][NX];
static double G[L + 1][2 * L + 1];
static double CH[L + 1][2 * L + 1];

static void variogram(void)
{
    int dy, k, i, j;
#pragma scop
    for (dy = 0; dy <= L; dy++)
        for (k = 0; k <= 2 * L; k++) {
            double n = (double)(NY - dy) * (NX - (k < L ? L - k : k - L));
            double s = 0.0;
            double r = 0.0;
            for (i = 0; i < NY - dy; i++)
                for (j = (k < L ? L - k : 0); j < (k < L ? NX : NX + L - k); j++) {
                    double d = Z[i + dy][j + k - L] - Z[i][j];
                    s += d * d;
                    r += sqrt(fabs(d));
                }
            G[dy][k] = s / (2.0 * n);
            CH[dy][k] = (r / n) * (r / n) * (r / n) * (r / n) / (2.0 * (0.457 + 0.494 / n));
        }
#pragma endscop
}

int main(void)
{
    /* a smooth anisotropic trend (ridges running north-east) plus shorter-range bumps
     * and a small grid-scale noise term, values between about 20 and 80 */
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NX; j++)
            Z[i][j] = (float)(50.0 + 20.0 * sin(0.011 * (i + 0.6 * j))
                              + 6.0 * cos(0.07 * i) * sin(0.05 * j)
                              + 0.5 * (double)((i * 131 + j * 71) % 17 - 8) / 8.0);

    variogram();

    double sum = 0.0;
    for (int dy = 0; dy <= L; dy++)
        for (int k = 0; k <= 2 * L; k++)
            sum += (G[dy][k] + 3.0 * CH[dy][k]) * (double)(1 + (dy + 3 * k) % 7);
    printf("%.10e\n", sum);
    return 0;
}
