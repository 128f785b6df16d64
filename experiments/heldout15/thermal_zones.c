/* Building energy simulation: a month of 5-minute steps of the thermal zones of a set
 * of office buildings, each a row of zones along a corridor (lumped capacitance
 * model, ghost zones at both ends). Every step: per zone the heating power of a
 * thermostat with hysteresis around the schedule's set point (nested ternaries on the
 * previous state), the new temperature from envelope losses to the outdoor
 * temperature, conduction to both neighbouring zones, solar gains and heating; the
 * energy use and discomfort (ternary below the set point) accumulated; the copy back.
 * Last per building the coldest zone (ternary). Double precision, sizes are
 * arguments passed through local variables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NBLD
#define NBLD 1024
#endif
#ifndef NZONE
#define NZONE 24
#endif
#ifndef NSTEP
#define NSTEP 8640
#endif
#define DT 300.0

static void zones(int nb, int nz, int nt, const double To[restrict nt], const double Sol[restrict nt],
                  const double Sp[restrict nt], const double Ua[restrict nb][nz + 2], const double Cz[restrict nb][nz + 2],
                  const double Gs[restrict nb][nz + 2], double T[restrict nb][nz + 2], double Tn[restrict nb][nz + 2],
                  double Qh[restrict nb][nz + 2], double E[restrict nb], double Dh[restrict nb], double Tlow[restrict nb])
{
    int t, b, z;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (b = 0; b < nb; b++)
            for (z = 1; z <= nz; z++) {
                Qh[b][z] = T[b][z] < Sp[t] - 0.5 ? 4000.0 : T[b][z] > Sp[t] + 0.5 ? 0.0 : Qh[b][z];
                Tn[b][z] = T[b][z] + DT / Cz[b][z] * (Ua[b][z] * (To[t] - T[b][z]) + 150.0 * (T[b][z - 1] + T[b][z + 1] - 2.0 * T[b][z])
                                                      + Gs[b][z] * Sol[t] + Qh[b][z]);
            }
        for (b = 0; b < nb; b++)
            for (z = 1; z <= nz; z++) {
                E[b] += Qh[b][z] * DT / 3.6e6;
                Dh[b] += T[b][z] < Sp[t] - 1.0 ? DT / 3600.0 : 0.0;
                T[b][z] = Tn[b][z];
            }
        for (b = 0; b < nb; b++) {
            T[b][0] = T[b][1];
            T[b][nz + 1] = T[b][nz];
        }
    }
    for (b = 0; b < nb; b++) {
        Tlow[b] = T[b][1];
        for (z = 1; z <= nz; z++)
            Tlow[b] = T[b][z] < Tlow[b] ? T[b][z] : Tlow[b];
    }
#pragma endscop
}

int main(void)
{
    int nb = NBLD, nz = NZONE, nt = NSTEP;
    double *To = malloc(sizeof(double[nt])), *Sol = malloc(sizeof(double[nt])), *Sp = malloc(sizeof(double[nt]));
    double (*Ua)[nz + 2] = malloc(sizeof(double[nb][nz + 2])), (*Cz)[nz + 2] = malloc(sizeof(double[nb][nz + 2]));
    double (*Gs)[nz + 2] = malloc(sizeof(double[nb][nz + 2])), (*T)[nz + 2] = malloc(sizeof(double[nb][nz + 2]));
    double (*Tn)[nz + 2] = malloc(sizeof(double[nb][nz + 2])), (*Qh)[nz + 2] = malloc(sizeof(double[nb][nz + 2]));
    double *E = malloc(sizeof(double[nb])), *Dh = malloc(sizeof(double[nb])), *Tlow = malloc(sizeof(double[nb]));
    if (!To || !Sol || !Sp || !Ua || !Cz || !Gs || !T || !Tn || !Qh || !E || !Dh || !Tlow)
        return 1;
    /* winter month: outdoor -8 to 8 C with a daily cycle, sun only by day; set point
     * 21 C from 7 to 19 h on weekdays, 16 C otherwise; zones with envelope conductance
     * 30-90 W/K, capacitance 2-6 MJ/K, solar apertures 0-4 m2 (end zones larger) */
    for (int t = 0; t < nt; t++) {
        double hr = (double)(t % 288) / 12.0;
        To[t] = 0.0 + 5.0 * sin(6.2831853 * (hr - 9.0) / 24.0) + 3.0 * sin(6.2831853 * t / 2880.0);
        Sol[t] = hr > 7.0 && hr < 17.0 ? 400.0 * sin(3.14159265 * (hr - 7.0) / 10.0) : 0.0;
        Sp[t] = (t / 288) % 7 < 5 && hr >= 7.0 && hr < 19.0 ? 21.0 : 16.0;
    }
    for (int b = 0; b < nb; b++) {
        E[b] = Dh[b] = Tlow[b] = 0.0;
        for (int z = 0; z < nz + 2; z++) {
            Ua[b][z] = 30.0 + 60.0 * ((b * 7 + z * 3) % 11) / 10.0 + (z == 1 || z == nz ? 20.0 : 0.0);
            Cz[b][z] = 2.0e6 + 4.0e6 * ((b * 5 + z) % 9) / 8.0;
            Gs[b][z] = 4.0 * ((b + z * 13) % 7) / 6.0;
            T[b][z] = Tn[b][z] = 18.0;
            Qh[b][z] = 0.0;
        }
    }

    zones(nb, nz, nt, To, Sol, Sp, Ua, Cz, Gs, T, Tn, Qh, E, Dh, Tlow);

    double sum = 0.0;
    for (int b = 0; b < nb; b++) {
        for (int z = 1; z <= nz; z++)
            sum += (T[b][z] + 1e-3 * Qh[b][z]) * (double)(1 + (b + 3 * z) % 7);
        sum += (1e-2 * E[b] + 1e-2 * Dh[b] + Tlow[b]) * (double)(1 + b % 5);
    }
    printf("%.10e\n", sum);
    free(To); free(Sol); free(Sp); free(Ua); free(Cz); free(Gs); free(T); free(Tn); free(Qh); free(E); free(Dh); free(Tlow);
    return 0;
}
