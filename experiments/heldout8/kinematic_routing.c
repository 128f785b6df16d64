/* Hydrology: flood routing down many river reaches by the kinematic wave with Chow's
 * implicit linear scheme, marching downstream in place. With the channel law
 * A = alpha * Q^(1/2), the discharge of segment i at the new step solves
 *   (dt/dx) Q[i] + c (Q[i] - Q_old[i]) = (dt/dx) Q[i-1] + dt * lateral inflow,
 * c = alpha / 2 / sqrt(mean of Q_old[i] and the new Q[i-1]), so Q[r][i - 1] (already
 * new) and Q[r][i] (still old) are read in place. Per time step each reach gets its
 * upstream hydrograph, its segments take rain-driven lateral inflow, and the outlet
 * discharge is recorded. Heap arrays of fixed size; the time loop is outermost. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NRCH
#define NRCH 256
#endif
#ifndef NSEG
#define NSEG 512
#endif
#ifndef STEPS
#define STEPS 240
#endif
#define DT 60.0     /* s */
#define KX 0.3      /* dt / dx, dx = 200 m */

static void route(double (*restrict Q)[NSEG], const double (*restrict Ah)[NSEG],
                  const double (*restrict Lat)[NSEG], const double (*restrict Rain)[NRCH],
                  const double *restrict Qb, const double *restrict Qup,
                  double (*restrict Out)[NRCH])
{
    int t, r, i;
#pragma scop
    for (t = 0; t < STEPS; t++)
        for (r = 0; r < NRCH; r++) {
            Q[r][0] = Qb[r] + Qup[r] * Rain[t][r];
            for (i = 1; i < NSEG; i++) {
                double qa = 0.5 * (Q[r][i] + Q[r][i - 1]);
                double c = Ah[r][i] / sqrt(qa);
                Q[r][i] = (KX * Q[r][i - 1] + c * Q[r][i] + DT * Lat[r][i] * Rain[t][r]) / (KX + c);
            }
            Out[t][r] = Q[r][NSEG - 1];
        }
#pragma endscop
}

int main(void)
{
    double (*Q)[NSEG] = malloc(sizeof(double[NRCH][NSEG]));
    double (*Ah)[NSEG] = malloc(sizeof(double[NRCH][NSEG]));
    double (*Lat)[NSEG] = malloc(sizeof(double[NRCH][NSEG]));
    double (*Rain)[NRCH] = malloc(sizeof(double[STEPS][NRCH]));
    double (*Out)[NRCH] = malloc(sizeof(double[STEPS][NRCH]));
    double *Qb = malloc(sizeof(double[NRCH]));
    double *Qup = malloc(sizeof(double[NRCH]));
    if (!Q || !Ah || !Lat || !Rain || !Out || !Qb || !Qup)
        return 1;
    /* half the channel coefficient alpha / 2 between 0.8 and 1.6 (wave celerity about
     * 2 to 9 m/s); base flow 5 to 20 m^3/s growing downstream; lateral inflow up to
     * 4e-3 m^2/s per unit rain intensity; a triangular storm whose start and length
     * vary by reach over a drizzle of 0.05; upstream flood peak 20 to 120 m^3/s. */
    for (int r = 0; r < NRCH; r++) {
        Qb[r] = 5.0 + (double)(r % 16);
        Qup[r] = 20.0 + 100.0 * (double)((r * 7) % 11) / 10.0;
        for (int i = 0; i < NSEG; i++) {
            Ah[r][i] = 0.8 + 0.8 * (double)((r * 3 + i * 5) % 17) / 16.0;
            Lat[r][i] = 1e-3 + 3e-3 * (double)((r + i * 11) % 13) / 12.0;
            Q[r][i] = Qb[r] * (1.0 + (double)i / (double)NSEG);
        }
    }
    for (int t = 0; t < STEPS; t++)
        for (int r = 0; r < NRCH; r++) {
            int t0 = r % 23, len = 40 + (r * 13) % 60;
            double x = (double)(t - t0) / (double)len;
            double peak = x > 0.0 && x < 1.0 ? (x < 0.3 ? x / 0.3 : (1.0 - x) / 0.7) : 0.0;
            Rain[t][r] = 0.05 + peak;
        }

    route(Q, Ah, Lat, Rain, Qb, Qup, Out);

    double sum = 0.0;
    for (int r = 0; r < NRCH; r++)
        for (int i = 0; i < NSEG; i++)
            sum += Q[r][i] * (double)(1 + (r + 3 * i) % 7);
    for (int t = 0; t < STEPS; t++)
        for (int r = 0; r < NRCH; r++)
            sum += Out[t][r] * (double)(1 + (2 * t + r) % 5);
    printf("%.10e\n", sum);
    free(Q); free(Ah); free(Lat); free(Rain); free(Out); free(Qb); free(Qup);
    return 0;
}
