/* Traffic engineering (microscopic simulation): platoons of cars on many independent
 * single-lane roads driven by the Intelligent Driver Model. Every step the lead car of
 * each road tracks the prescribed speed profile of the step with a time constant; every
 * following car accelerates by AMAX [1 - (v / v0)^4 - (s* / s)^2] with its bumper gap s
 * to the car ahead, its desired speed v0 and the desired gap s* = S0 + v THW +
 * v (v - v_ahead) / (2 sqrt(AMAX BCOMF)), cut off at zero by a ternary (block-local s,
 * ss, r); then all speeds are advanced, kept non-negative by a ternary, and the
 * positions moved with the new speeds. Double precision, sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NSTEP
#define NSTEP 1200   /* steps of DT: two minutes */
#endif
#ifndef NROAD
#define NROAD 1000
#endif
#ifndef NCAR
#define NCAR 200
#endif
#define DT 0.1       /* s */
#define TAU 1.5      /* s, lead car's speed-tracking time constant */
#define AMAX 1.2     /* m/s^2, maximum acceleration */
#define BCOMF 2.0    /* m/s^2, comfortable deceleration */
#define S0 2.0       /* m, jam distance */
#define THW 1.4      /* s, safe time headway */
#define LCAR 4.5     /* m, car length */

static void idm(int nt, int nr, int nc, const double Lead[restrict nt],
                const double V0[restrict nr][nc], double X[restrict nr][nc],
                double V[restrict nr][nc], double Acc[restrict nr][nc])
{
    int t, l, i;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (l = 0; l < nr; l++) {
            Acc[l][0] = (Lead[t] - V[l][0]) / TAU;
            for (i = 1; i < nc; i++) {
                double s = X[l][i - 1] - X[l][i] - LCAR;
                double ss = S0 + V[l][i] * THW + V[l][i] * (V[l][i] - V[l][i - 1]) / (2.0 * sqrt(AMAX * BCOMF));
                double r = V[l][i] / V0[l][i];
                Acc[l][i] = AMAX * (1.0 - r * r * r * r - (ss > 0.0 ? ss * ss : 0.0) / (s * s));
            }
        }
        for (l = 0; l < nr; l++)
            for (i = 0; i < nc; i++) {
                V[l][i] = V[l][i] + DT * Acc[l][i] > 0.0 ? V[l][i] + DT * Acc[l][i] : 0.0;
                X[l][i] += DT * V[l][i];
            }
    }
#pragma endscop
}

int main(void)
{
    int nt = NSTEP, nr = NROAD, nc = NCAR;
    double *Lead = malloc(sizeof(double[nt]));
    double (*V0)[nc] = malloc(sizeof(double[nr][nc]));
    double (*X)[nc] = malloc(sizeof(double[nr][nc]));
    double (*V)[nc] = malloc(sizeof(double[nr][nc]));
    double (*Acc)[nc] = malloc(sizeof(double[nr][nc]));
    if (!Lead || !V0 || !X || !V || !Acc)
        return 1;
    /* lead-car speed: 24 m/s with a slow-down to about 10 m/s and back over the first
     * minute, then a slow oscillation of +-4 m/s; desired speeds 28 to 38 m/s; cars
     * start at 22 to 26 m/s with bumper gaps of 35 to 55 m (the car ahead of car i is
     * i - 1, so positions decrease along the platoon) */
    for (int t = 0; t < nt; t++) {
        double ts = t * DT;
        Lead[t] = ts < 60.0 ? 24.0 - 7.0 * (1.0 - cos(2.0 * M_PI * ts / 60.0))
                            : 24.0 + 4.0 * sin(2.0 * M_PI * (ts - 60.0) / 45.0);
    }
    for (int l = 0; l < nr; l++) {
        double x = 10000.0;
        for (int i = 0; i < nc; i++) {
            V0[l][i] = 28.0 + 10.0 * (double)((l * 7 + i * 13) % 11) / 10.0;
            V[l][i] = 22.0 + 4.0 * (double)((l + i * 5) % 9) / 8.0;
            if (i > 0)
                x -= LCAR + 35.0 + 20.0 * (double)((l * 3 + i * 11) % 13) / 12.0;
            X[l][i] = x;
            Acc[l][i] = 0.0;
        }
    }

    idm(nt, nr, nc, Lead, V0, X, V, Acc);

    double sum = 0.0;
    for (int l = 0; l < nr; l++)
        for (int i = 0; i < nc; i++)
            sum += (1e-3 * X[l][i] + V[l][i] + Acc[l][i]) * (double)(1 + (l + 3 * i) % 7);
    printf("%.10e\n", sum);
    free(Lead); free(V0); free(X); free(V); free(Acc);
    return 0;
}
