/* Fire safety engineering: evacuation of a set of corridors towards their exits with
 * the social force model of pedestrian dynamics. Every step: per pedestrian the
 * desired direction towards the exit (sqrt), the driving force relaxing the velocity
 * to the desired speed, and the repulsion of both corridor walls (exp, the exponent
 * capped by ternaries); per pair of pedestrians in a corridor the anisotropic
 * exponential repulsion within 3 m of those still inside (block-local distance and
 * weight, ternaries, the pedestrian itself excluded); per pedestrian the velocity
 * update with a speed cap (block-local, ternary), the position update, the exit time
 * and the exited flag (ternaries), and per corridor the time-averaged number of
 * pedestrians in the last 3 m before the exit (ternary count); last per corridor the
 * evacuation time, the number evacuated and the mean exit time (ternaries). Double
 * precision, sizes are #define (heap arrays). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NROOM
#define NROOM 12
#endif
#ifndef NPED
#define NPED 64
#endif
#ifndef NSTEP
#define NSTEP 1200
#endif
#define DT 0.05
#define XE 15.0
#define TAU 0.5
#define RAD 0.3
#define AP 5.0
#define BP 0.3
#define AW 5.0
#define BW 0.2
#define LAMB 0.3
#define VMAX 2.0

static void evacuate(double (*restrict X)[NPED], double (*restrict Y)[NPED], double (*restrict Vx)[NPED], double (*restrict Vy)[NPED],
                     double (*restrict Ex)[NPED], double (*restrict Ey)[NPED], double (*restrict Fx)[NPED], double (*restrict Fy)[NPED],
                     const double (*restrict V0)[NPED], int (*restrict Out)[NPED], double (*restrict Tout)[NPED], const double *restrict Wc,
                     double *restrict Queue, double *restrict Tevac, int *restrict Nout, double *restrict Tmean)
{
    int t, r, i, j;
#pragma scop
    for (r = 0; r < NROOM; r++)
        Queue[r] = 0.0;
    for (t = 0; t < NSTEP; t++) {
        for (r = 0; r < NROOM; r++)
            for (i = 0; i < NPED; i++) {
                double en = sqrt((XE + 0.5 - X[r][i]) * (XE + 0.5 - X[r][i]) + (0.5 * Wc[r] - Y[r][i]) * (0.5 * Wc[r] - Y[r][i])) + 1.0e-3;
                double a1 = (RAD - Y[r][i]) / BW, a2 = (RAD - Wc[r] + Y[r][i]) / BW;
                Ex[r][i] = (XE + 0.5 - X[r][i]) / en;
                Ey[r][i] = (0.5 * Wc[r] - Y[r][i]) / en;
                Fx[r][i] = (V0[r][i] * Ex[r][i] - Vx[r][i]) / TAU;
                Fy[r][i] = (V0[r][i] * Ey[r][i] - Vy[r][i]) / TAU + AW * exp(a1 > 5.0 ? 5.0 : a1) - AW * exp(a2 > 5.0 ? 5.0 : a2);
            }
        for (r = 0; r < NROOM; r++)
            for (i = 0; i < NPED; i++)
                for (j = 0; j < NPED; j++) {
                    double dx = X[r][i] - X[r][j], dy = Y[r][i] - Y[r][j];
                    double d = sqrt(dx * dx + dy * dy + 1.0e-4);
                    double w = LAMB + (1.0 - LAMB) * 0.5 * (1.0 - (Ex[r][i] * dx + Ey[r][i] * dy) / d);
                    double f = j != i && d < 3.0 && Out[r][j] == 0 ? AP * w * exp((2.0 * RAD - d) / BP) : 0.0;
                    Fx[r][i] += f * dx / d;
                    Fy[r][i] += f * dy / d;
                }
        for (r = 0; r < NROOM; r++)
            for (i = 0; i < NPED; i++) {
                double vx = Out[r][i] ? 0.0 : Vx[r][i] + DT * Fx[r][i], vy = Out[r][i] ? 0.0 : Vy[r][i] + DT * Fy[r][i];
                double sp = sqrt(vx * vx + vy * vy);
                double c = sp > VMAX ? VMAX / sp : 1.0;
                Vx[r][i] = c * vx;
                Vy[r][i] = c * vy;
                X[r][i] += DT * Vx[r][i];
                Y[r][i] += DT * Vy[r][i];
                Tout[r][i] = Out[r][i] == 0 && X[r][i] > XE ? (t + 1) * DT : Tout[r][i];
                Out[r][i] = X[r][i] > XE ? 1 : Out[r][i];
                Queue[r] += Out[r][i] == 0 && X[r][i] > XE - 3.0 ? 1.0 / NSTEP : 0.0;
            }
    }
    for (r = 0; r < NROOM; r++) {
        Tevac[r] = 0.0;
        Nout[r] = 0;
        Tmean[r] = 0.0;
        for (i = 0; i < NPED; i++) {
            Tevac[r] = Tout[r][i] > Tevac[r] ? Tout[r][i] : Tevac[r];
            Nout[r] += Out[r][i];
            Tmean[r] += Out[r][i] ? Tout[r][i] / NPED : 0.0;
        }
    }
#pragma endscop
}

int main(void)
{
    double (*X)[NPED] = malloc(sizeof(double[NROOM][NPED])), (*Y)[NPED] = malloc(sizeof(double[NROOM][NPED]));
    double (*Vx)[NPED] = malloc(sizeof(double[NROOM][NPED])), (*Vy)[NPED] = malloc(sizeof(double[NROOM][NPED]));
    double (*Ex)[NPED] = malloc(sizeof(double[NROOM][NPED])), (*Ey)[NPED] = malloc(sizeof(double[NROOM][NPED]));
    double (*Fx)[NPED] = malloc(sizeof(double[NROOM][NPED])), (*Fy)[NPED] = malloc(sizeof(double[NROOM][NPED]));
    double (*V0)[NPED] = malloc(sizeof(double[NROOM][NPED])), (*Tout)[NPED] = malloc(sizeof(double[NROOM][NPED]));
    int (*Out)[NPED] = malloc(sizeof(int[NROOM][NPED])), *Nout = malloc(sizeof(int[NROOM]));
    double *Wc = malloc(sizeof(double[NROOM])), *Queue = malloc(sizeof(double[NROOM]));
    double *Tevac = malloc(sizeof(double[NROOM])), *Tmean = malloc(sizeof(double[NROOM]));
    if (!X || !Y || !Vx || !Vy || !Ex || !Ey || !Fx || !Fy || !V0 || !Tout || !Out || !Nout || !Wc || !Queue || !Tevac || !Tmean)
        return 1;
    /* corridors 2.5-6 m wide and 15 m long; the occupants start at rest on a jittered
     * lattice of eight columns 0.8 m apart in the first 7 m, desired speeds
     * 1.0-1.6 m/s */
    for (int r = 0; r < NROOM; r++) {
        Wc[r] = 2.5 + 3.5 * (double)((r * 5) % 8) / 7.0;
        Queue[r] = Tevac[r] = Tmean[r] = 0.0;
        Nout[r] = 0;
        int nrow = (NPED + 7) / 8;
        for (int i = 0; i < NPED; i++) {
            unsigned h = (unsigned)(r + 1) * 2654435761u ^ (unsigned)(i + 5) * 2246822519u;
            h ^= h >> 15;
            h *= 2246822519u;
            h ^= h >> 13;
            X[r][i] = 0.5 + 0.8 * (i % 8) + 0.2 * (double)(h % 100u) / 100.0;
            Y[r][i] = RAD + (Wc[r] - 2.0 * RAD) * ((double)(i / 8) + 0.5) / nrow + 0.05 * (double)((h >> 8) % 100u) / 100.0;
            V0[r][i] = 1.0 + 0.6 * (double)((h >> 16) % 100u) / 99.0;
            Vx[r][i] = Vy[r][i] = Ex[r][i] = Ey[r][i] = Fx[r][i] = Fy[r][i] = 0.0;
            Out[r][i] = 0;
            Tout[r][i] = -1.0;
        }
    }

    evacuate(X, Y, Vx, Vy, Ex, Ey, Fx, Fy, V0, Out, Tout, Wc, Queue, Tevac, Nout, Tmean);

    double sum = 0.0;
    for (int r = 0; r < NROOM; r++) {
        for (int i = 0; i < NPED; i++)
            sum += ((double)X[r][i] + Y[r][i] + Tout[r][i] + Vx[r][i] + Vy[r][i]) * (double)(1 + (r + 3 * i) % 7);
        sum += (Tevac[r] + Nout[r] + Tmean[r] + Queue[r]) * (double)(1 + r % 5);
    }
    printf("%.10e\n", sum);
    free(X); free(Y); free(Vx); free(Vy); free(Ex); free(Ey); free(Fx); free(Fy); free(V0); free(Tout); free(Out); free(Nout);
    free(Wc); free(Queue); free(Tevac); free(Tmean);
    return 0;
}
