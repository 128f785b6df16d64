/* Battery management: second-order equivalent-circuit simulation of a battery pack
 * (parallel strings of series cells) over a drive cycle with passive balancing. First
 * per cell the discrete RC pole factors (exp). Every 1 s step: per cell the state of
 * charge by coulomb counting including its bleed current, the two RC polarisation
 * voltages, the open-circuit voltage (log terms of the state of charge), the terminal
 * voltage and a lumped thermal model; per string the lowest cell voltage (ternary) and
 * the string voltage; the bleed current of every cell more than 5 mV above its
 * string's lowest (ternary); last per string the lowest state of charge and the
 * hottest cell (ternaries). Double precision, sizes are arguments passed through
 * local variables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NSTR
#define NSTR 80
#endif
#ifndef NCELL
#define NCELL 96
#endif
#ifndef NSTEP
#define NSTEP 3600
#endif
#define DT 1.0
#define RBL 33.0        /* bleed resistor, ohm */

static void pack(int ns, int nc, int nt, const double I[restrict nt], const double Q[restrict ns][nc],
                 const double R0[restrict ns][nc], const double R1[restrict ns][nc], const double C1[restrict ns][nc],
                 double A1[restrict ns][nc], double A2[restrict ns][nc], double Soc[restrict ns][nc],
                 double V1[restrict ns][nc], double V2[restrict ns][nc], double Vt[restrict ns][nc],
                 double T[restrict ns][nc], double Ib[restrict ns][nc], double Vmin[restrict ns],
                 double Vs[restrict ns][nt], double Smin[restrict ns], double Tmax[restrict ns])
{
    int t, s, c;
#pragma scop
    for (s = 0; s < ns; s++)
        for (c = 0; c < nc; c++) {
            A1[s][c] = exp(-DT / (R1[s][c] * C1[s][c]));
            A2[s][c] = exp(-DT / (4.0 * R1[s][c] * 25.0 * C1[s][c]));
        }
    for (t = 0; t < nt; t++) {
        for (s = 0; s < ns; s++)
            for (c = 0; c < nc; c++) {
                double i = I[t] + Ib[s][c];
                double soc = Soc[s][c] - i * DT / (3600.0 * Q[s][c]);
                Soc[s][c] = soc;
                V1[s][c] = A1[s][c] * V1[s][c] + R1[s][c] * (1.0 - A1[s][c]) * i;
                V2[s][c] = A2[s][c] * V2[s][c] + 4.0 * R1[s][c] * (1.0 - A2[s][c]) * i;
                Vt[s][c] = 3.45 + 0.55 * soc + 0.045 * log(soc) - 0.03 * log(1.0 - soc) - V1[s][c] - V2[s][c] - R0[s][c] * I[t];
                T[s][c] += DT * (i * i * R0[s][c] - 0.05 * (T[s][c] - 25.0)) / 60.0;
            }
        for (s = 0; s < ns; s++) {
            Vmin[s] = Vt[s][0];
            Vs[s][t] = 0.0;
            for (c = 0; c < nc; c++) {
                Vmin[s] = Vt[s][c] < Vmin[s] ? Vt[s][c] : Vmin[s];
                Vs[s][t] += Vt[s][c];
            }
        }
        for (s = 0; s < ns; s++)
            for (c = 0; c < nc; c++)
                Ib[s][c] = Vt[s][c] > Vmin[s] + 0.005 ? Vt[s][c] / RBL : 0.0;
    }
    for (s = 0; s < ns; s++) {
        Smin[s] = 1.0;
        Tmax[s] = 0.0;
        for (c = 0; c < nc; c++) {
            Smin[s] = Soc[s][c] < Smin[s] ? Soc[s][c] : Smin[s];
            Tmax[s] = T[s][c] > Tmax[s] ? T[s][c] : Tmax[s];
        }
    }
#pragma endscop
}

int main(void)
{
    int ns = NSTR, nc = NCELL, nt = NSTEP;
    double *I = malloc(sizeof(double[nt]));
    double (*Q)[nc] = malloc(sizeof(double[ns][nc])), (*R0)[nc] = malloc(sizeof(double[ns][nc]));
    double (*R1)[nc] = malloc(sizeof(double[ns][nc])), (*C1)[nc] = malloc(sizeof(double[ns][nc]));
    double (*A1)[nc] = malloc(sizeof(double[ns][nc])), (*A2)[nc] = malloc(sizeof(double[ns][nc]));
    double (*Soc)[nc] = malloc(sizeof(double[ns][nc])), (*V1)[nc] = malloc(sizeof(double[ns][nc]));
    double (*V2)[nc] = malloc(sizeof(double[ns][nc])), (*Vt)[nc] = malloc(sizeof(double[ns][nc]));
    double (*T)[nc] = malloc(sizeof(double[ns][nc])), (*Ib)[nc] = malloc(sizeof(double[ns][nc]));
    double (*Vs)[nt] = malloc(sizeof(double[ns][nt]));
    double *Vmin = malloc(sizeof(double[ns])), *Smin = malloc(sizeof(double[ns])), *Tmax = malloc(sizeof(double[ns]));
    if (!I || !Q || !R0 || !R1 || !C1 || !A1 || !A2 || !Soc || !V1 || !V2 || !Vt || !T || !Ib || !Vs || !Vmin || !Smin || !Tmax)
        return 1;
    /* drive cycle: 1.5 A mean per string with accelerations up to 4.5 A and
     * regenerative braking down to -1.2 A; cells 2.8-3.2 Ah, 15-25 mOhm, RC 10-30 s,
     * starting at 85-92% charge and 25 C */
    for (int t = 0; t < nt; t++)
        I[t] = 1.5 + 2.0 * sin(0.011 * t) * sin(0.0023 * t + 0.4) + 1.0 * sin(0.07 * t) - 0.7 * (sin(0.031 * t) > 0.8 ? 1.0 : 0.0);
    for (int s = 0; s < ns; s++) {
        Vmin[s] = Smin[s] = Tmax[s] = 0.0;
        for (int t = 0; t < nt; t++)
            Vs[s][t] = 0.0;
        for (int c = 0; c < nc; c++) {
            Q[s][c] = 2.8 + 0.4 * ((s * 7 + c * 13) % 23) / 22.0;
            R0[s][c] = 0.015 + 0.01 * ((s * 3 + c * 5) % 17) / 16.0;
            R1[s][c] = 0.01 + 0.005 * ((s + c * 11) % 7) / 6.0;
            C1[s][c] = (10.0 + 20.0 * ((s * 5 + c) % 9) / 8.0) / R1[s][c];
            Soc[s][c] = 0.85 + 0.07 * ((s * 11 + c * 3) % 19) / 18.0;
            A1[s][c] = A2[s][c] = V1[s][c] = V2[s][c] = Vt[s][c] = Ib[s][c] = 0.0;
            T[s][c] = 25.0;
        }
    }

    pack(ns, nc, nt, I, Q, R0, R1, C1, A1, A2, Soc, V1, V2, Vt, T, Ib, Vmin, Vs, Smin, Tmax);

    double sum = 0.0;
    for (int s = 0; s < ns; s++) {
        for (int c = 0; c < nc; c++)
            sum += (Soc[s][c] + Vt[s][c] + 0.01 * T[s][c]) * (double)(1 + (s + 3 * c) % 7);
        for (int t = 0; t < nt; t++)
            sum += 1e-3 * Vs[s][t] * (double)(1 + t % 5);
        sum += (Smin[s] + 0.01 * Tmax[s] + Vmin[s]) * (double)(1 + s % 5);
    }
    printf("%.10e\n", sum);
    free(I); free(Q); free(R0); free(R1); free(C1); free(A1); free(A2); free(Soc); free(V1); free(V2);
    free(Vt); free(T); free(Ib); free(Vs); free(Vmin); free(Smin); free(Tmax);
    return 0;
}
