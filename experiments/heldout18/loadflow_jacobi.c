/* Power systems: load flow of many small distribution networks by Jacobi iterations
 * on the bus voltages in rectangular form (bus 0 the slack). Per network and
 * iteration every PQ bus's current injection from its scheduled power and its old
 * voltage, the network current of the other buses (block-local sums over the dense
 * admittance row, the diagonal term taken out), the new voltage by a complex
 * division by the diagonal admittance, and the largest voltage change of the
 * iteration (ternary, into a history zeroed by main); the new voltages then copied
 * back. Last per network the slack bus active power injection, the losses and the
 * lowest voltage magnitude and its bus (ternaries; main starts the bus index at 0).
 * Double precision (int bus index), sizes are arguments passed directly from macros
 * (VLA parameters). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NNET
#define NNET 2400
#endif
#ifndef NBUS
#define NBUS 24
#endif
#ifndef NIT
#define NIT 220
#endif

static void loadflow(int nn, int nb, int nit, const double G[restrict nn][nb][nb], const double B[restrict nn][nb][nb],
                     const double P[restrict nn][nb], const double Q[restrict nn][nb], double Vr[restrict nn][nb],
                     double Vi[restrict nn][nb], double Wr[restrict nn][nb], double Wi[restrict nn][nb],
                     double Dv[restrict nn][nit], double Ps[restrict nn],
                     double Loss[restrict nn], double Vmin[restrict nn], int Bmin[restrict nn])
{
    int n, it, i, j;
#pragma scop
    for (n = 0; n < nn; n++)
        for (it = 0; it < nit; it++) {
            for (i = 1; i < nb; i++) {
                double sr = 0.0, si = 0.0;
                for (j = 0; j < nb; j++) {
                    sr += G[n][i][j] * Vr[n][j] - B[n][i][j] * Vi[n][j];
                    si += G[n][i][j] * Vi[n][j] + B[n][i][j] * Vr[n][j];
                }
                double m2 = Vr[n][i] * Vr[n][i] + Vi[n][i] * Vi[n][i];
                double ar = (P[n][i] * Vr[n][i] + Q[n][i] * Vi[n][i]) / m2
                            - (sr - (G[n][i][i] * Vr[n][i] - B[n][i][i] * Vi[n][i]));
                double ai = (P[n][i] * Vi[n][i] - Q[n][i] * Vr[n][i]) / m2
                            - (si - (G[n][i][i] * Vi[n][i] + B[n][i][i] * Vr[n][i]));
                double g2 = G[n][i][i] * G[n][i][i] + B[n][i][i] * B[n][i][i];
                Wr[n][i] = (ar * G[n][i][i] + ai * B[n][i][i]) / g2;
                Wi[n][i] = (ai * G[n][i][i] - ar * B[n][i][i]) / g2;
                Dv[n][it] = fabs(Wr[n][i] - Vr[n][i]) + fabs(Wi[n][i] - Vi[n][i]) > Dv[n][it]
                                ? fabs(Wr[n][i] - Vr[n][i]) + fabs(Wi[n][i] - Vi[n][i]) : Dv[n][it];
            }
            for (i = 1; i < nb; i++) {
                Vr[n][i] = Wr[n][i];
                Vi[n][i] = Wi[n][i];
            }
        }
    for (n = 0; n < nn; n++) {
        double ir = 0.0, ii = 0.0;
        for (j = 0; j < nb; j++) {
            ir += G[n][0][j] * Vr[n][j] - B[n][0][j] * Vi[n][j];
            ii += G[n][0][j] * Vi[n][j] + B[n][0][j] * Vr[n][j];
        }
        Ps[n] = Vr[n][0] * ir + Vi[n][0] * ii;
        Loss[n] = Ps[n];
        Vmin[n] = 10.0;
        for (i = 1; i < nb; i++) {
            Loss[n] += P[n][i];
            Bmin[n] = sqrt(Vr[n][i] * Vr[n][i] + Vi[n][i] * Vi[n][i]) < Vmin[n] ? i : Bmin[n];
            Vmin[n] = sqrt(Vr[n][i] * Vr[n][i] + Vi[n][i] * Vi[n][i]) < Vmin[n]
                          ? sqrt(Vr[n][i] * Vr[n][i] + Vi[n][i] * Vi[n][i]) : Vmin[n];
        }
    }
#pragma endscop
}

int main(void)
{
    double (*G)[NBUS][NBUS] = malloc(sizeof(double[NNET][NBUS][NBUS])), (*B)[NBUS][NBUS] = malloc(sizeof(double[NNET][NBUS][NBUS]));
    double (*P)[NBUS] = malloc(sizeof(double[NNET][NBUS])), (*Q)[NBUS] = malloc(sizeof(double[NNET][NBUS]));
    double (*Vr)[NBUS] = malloc(sizeof(double[NNET][NBUS])), (*Vi)[NBUS] = malloc(sizeof(double[NNET][NBUS]));
    double (*Wr)[NBUS] = malloc(sizeof(double[NNET][NBUS])), (*Wi)[NBUS] = malloc(sizeof(double[NNET][NBUS]));
    double (*Dv)[NIT] = malloc(sizeof(double[NNET][NIT]));
    double *Ps = malloc(sizeof(double[NNET])), *Loss = malloc(sizeof(double[NNET]));
    double *Vmin = malloc(sizeof(double[NNET]));
    int *Bmin = malloc(sizeof(int[NNET]));
    if (!G || !B || !P || !Q || !Vr || !Vi || !Wr || !Wi || !Dv || !Ps || !Loss || !Vmin || !Bmin)
        return 1;
    /* every pair of buses joined by a weak line (series r + jx), every bus by a
     * stronger line to the slack bus; line charging as a small shunt; loads of
     * 0.02-0.06 pu with a few small generators; flat start at the slack voltage */
    for (int n = 0; n < NNET; n++) {
        for (int i = 0; i < NBUS; i++)
            for (int j = 0; j < NBUS; j++)
                G[n][i][j] = B[n][i][j] = 0.0;
        for (int i = 0; i < NBUS; i++)
            for (int j = i + 1; j < NBUS; j++) {
                double r = 0.05 + 0.1 * (double)((n + i * 3 + j * 5) % 7) / 6.0, x = 3.0 * r;
                double scale = i == 0 ? 0.12 * (NBUS - 1) : 1.0;
                double g = scale * r / (r * r + x * x) / (NBUS - 1), b = scale * x / (r * r + x * x) / (NBUS - 1);
                G[n][i][j] = G[n][j][i] = -g;
                B[n][i][j] = B[n][j][i] = b;
                G[n][i][i] += g; G[n][j][j] += g;
                B[n][i][i] -= b; B[n][j][j] -= b;
            }
        for (int i = 0; i < NBUS; i++) {
            B[n][i][i] += 0.01;
            P[n][i] = i % 6 == 3 ? 0.05 : -(0.02 + 0.04 * (double)((n * 7 + i * 11) % 9) / 8.0);
            Q[n][i] = i % 6 == 3 ? 0.01 : -(0.01 + 0.02 * (double)((n * 5 + i * 3) % 7) / 6.0);
            Vr[n][i] = 1.02 * cos(0.05);
            Vi[n][i] = 1.02 * sin(0.05);
            Wr[n][i] = Vr[n][i];
            Wi[n][i] = Vi[n][i];
        }
        for (int it = 0; it < NIT; it++)
            Dv[n][it] = 0.0;
        Ps[n] = Loss[n] = Vmin[n] = 0.0;
        Bmin[n] = 0;
    }

    loadflow(NNET, NBUS, NIT, G, B, P, Q, Vr, Vi, Wr, Wi, Dv, Ps, Loss, Vmin, Bmin);

    double sum = 0.0;
    for (int n = 0; n < NNET; n++) {
        for (int i = 0; i < NBUS; i++)
            sum += (Vr[n][i] + 2.0 * Vi[n][i] + Wr[n][i] + 0.5 * Wi[n][i]) * (double)(1 + (n + 3 * i) % 7);
        for (int it = 0; it < NIT; it++)
            sum += 1e3 * Dv[n][it] * (double)(1 + (n + it) % 5);
        sum += (Ps[n] + 10.0 * Loss[n] + Vmin[n] + 0.01 * Bmin[n]) * (double)(1 + n % 3);
    }
    printf("%.10e\n", sum);
    free(G); free(B); free(P); free(Q); free(Vr); free(Vi); free(Wr); free(Wi); free(Dv);
    free(Ps); free(Loss); free(Vmin); free(Bmin);
    return 0;
}
