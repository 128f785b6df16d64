/* Radio astronomy (aperture synthesis): gridding the visibilities of a snapshot of a
 * regular NA x NA array of antennas onto the uv plane, one grid per frequency channel.
 * The baseline from antenna (p, q) to antenna (r, s) has uv coordinates (p - r, q - s)
 * in units of the antenna spacing, so its grid cell is (p - r + NA - 1, q - s + NA - 1)
 * shifted by the convolution-kernel offsets (du, dv): affine in six loop indices. Each
 * visibility gets the product of its two antennas' data weights (block-local w) and is
 * spread by a (2K + 1) x (2K + 1) tapered kernel into the real and imaginary grids and
 * the weight grid; then every cell is divided by its summed weight (ternary guard).
 * Float data, sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NCHAN
#define NCHAN 64
#endif
#ifndef NANT
#define NANT 18   /* antennas per side of the square array */
#endif
#ifndef KHALF
#define KHALF 5   /* kernel half width in cells */
#endif
#define WMIN 1e-6f

static void grid_vis(int nch, int na, int kh, int g,
                     const float Vr[restrict nch][na][na][na][na],
                     const float Vi[restrict nch][na][na][na][na],
                     const float Wa[restrict nch][na][na],
                     const float Kern[restrict 2 * kh + 1][2 * kh + 1],
                     float Gr[restrict nch][g][g], float Gi[restrict nch][g][g],
                     float Wt[restrict nch][g][g])
{
    int c, p, q, r, s, du, dv, u, v;
#pragma scop
    for (c = 0; c < nch; c++)
        for (p = 0; p < na; p++)
            for (q = 0; q < na; q++)
                for (r = 0; r < na; r++)
                    for (s = 0; s < na; s++) {
                        float w = Wa[c][p][q] * Wa[c][r][s];
                        for (du = 0; du <= 2 * kh; du++)
                            for (dv = 0; dv <= 2 * kh; dv++) {
                                Gr[c][p - r + na - 1 + du][q - s + na - 1 + dv] += w * Kern[du][dv] * Vr[c][p][q][r][s];
                                Gi[c][p - r + na - 1 + du][q - s + na - 1 + dv] += w * Kern[du][dv] * Vi[c][p][q][r][s];
                                Wt[c][p - r + na - 1 + du][q - s + na - 1 + dv] += w * Kern[du][dv];
                            }
                    }
    for (c = 0; c < nch; c++)
        for (u = 0; u < g; u++)
            for (v = 0; v < g; v++) {
                Gr[c][u][v] = Wt[c][u][v] > WMIN ? Gr[c][u][v] / Wt[c][u][v] : 0.0f;
                Gi[c][u][v] = Wt[c][u][v] > WMIN ? Gi[c][u][v] / Wt[c][u][v] : 0.0f;
            }
#pragma endscop
}

int main(void)
{
    int nch = NCHAN, na = NANT, kh = KHALF;
    int g = 2 * na - 1 + 2 * kh;
    size_t nvis = (size_t)nch * na * na * na * na;
    float (*Vr)[na][na][na][na] = malloc(sizeof(float) * nvis);
    float (*Vi)[na][na][na][na] = malloc(sizeof(float) * nvis);
    float (*Wa)[na][na] = malloc(sizeof(float[nch][na][na]));
    float (*Kern)[2 * kh + 1] = malloc(sizeof(float[2 * kh + 1][2 * kh + 1]));
    float (*Gr)[g][g] = malloc(sizeof(float[nch][g][g]));
    float (*Gi)[g][g] = malloc(sizeof(float[nch][g][g]));
    float (*Wt)[g][g] = malloc(sizeof(float[nch][g][g]));
    float (*Ar)[na][na] = malloc(sizeof(float[3][na][na]));
    float (*Ai)[na][na] = malloc(sizeof(float[3][na][na]));
    if (!Vr || !Vi || !Wa || !Kern || !Gr || !Gi || !Wt || !Ar || !Ai)
        return 1;
    /* sky of three point sources (flux 1.0, 0.6, 0.3 Jy at direction cosines that grow
     * with frequency in spacing units); a visibility is the sum over sources of the
     * flux times the phase factor of antenna (p, q) times the conjugate of that of
     * (r, s); data weights 0.5 to 1 per antenna and channel; Gaussian-tapered kernel
     * (corner taps about 1.2e-4 of the centre) */
    const double fl[3] = {1.0, 0.6, 0.3}, l0[3] = {0.013, -0.021, 0.034}, m0[3] = {0.008, 0.017, -0.029};
    for (int c = 0; c < nch; c++) {
        double scale = 2.0 * M_PI * (1.0 + 0.5 * c / nch);
        for (int k = 0; k < 3; k++)
            for (int p = 0; p < na; p++)
                for (int q = 0; q < na; q++) {
                    double ph = scale * (l0[k] * p + m0[k] * q) * 7.0;
                    Ar[k][p][q] = (float)cos(ph);
                    Ai[k][p][q] = (float)-sin(ph);
                }
        for (int p = 0; p < na; p++)
            for (int q = 0; q < na; q++) {
                Wa[c][p][q] = 0.5f + 0.5f * (float)((p * 7 + q * 3 + c) % 11) / 10.0f;
                for (int r = 0; r < na; r++)
                    for (int s = 0; s < na; s++) {
                        float re = 0.0f, im = 0.0f;
                        for (int k = 0; k < 3; k++) {
                            /* a * conj(b) */
                            re += (float)fl[k] * (Ar[k][p][q] * Ar[k][r][s] + Ai[k][p][q] * Ai[k][r][s]);
                            im += (float)fl[k] * (Ai[k][p][q] * Ar[k][r][s] - Ar[k][p][q] * Ai[k][r][s]);
                        }
                        Vr[c][p][q][r][s] = re;
                        Vi[c][p][q][r][s] = im;
                    }
            }
        for (int u = 0; u < g; u++)
            for (int v = 0; v < g; v++) {
                Gr[c][u][v] = 0.0f;
                Gi[c][u][v] = 0.0f;
                Wt[c][u][v] = 0.0f;
            }
    }
    for (int du = 0; du <= 2 * kh; du++)
        for (int dv = 0; dv <= 2 * kh; dv++)
            Kern[du][dv] = (float)exp(-0.18 * ((du - kh) * (du - kh) + (dv - kh) * (dv - kh)));

    grid_vis(nch, na, kh, g, Vr, Vi, Wa, Kern, Gr, Gi, Wt);

    double sum = 0.0;
    for (int c = 0; c < nch; c++)
        for (int u = 0; u < g; u++)
            for (int v = 0; v < g; v++)
                sum += ((double)Gr[c][u][v] * (double)(1 + (u + 3 * v + c) % 7)
                        + (double)Gi[c][u][v] * (double)(1 + (2 * u + v + c) % 5)
                        + 1e-3 * (double)Wt[c][u][v]);
    printf("%.10e\n", sum);
    free(Vr); free(Vi); free(Wa); free(Kern); free(Gr); free(Gi); free(Wt); free(Ar); free(Ai);
    return 0;
}
