/* Finance / portfolio analytics: risk decomposition of a book of portfolios against one
 * asset covariance matrix. The optimiser writes the weights asset-major, Wt[a][p] (one
 * column per portfolio), so the marginal risks M[p][a] = sum_b Sigma[a][b] * Wt[b][p]
 * read the weights down a column (block-local accumulator); then every portfolio's
 * volatility sqrt(w' Sigma w) (block-local accumulator) and every asset's risk
 * contribution w_a * M[p][a] / vol, which sum to the volatility (Euler allocation).
 * Three nests; sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NASSET
#define NASSET 384
#endif
#ifndef NPORT
#define NPORT 1536
#endif

static void risk(int na, int np, const double Sigma[restrict na][na],
                 const double Wt[restrict na][np], double M[restrict np][na],
                 double Vol[restrict np], double RC[restrict np][na])
{
    int p, a, b;
#pragma scop
    for (p = 0; p < np; p++)
        for (a = 0; a < na; a++) {
            double m = 0.0;
            for (b = 0; b < na; b++)
                m += Sigma[a][b] * Wt[b][p];
            M[p][a] = m;
        }
    for (p = 0; p < np; p++) {
        double v = 0.0;
        for (a = 0; a < na; a++)
            v += Wt[a][p] * M[p][a];
        Vol[p] = sqrt(v);
    }
    for (p = 0; p < np; p++)
        for (a = 0; a < na; a++)
            RC[p][a] = Wt[a][p] * M[p][a] / Vol[p];
#pragma endscop
}

int main(void)
{
    double (*Sigma)[NASSET] = malloc(sizeof(double[NASSET][NASSET]));
    double (*Wt)[NPORT] = malloc(sizeof(double[NASSET][NPORT]));
    double (*M)[NASSET] = malloc(sizeof(double[NPORT][NASSET]));
    double *Vol = malloc(sizeof(double[NPORT]));
    double (*RC)[NASSET] = malloc(sizeof(double[NPORT][NASSET]));
    if (!Sigma || !Wt || !M || !Vol || !RC)
        return 1;
    /* one-factor-plus-sectors covariance: volatilities 15 to 45 % a year, market
     * correlation 0.3, 0.2 more within each of 12 sectors (positive definite, all
     * entries positive); long-only weights, each portfolio's summing to about 1 */
    for (int a = 0; a < NASSET; a++)
        for (int b = 0; b < NASSET; b++) {
            double sa = 0.15 + 0.30 * (double)((a * 17) % 31) / 30.0;
            double sb = 0.15 + 0.30 * (double)((b * 17) % 31) / 30.0;
            double rho = a == b ? 1.0 : 0.3 + (a % 12 == b % 12 ? 0.2 : 0.0);
            Sigma[a][b] = rho * sa * sb;
        }
    for (int a = 0; a < NASSET; a++)
        for (int p = 0; p < NPORT; p++)
            Wt[a][p] = (1.0 + (double)((a * 7 + p * 13) % 19)) / (10.0 * NASSET);
    for (int p = 0; p < NPORT; p++)
        Vol[p] = 0.0;

    risk(NASSET, NPORT, Sigma, Wt, M, Vol, RC);

    double sum = 0.0;
    for (int p = 0; p < NPORT; p++) {
        sum += Vol[p] * (double)(1 + p % 5);
        for (int a = 0; a < NASSET; a++)
            sum += 100.0 * RC[p][a] * (double)(1 + (p + 3 * a) % 7);
    }
    printf("%.10e\n", sum);
    free(Sigma); free(Wt); free(M); free(Vol); free(RC);
    return 0;
}
