/* Hydrology / rainfall-runoff: design-storm hydrographs of many small catchments by the
 * SCS curve-number method and a Nash-cascade unit hydrograph. First each catchment's
 * unit hydrograph ordinates from the gamma shape (pow and exp of the ordinate time)
 * and their sum, then normalised to unit volume; for every catchment and design storm
 * the cumulative rainfall (a recurrence along the hours), the hourly rainfall excess as
 * the difference of the SCS cumulative runoff (P - Ia)^2 / (P - Ia + S) of this and
 * the previous hour (block-local, ternaries for rain below the initial abstraction),
 * the direct runoff as the convolution of the excess with the unit hydrograph
 * (triangular start, upper bound min(t, nk - 1) as a ternary), last the peak flow
 * (maximum by a ternary) and the runoff volume of every storm. Double precision, sizes
 * are arguments passed through local variables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NCATCH
#define NCATCH 640
#endif
#ifndef NSTORM
#define NSTORM 32
#endif
#ifndef NHOUR
#define NHOUR 240
#endif
#ifndef NUH
#define NUH 168
#endif

static void runoff(int nc, int ne, int nt, int nk, const double P[restrict nc][ne][nt],
                   const double Sr[restrict nc], const double Nn[restrict nc],
                   const double Kr[restrict nc], double Pc[restrict nc][ne][nt],
                   double E[restrict nc][ne][nt], double U[restrict nc][nk],
                   double Us[restrict nc], double Q[restrict nc][ne][nt],
                   double Qp[restrict nc][ne], double Vol[restrict nc][ne])
{
    int c, e, t, k;
#pragma scop
    for (c = 0; c < nc; c++) {
        Us[c] = 0.0;
        for (k = 0; k < nk; k++) {
            U[c][k] = pow((k + 0.5) / Kr[c], Nn[c] - 1.0) * exp(-(k + 0.5) / Kr[c]);
            Us[c] += U[c][k];
        }
    }
    for (c = 0; c < nc; c++)
        for (k = 0; k < nk; k++)
            U[c][k] = U[c][k] / Us[c];
    for (c = 0; c < nc; c++)
        for (e = 0; e < ne; e++) {
            Pc[c][e][0] = P[c][e][0];
            for (t = 1; t < nt; t++)
                Pc[c][e][t] = Pc[c][e][t - 1] + P[c][e][t];
        }
    for (c = 0; c < nc; c++)
        for (e = 0; e < ne; e++) {
            E[c][e][0] = Pc[c][e][0] > 0.2 * Sr[c] ? (Pc[c][e][0] - 0.2 * Sr[c]) * (Pc[c][e][0] - 0.2 * Sr[c]) / (Pc[c][e][0] + 0.8 * Sr[c]) : 0.0;
            for (t = 1; t < nt; t++) {
                double q1 = Pc[c][e][t] > 0.2 * Sr[c] ? (Pc[c][e][t] - 0.2 * Sr[c]) * (Pc[c][e][t] - 0.2 * Sr[c]) / (Pc[c][e][t] + 0.8 * Sr[c]) : 0.0;
                double q0 = Pc[c][e][t - 1] > 0.2 * Sr[c] ? (Pc[c][e][t - 1] - 0.2 * Sr[c]) * (Pc[c][e][t - 1] - 0.2 * Sr[c]) / (Pc[c][e][t - 1] + 0.8 * Sr[c]) : 0.0;
                E[c][e][t] = q1 - q0;
            }
        }
    for (c = 0; c < nc; c++)
        for (e = 0; e < ne; e++)
            for (t = 0; t < nt; t++) {
                double q = 0.0;
                for (k = 0; k <= (t < nk - 1 ? t : nk - 1); k++)
                    q += U[c][k] * E[c][e][t - k];
                Q[c][e][t] = q;
            }
    for (c = 0; c < nc; c++)
        for (e = 0; e < ne; e++) {
            Qp[c][e] = 0.0;
            Vol[c][e] = 0.0;
            for (t = 0; t < nt; t++) {
                Qp[c][e] = Q[c][e][t] > Qp[c][e] ? Q[c][e][t] : Qp[c][e];
                Vol[c][e] += Q[c][e][t];
            }
        }
#pragma endscop
}

int main(void)
{
    int nc = NCATCH, ne = NSTORM, nt = NHOUR, nk = NUH;
    double (*P)[ne][nt] = malloc(sizeof(double[nc][ne][nt]));
    double (*Pc)[ne][nt] = malloc(sizeof(double[nc][ne][nt]));
    double (*E)[ne][nt] = malloc(sizeof(double[nc][ne][nt]));
    double (*Q)[ne][nt] = malloc(sizeof(double[nc][ne][nt]));
    double (*U)[nk] = malloc(sizeof(double[nc][nk]));
    double (*Qp)[ne] = malloc(sizeof(double[nc][ne]));
    double (*Vol)[ne] = malloc(sizeof(double[nc][ne]));
    double *Sr = malloc(sizeof(double[nc]));
    double *Nn = malloc(sizeof(double[nc]));
    double *Kr = malloc(sizeof(double[nc]));
    double *Us = malloc(sizeof(double[nc]));
    if (!P || !Pc || !E || !Q || !U || !Qp || !Vol || !Sr || !Nn || !Kr || !Us)
        return 1;
    /* catchments: curve numbers 55 to 90 (retention S = 25400 / CN - 254 mm, 28 to
     * 208 mm), Nash shape 1.5 to 4.5 reservoirs, storage constant 2 to 12 hours.
     * Design storms: durations 6 to 37 hours, triangular hyetographs peaking at a
     * storm-dependent fraction of the duration, depths 20 to 175 mm, a small
     * catchment-dependent modulation; no rain after the storm */
    for (int c = 0; c < nc; c++) {
        double cn = 55.0 + 35.0 * (double)((c * 37) % 71) / 70.0;
        Sr[c] = 25400.0 / cn - 254.0;
        Nn[c] = 1.5 + 3.0 * (double)((c * 13) % 31) / 30.0;
        Kr[c] = 2.0 + 10.0 * (double)((c * 7) % 23) / 22.0;
        Us[c] = 0.0;
        for (int k = 0; k < nk; k++)
            U[c][k] = 0.0;
        for (int e = 0; e < ne; e++) {
            int dur = 6 + e % 32;
            double depth = 20.0 + 5.0 * (e % 32) * (1.0 + 0.1 * (c % 5) / 4.0);
            double tp = dur * (0.25 + 0.5 * (double)(e % 5) / 4.0);
            Qp[c][e] = Vol[c][e] = 0.0;
            for (int t = 0; t < nt; t++) {
                double h = t < dur ? (t + 0.5 < tp ? (t + 0.5) / tp : (dur - t - 0.5) / (dur - tp)) : 0.0;
                P[c][e][t] = 2.0 * depth / dur * h;
                Pc[c][e][t] = E[c][e][t] = Q[c][e][t] = 0.0;
            }
        }
    }

    runoff(nc, ne, nt, nk, P, Sr, Nn, Kr, Pc, E, U, Us, Q, Qp, Vol);

    double sum = 0.0;
    for (int c = 0; c < nc; c++)
        for (int e = 0; e < ne; e++) {
            for (int t = 0; t < nt; t++)
                sum += Q[c][e][t] * (double)(1 + (c + 3 * e + 5 * t) % 7);
            sum += (Qp[c][e] + 1e-2 * Vol[c][e]) * (double)(1 + (c + e) % 5);
        }
    printf("%.10e\n", sum);
    free(P); free(Pc); free(E); free(Q); free(U); free(Qp); free(Vol);
    free(Sr); free(Nn); free(Kr); free(Us);
    return 0;
}
