/* Heteroskedasticity- and autocorrelation-consistent (Newey-West) long-run covariance
 * of the score vectors of a time-series regression (econometrics): the lag-l
 * autocovariance matrix of the scores, summed over the observations t >= l into a
 * block-local scalar per entry, is added with its Bartlett weight to the entry and to
 * its transpose (lag 0 with weight 1/2, so that it counts once). The weights are an
 * argument array. Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NOBS
#define NOBS 12000
#endif
#ifndef NREG
#define NREG 32
#endif
#ifndef NLAG
#define NLAG 24
#endif

static void newey_west(int nt, int nk, int nl, const double E[restrict nt][nk],
                       const double w[restrict nl + 1], double S[restrict nk][nk])
{
    int l, a, b, t;
#pragma scop
    for (l = 0; l <= nl; l++)
        for (a = 0; a < nk; a++)
            for (b = 0; b < nk; b++) {
                double g = 0.0;
                for (t = l; t < nt; t++)
                    g += E[t][a] * E[t - l][b];
                S[a][b] += w[l] * g / nt;
                S[b][a] += w[l] * g / nt;
            }
#pragma endscop
}

int main(void)
{
    int nt = NOBS, nk = NREG, nl = NLAG;
    double (*E)[nk] = malloc(sizeof(double[nt][nk]));
    double *w = malloc(sizeof(double[nl + 1]));
    double (*S)[nk] = malloc(sizeof(double[nk][nk]));
    if (!E || !w || !S)
        return 1;
    /* Bartlett kernel; scores from a first-order autoregression with coefficient 0.5 on
     * a bounded periodic-plus-sawtooth innovation, so every score lies within [-2, 2]
     * and the autocovariances decay with the lag */
    w[0] = 0.5;
    for (int l = 1; l <= nl; l++)
        w[l] = 1.0 - (double)l / (double)(nl + 1);
    for (int a = 0; a < nk; a++)
        for (int b = 0; b < nk; b++)
            S[a][b] = 0.0;
    for (int t = 0; t < nt; t++)
        for (int a = 0; a < nk; a++) {
            double u = 0.5 * cos(0.013 * (double)((a + 1) * t) + 0.2 * (double)a)
                     + 0.4 * (double)((t * 7 + a * 13) % 29 - 14) / 14.0;
            E[t][a] = u + (t > 0 ? 0.5 * E[t - 1][a] : 0.0);
        }

    newey_west(nt, nk, nl, E, w, S);

    double sum = 0.0;
    for (int a = 0; a < nk; a++)
        for (int b = 0; b < nk; b++)
            sum += S[a][b] * (double)(1 + (a + 3 * b) % 7);
    printf("%.10e\n", sum);
    free(E); free(w); free(S);
    return 0;
}
