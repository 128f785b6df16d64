/* Structured finance / mortgage-backed securities: pricing of pass-through mortgage
 * pools under a set of prepayment-speed scenarios. First the per-scenario discount
 * curve (a recurrence over the months with the scenario's rate path) and the monthly
 * prepayment rate SMM = 1 - (1 - CPR)^(1/12) from the PSA ramp (6% CPR reached at
 * month 30, the ramp's min(t + 1, 30) as a ternary) times the scenario speed; the
 * level-payment annuity factor of every pool for every remaining term (pow); then the
 * month loop over all pools and scenarios: interest, scheduled principal and
 * prepayment (block-local), the discounted investor cash flow net of servicing and
 * the principal-weighted time (for the weighted average life) accumulated, the balance
 * amortised; last price and WAL per pool and scenario. Double precision, sizes as
 * macros, heap arrays. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NPOOL
#define NPOOL 8192
#endif
#ifndef NSCEN
#define NSCEN 128
#endif
#ifndef NMON
#define NMON 360
#endif
#define SERV 0.0004167   /* 50 bp servicing strip, monthly */

static void mbs(const double *restrict B0, const double *restrict R, const double *restrict Spd,
                const double *restrict Y0, double (*restrict Disc)[NMON + 1],
                double (*restrict Smm)[NMON], double (*restrict Af)[NMON],
                double (*restrict Bal)[NSCEN], double (*restrict Pv)[NSCEN],
                double (*restrict Wal)[NSCEN])
{
    int p, s, t;
#pragma scop
    for (s = 0; s < NSCEN; s++)
        for (t = 0; t < NMON; t++)
            Disc[s][t + 1] = Disc[s][t] / (1.0 + (Y0[s] + 0.00002 * t) / 12.0);
    for (s = 0; s < NSCEN; s++)
        for (t = 0; t < NMON; t++)
            Smm[s][t] = 1.0 - pow(1.0 - Spd[s] * 0.002 * (t + 1 < 30 ? t + 1 : 30), 1.0 / 12.0);
    for (p = 0; p < NPOOL; p++)
        for (t = 0; t < NMON; t++)
            Af[p][t] = R[p] / (1.0 - pow(1.0 + R[p], t - NMON));
    for (p = 0; p < NPOOL; p++)
        for (s = 0; s < NSCEN; s++) {
            Bal[p][s] = B0[p];
            Pv[p][s] = 0.0;
            Wal[p][s] = 0.0;
        }
    for (t = 0; t < NMON; t++)
        for (p = 0; p < NPOOL; p++)
            for (s = 0; s < NSCEN; s++) {
                double in = Bal[p][s] * R[p];
                double sch = Bal[p][s] * Af[p][t] - in;
                double pre = (Bal[p][s] - sch) * Smm[s][t];
                Pv[p][s] += Disc[s][t + 1] * (in - SERV * Bal[p][s] + sch + pre);
                Wal[p][s] += (t + 1) * (sch + pre);
                Bal[p][s] = Bal[p][s] - sch - pre;
            }
    for (p = 0; p < NPOOL; p++)
        for (s = 0; s < NSCEN; s++) {
            Pv[p][s] = 100.0 * Pv[p][s] / B0[p];
            Wal[p][s] = Wal[p][s] / (12.0 * B0[p]);
        }
#pragma endscop
}

int main(void)
{
    double *B0 = malloc(sizeof(double) * NPOOL);
    double *R = malloc(sizeof(double) * NPOOL);
    double *Spd = malloc(sizeof(double) * NSCEN);
    double *Y0 = malloc(sizeof(double) * NSCEN);
    double (*Disc)[NMON + 1] = malloc(sizeof(double[NSCEN][NMON + 1]));
    double (*Smm)[NMON] = malloc(sizeof(double[NSCEN][NMON]));
    double (*Af)[NMON] = malloc(sizeof(double[NPOOL][NMON]));
    double (*Bal)[NSCEN] = malloc(sizeof(double[NPOOL][NSCEN]));
    double (*Pv)[NSCEN] = malloc(sizeof(double[NPOOL][NSCEN]));
    double (*Wal)[NSCEN] = malloc(sizeof(double[NPOOL][NSCEN]));
    if (!B0 || !R || !Spd || !Y0 || !Disc || !Smm || !Af || !Bal || !Pv || !Wal)
        return 1;
    /* pools: balances 1 to 50 million, mortgage rates 3% to 8% a year; scenarios:
     * speeds 50% to 525% PSA, the faster ones with the lower discount yields (7% down
     * to 2.3% a year), a slight upward drift of the yield along the months */
    for (int p = 0; p < NPOOL; p++) {
        B0[p] = 1.0e6 * (1.0 + (double)((p * 37) % 50));
        R[p] = (0.03 + 0.05 * (double)((p * 11) % 41) / 40.0) / 12.0;
        for (int t = 0; t < NMON; t++)
            Af[p][t] = 0.0;
    }
    for (int s = 0; s < NSCEN; s++) {
        Spd[s] = 0.5 + 4.75 * (double)s / (NSCEN - 1);
        Y0[s] = 0.07 - 0.047 * (double)s / (NSCEN - 1);
        Disc[s][0] = 1.0;
        for (int t = 0; t < NMON; t++)
            Disc[s][t + 1] = Smm[s][t] = 0.0;
    }
    for (int p = 0; p < NPOOL; p++)
        for (int s = 0; s < NSCEN; s++)
            Bal[p][s] = Pv[p][s] = Wal[p][s] = 0.0;

    mbs(B0, R, Spd, Y0, Disc, Smm, Af, Bal, Pv, Wal);

    double sum = 0.0;
    for (int p = 0; p < NPOOL; p++)
        for (int s = 0; s < NSCEN; s++)
            sum += (Pv[p][s] + Wal[p][s] + 1e-3 * Bal[p][s]) * (double)(1 + (p + 3 * s) % 7);
    printf("%.10e\n", sum);
    free(B0); free(R); free(Spd); free(Y0); free(Disc); free(Smm); free(Af); free(Bal);
    free(Pv); free(Wal);
    return 0;
}
