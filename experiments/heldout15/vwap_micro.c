/* Market microstructure: intraday liquidity and co-movement statistics of a basket
 * of instruments from minute bars. Per instrument the running sums of traded value
 * and volume (a recurrence over the minutes, integer volumes), the rolling
 * volume-weighted average price over a window (differences of the running sums), the
 * log returns (log), the rolling realised variance and Amihud illiquidity over the
 * same window (banded sums, fabs), the minutes trading above the VWAP and the largest
 * relative deviation from it (ternaries); last the return covariance matrix of the
 * basket (lower triangle, a contraction over the minutes). Double precision with long
 * integer volumes, sizes are arguments passed directly from macros. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NINST
#define NINST 384
#endif
#ifndef NMIN
#define NMIN 4096
#endif
#ifndef WIN
#define WIN 60
#endif

static void micro(int ni, int nt, int w, const double P[restrict ni][nt], const long V[restrict ni][nt],
                  double Cpv[restrict ni][nt + 1], long Cv[restrict ni][nt + 1], double Vw[restrict ni][nt],
                  double R[restrict ni][nt], double Rv[restrict ni][nt], double Ami[restrict ni][nt],
                  int Nab[restrict ni], double Dev[restrict ni], double Cov[restrict ni][ni])
{
    int i, j, t, k;
#pragma scop
    for (i = 0; i < ni; i++) {
        Cpv[i][0] = 0.0;
        Cv[i][0] = 0;
        for (t = 0; t < nt; t++) {
            Cpv[i][t + 1] = Cpv[i][t] + P[i][t] * V[i][t];
            Cv[i][t + 1] = Cv[i][t] + V[i][t];
        }
    }
    for (i = 0; i < ni; i++)
        for (t = w - 1; t < nt; t++)
            Vw[i][t] = (Cpv[i][t + 1] - Cpv[i][t + 1 - w]) / (double)(Cv[i][t + 1] - Cv[i][t + 1 - w]);
    for (i = 0; i < ni; i++) {
        R[i][0] = 0.0;
        for (t = 1; t < nt; t++)
            R[i][t] = log(P[i][t] / P[i][t - 1]);
    }
    for (i = 0; i < ni; i++)
        for (t = w - 1; t < nt; t++) {
            Rv[i][t] = 0.0;
            Ami[i][t] = 0.0;
            for (k = t - w + 1; k <= t; k++) {
                Rv[i][t] += R[i][k] * R[i][k];
                Ami[i][t] += 1e6 * fabs(R[i][k]) / (P[i][k] * V[i][k]);
            }
        }
    for (i = 0; i < ni; i++) {
        Nab[i] = 0;
        Dev[i] = 0.0;
        for (t = w - 1; t < nt; t++) {
            double d = (P[i][t] - Vw[i][t]) / Vw[i][t];
            Nab[i] += d > 0.0 ? 1 : 0;
            Dev[i] = fabs(d) > Dev[i] ? fabs(d) : Dev[i];
        }
    }
    for (i = 0; i < ni; i++)
        for (j = 0; j <= i; j++) {
            double s = 0.0;
            for (t = 1; t < nt; t++)
                s += R[i][t] * R[j][t];
            Cov[i][j] = s / (nt - 1);
        }
#pragma endscop
}

int main(void)
{
    double (*P)[NMIN] = malloc(sizeof(double[NINST][NMIN]));
    long (*V)[NMIN] = malloc(sizeof(long[NINST][NMIN]));
    double (*Cpv)[NMIN + 1] = malloc(sizeof(double[NINST][NMIN + 1]));
    long (*Cv)[NMIN + 1] = malloc(sizeof(long[NINST][NMIN + 1]));
    double (*Vw)[NMIN] = malloc(sizeof(double[NINST][NMIN]));
    double (*R)[NMIN] = malloc(sizeof(double[NINST][NMIN]));
    double (*Rv)[NMIN] = malloc(sizeof(double[NINST][NMIN]));
    double (*Ami)[NMIN] = malloc(sizeof(double[NINST][NMIN]));
    double (*Cov)[NINST] = malloc(sizeof(double[NINST][NINST]));
    int *Nab = malloc(sizeof(int[NINST]));
    double *Dev = malloc(sizeof(double[NINST]));
    if (!P || !V || !Cpv || !Cv || !Vw || !R || !Rv || !Ami || !Cov || !Nab || !Dev)
        return 1;
    /* prices 10-210 with a market factor, a sector factor and an idiosyncratic wiggle
     * (moves of a few basis points per minute); volumes 100-50000 shares with a
     * U-shaped intraday profile */
    for (int i = 0; i < NINST; i++) {
        double p0 = 10.0 + 200.0 * ((i * 37) % 101) / 100.0, beta = 0.5 + ((i * 7) % 11) / 10.0;
        for (int t = 0; t < NMIN; t++) {
            unsigned h = (unsigned)(i + 1) * 2654435761u ^ (unsigned)(t + 3) * 2246822519u;
            h ^= h >> 15;
            h *= 2246822519u;
            h ^= h >> 13;
            double x = (double)t;
            P[i][t] = p0 * (1.0 + 0.02 * beta * sin(0.0031 * x) + 0.01 * sin(0.017 * x + i % 9) + 0.002 * sin(0.9 * x * (1 + i % 5) + i)
                            + 0.0004 * ((double)(h % 1000u) / 500.0 - 1.0));
            double u = (double)(t % 390) / 389.0 - 0.5;
            V[i][t] = 100 + (long)((2000.0 + 40000.0 * u * u * 4.0) * (0.2 + 0.8 * (double)((h >> 10) % 1000u) / 1000.0)) + (i % 13) * 500;
            Cpv[i][t] = Vw[i][t] = R[i][t] = Rv[i][t] = Ami[i][t] = 0.0;
            Cv[i][t] = 0;
        }
        Cpv[i][NMIN] = 0.0;
        Cv[i][NMIN] = 0;
        Nab[i] = 0;
        Dev[i] = 0.0;
        for (int j = 0; j < NINST; j++)
            Cov[i][j] = 0.0;
    }

    micro(NINST, NMIN, WIN, P, V, Cpv, Cv, Vw, R, Rv, Ami, Nab, Dev, Cov);

    double sum = 0.0;
    for (int i = 0; i < NINST; i++) {
        for (int t = WIN - 1; t < NMIN; t++)
            sum += (Vw[i][t] + 1e4 * Rv[i][t] + Ami[i][t]) * (double)(1 + (i + 3 * t) % 7);
        for (int j = 0; j <= i; j++)
            sum += 1e6 * Cov[i][j] * (double)(1 + (i + 2 * j) % 5);
        sum += (Dev[i] + 1e-3 * Nab[i]) * (double)(1 + i % 5);
    }
    printf("%.10e\n", sum);
    free(P); free(V); free(Cpv); free(Cv); free(Vw); free(R); free(Rv); free(Ami); free(Cov); free(Nab); free(Dev);
    return 0;
}
