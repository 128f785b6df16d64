/* Structural engineering (bridge design): live-load envelopes of a simply supported
 * girder under a set of design vehicles. Every vehicle type is moved across the span in
 * small steps; at every design section x the bending moment and the shear of the
 * current position are summed over the vehicle's axles from the influence lines of the
 * section (moment a (L - x) / L or x (L - a) / L, shear -a / L or (L - a) / L, for an
 * axle at a on the span, by ternaries on a < x and on the axle being on the span;
 * block-local axle position a and sums m, q), and the largest moment and the largest
 * shear magnitude seen at the section are kept in the envelope tables (maximum by
 * ternary). Double precision, sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NVEH
#define NVEH 6      /* design vehicle types */
#endif
#ifndef NSEC
#define NSEC 1000   /* design sections */
#endif
#ifndef NPOS
#define NPOS 2400   /* vehicle positions */
#endif
#ifndef NAXLE
#define NAXLE 12    /* axles per vehicle (light axles pad the shorter ones) */
#endif
#define SPAN 60.0   /* m */

static void envelopes(int nv, int ns, int np, int na, double dx, double dp,
                      const double Off[restrict nv][na], const double Wax[restrict nv][na],
                      double Mmax[restrict nv][ns], double Vmax[restrict nv][ns])
{
    int v, i, p, k;
#pragma scop
    for (v = 0; v < nv; v++)
        for (i = 0; i < ns; i++)
            for (p = 0; p < np; p++) {
                double m = 0.0;
                double q = 0.0;
                for (k = 0; k < na; k++) {
                    double a = p * dp - Off[v][k];
                    m += a > 0.0 && a < SPAN ? Wax[v][k] * (a < (i + 1) * dx ? a * (SPAN - (i + 1) * dx) : (i + 1) * dx * (SPAN - a)) / SPAN : 0.0;
                    q += a > 0.0 && a < SPAN ? Wax[v][k] * (a < (i + 1) * dx ? -a : SPAN - a) / SPAN : 0.0;
                }
                Mmax[v][i] = m > Mmax[v][i] ? m : Mmax[v][i];
                Vmax[v][i] = fabs(q) > Vmax[v][i] ? fabs(q) : Vmax[v][i];
            }
#pragma endscop
}

int main(void)
{
    double (*Off)[NAXLE] = malloc(sizeof(double[NVEH][NAXLE]));
    double (*Wax)[NAXLE] = malloc(sizeof(double[NVEH][NAXLE]));
    double (*Mmax)[NSEC] = malloc(sizeof(double[NVEH][NSEC]));
    double (*Vmax)[NSEC] = malloc(sizeof(double[NVEH][NSEC]));
    if (!Off || !Wax || !Mmax || !Vmax)
        return 1;
    /* vehicle v: axle k at 1.2 to 4.3 m behind the one before it (front axle at 0),
     * axle loads 30 to 120 kN; sections at equal spacing inside the span; the front axle
     * runs from the left support to past the right support plus the longest vehicle */
    double maxlen = 0.0;
    for (int v = 0; v < NVEH; v++) {
        double o = 0.0;
        for (int k = 0; k < NAXLE; k++) {
            if (k > 0)
                o += 1.2 + 3.1 * (double)((v * 5 + k * 3) % 8) / 7.0;
            Off[v][k] = o;
            Wax[v][k] = 30.0 + 90.0 * (double)((v * 7 + k * 11) % 10) / 9.0;
        }
        maxlen = o > maxlen ? o : maxlen;
        for (int i = 0; i < NSEC; i++) {
            Mmax[v][i] = 0.0;
            Vmax[v][i] = 0.0;
        }
    }
    double dx = SPAN / (NSEC + 1);
    double dp = (SPAN + maxlen + 1.0) / (NPOS - 1);

    envelopes(NVEH, NSEC, NPOS, NAXLE, dx, dp, Off, Wax, Mmax, Vmax);

    double sum = 0.0;
    for (int v = 0; v < NVEH; v++)
        for (int i = 0; i < NSEC; i++)
            sum += (1e-2 * Mmax[v][i] + Vmax[v][i]) * (double)(1 + (v + 3 * i) % 7);
    printf("%.10e\n", sum);
    free(Off); free(Wax); free(Mmax); free(Vmax);
    return 0;
}
