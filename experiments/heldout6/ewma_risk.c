/* Exponentially weighted covariance of asset returns (the RiskMetrics model of market
 * risk): day by day the lower triangle of the covariance matrix (j <= i) decays by the
 * factor lam and takes the day's outer product of returns; after each day the assets'
 * volatilities and their betas to the market index (asset 0) are recorded. Three
 * statements in a time loop. Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NASSET
#define NASSET 1024
#endif
#ifndef NDAYS
#define NDAYS 3000
#endif

static void ewma_cov(int na, int nt, double lam, const double R[restrict nt][na],
                     double C[restrict na][na], double vol[restrict nt][na],
                     double beta[restrict nt][na])
{
    int t, i, j;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (i = 0; i < na; i++)
            for (j = 0; j <= i; j++)
                C[i][j] = lam * C[i][j] + (1.0 - lam) * R[t][i] * R[t][j];
        for (i = 0; i < na; i++) {
            vol[t][i] = sqrt(C[i][i]);
            beta[t][i] = C[i][0] / C[0][0];
        }
    }
#pragma endscop
}

int main(void)
{
    int na = NASSET, nt = NDAYS;
    double (*R)[na] = malloc(sizeof(double[nt][na]));
    double (*C)[na] = malloc(sizeof(double[na][na]));
    double (*vol)[na] = malloc(sizeof(double[nt][na]));
    double (*beta)[na] = malloc(sizeof(double[nt][na]));
    if (!R || !C || !vol || !beta)
        return 1;
    /* daily returns of about 1%: a market factor with asset-dependent loading plus an
     * idiosyncratic part; the starting covariance 1e-4 on the diagonal and 3e-5 off it
     * keeps every variance above 1e-5 */
    for (int t = 0; t < nt; t++) {
        double mkt = 0.008 * (double)((t * 13 + t / 5) % 41 - 20) / 20.0;
        for (int i = 0; i < na; i++)
            R[t][i] = mkt * (0.5 + (double)(i % 4) / 3.0)
                    + 0.01 * (double)((t * 31 + i * 17 + (t / 7) * (i % 5)) % 201 - 100) / 100.0;
    }
    for (int i = 0; i < na; i++)
        for (int j = 0; j < na; j++)
            C[i][j] = i == j ? 1e-4 : 3e-5;

    ewma_cov(na, nt, 0.94, R, C, vol, beta);

    double sum = 0.0;
    for (int t = 0; t < nt; t++)
        for (int i = 0; i < na; i++)
            sum += (10.0 * vol[t][i] + 1e-3 * beta[t][i]) * (double)(1 + (t + 2 * i) % 7);
    for (int i = 0; i < na; i++)
        for (int j = 0; j <= i; j++)
            sum += 1e4 * C[i][j] * (double)(1 + (i + 3 * j) % 11);
    printf("%.10e\n", sum);
    free(R); free(C); free(vol); free(beta);
    return 0;
}
