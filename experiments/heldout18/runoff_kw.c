/* Hydrology: storm runoff from a set of hillslope catchments by the kinematic wave
 * (Manning friction, q = alpha * h^(5/3)). Per step and catchment the rainfall of a
 * triangular design storm (ternaries on the step), the Horton infiltration capacity
 * (exp of the elapsed time) and the excess rain (ternary), the unit discharges of all
 * cells (pow), the explicit upwind update of the water depths with a small floor
 * (ternary), and at the outlet the hydrograph, the peak discharge and its step
 * (ternaries) and the runoff volume (recurrence over the steps); last the runoff
 * coefficient per catchment. Double precision (int peak steps), sizes are #define
 * (global arrays). */
#include <math.h>
#include <stdio.h>

#ifndef NCAT
#define NCAT 60
#endif
#ifndef NCELL
#define NCELL 100
#endif
#ifndef NSTEP
#define NSTEP 4000
#endif
#ifndef NSTORM
#define NSTORM 1440
#endif
#define DT 5.0
#define DX 12.0

static double Alpha[NCAT], Ipk[NCAT], F0[NCAT], Fc[NCAT], Kh[NCAT];
static double H[NCAT][NCELL], Q[NCAT][NCELL], Re[NCAT], Rain[NCAT];
static double Hyd[NCAT][NSTEP], Qpk[NCAT], Vol[NCAT], Rc[NCAT];
static int Tpk[NCAT];

static void runoff(void)
{
    int t, c, i;
#pragma scop
    for (t = 0; t < NSTEP; t++)
        for (c = 0; c < NCAT; c++) {
            double r = t < NSTORM / 3 ? Ipk[c] * (double)t / (double)(NSTORM / 3)
                       : (t < NSTORM ? Ipk[c] * (double)(NSTORM - t) / (double)(NSTORM - NSTORM / 3) : 0.0);
            double f = Fc[c] + (F0[c] - Fc[c]) * exp(-Kh[c] * DT * t);
            Re[c] = r > f ? r - f : 0.0;
            Rain[c] += DT * r;
            for (i = 0; i < NCELL; i++)
                Q[c][i] = Alpha[c] * pow(H[c][i], 5.0 / 3.0);
            H[c][0] = H[c][0] + DT * (Re[c] - Q[c][0] / DX) > 1e-6 ? H[c][0] + DT * (Re[c] - Q[c][0] / DX) : 1e-6;
            for (i = 1; i < NCELL; i++)
                H[c][i] = H[c][i] + DT * (Re[c] - (Q[c][i] - Q[c][i - 1]) / DX) > 1e-6
                              ? H[c][i] + DT * (Re[c] - (Q[c][i] - Q[c][i - 1]) / DX) : 1e-6;
            Hyd[c][t] = Q[c][NCELL - 1];
            Tpk[c] = Q[c][NCELL - 1] > Qpk[c] ? t : Tpk[c];
            Qpk[c] = Q[c][NCELL - 1] > Qpk[c] ? Q[c][NCELL - 1] : Qpk[c];
            Vol[c] += DT * Q[c][NCELL - 1];
        }
    for (c = 0; c < NCAT; c++)
        Rc[c] = Vol[c] / (Rain[c] * DX * NCELL);
#pragma endscop
}

int main(void)
{
    /* Manning alpha = sqrt(slope) / n for slopes 1-5 % and n 0.05-0.2; peak
     * intensities 30-80 mm/h; Horton f0 40-90 mm/h, fc 3-12 mm/h, decay 1-3 per hour;
     * a thin film of water at the start */
    for (int c = 0; c < NCAT; c++) {
        double s0 = 0.01 + 0.04 * (double)((c * 5) % 9) / 8.0, n = 0.05 + 0.15 * (double)((c * 7) % 11) / 10.0;
        Alpha[c] = sqrt(s0) / n;
        Ipk[c] = (30.0 + 50.0 * (double)((c * 3) % 7) / 6.0) / 3.6e6;
        F0[c] = (40.0 + 50.0 * (double)((c * 11) % 5) / 4.0) / 3.6e6;
        Fc[c] = (3.0 + 9.0 * (double)((c * 13) % 6) / 5.0) / 3.6e6;
        Kh[c] = (1.0 + 2.0 * (double)(c % 4) / 3.0) / 3600.0;
        for (int i = 0; i < NCELL; i++) {
            H[c][i] = 1e-4 * (1.0 + (double)((c + i) % 5) / 5.0);
            Q[c][i] = 0.0;
        }
        for (int t = 0; t < NSTEP; t++)
            Hyd[c][t] = 0.0;
        Re[c] = Rain[c] = Qpk[c] = Vol[c] = Rc[c] = 0.0;
        Tpk[c] = 0;
    }

    runoff();

    double sum = 0.0;
    for (int c = 0; c < NCAT; c++) {
        for (int i = 0; i < NCELL; i++)
            sum += (1e2 * H[c][i] + 1e3 * Q[c][i]) * (double)(1 + (c + 2 * i) % 7);
        for (int t = 0; t < NSTEP; t++)
            sum += 10.0 * Hyd[c][t] * (double)(1 + (c + t) % 5);
        sum += (1e6 * Re[c] + Rain[c] + 1e3 * Qpk[c] + 1e-3 * Vol[c] + Rc[c] + 1e-3 * Tpk[c]) * (double)(1 + c % 3);
    }
    printf("%.10e\n", sum);
    return 0;
}
