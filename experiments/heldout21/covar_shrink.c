/* Portfolio risk: the Ledoit-Wolf style shrunk covariance of asset returns. The
 * returns' column means, the demeaned returns in place, the sample covariance over the
 * upper triangle (j >= i, a block-local accumulator over the observations) mirrored to
 * the lower, the average variance, and the shrinkage toward that scaled identity with
 * a fixed intensity. Returns are an observations x assets table (row-major). Double;
 * global arrays, sizes are #defines. Five nests, 9 statements. */
#include <stdio.h>

#ifndef NOBS
#define NOBS 1000
#endif
#ifndef NA
#define NA 800
#endif

static double R[NOBS][NA];
static double mu[NA];
static double S[NA][NA];
static double avgvar;

static void shrunk_covariance(double delta)
{
    int t, i, j;
#pragma scop
    for (j = 0; j < NA; j++) {
        mu[j] = 0.0;
        for (t = 0; t < NOBS; t++)
            mu[j] += R[t][j];
        mu[j] = mu[j] / NOBS;
    }
    for (t = 0; t < NOBS; t++)
        for (j = 0; j < NA; j++)
            R[t][j] -= mu[j];
    for (i = 0; i < NA; i++)
        for (j = i; j < NA; j++) {
            double s = 0.0;
            for (t = 0; t < NOBS; t++)
                s += R[t][i] * R[t][j];
            S[i][j] = s / (NOBS - 1);
            S[j][i] = S[i][j];
        }
    avgvar = 0.0;
    for (i = 0; i < NA; i++)
        avgvar += S[i][i] / NA;
    for (i = 0; i < NA; i++)
        for (j = 0; j < NA; j++)
            S[i][j] = (1.0 - delta) * S[i][j] + (i == j ? delta * avgvar : 0.0);
#pragma endscop
}

int main(void)
{
    for (int t = 0; t < NOBS; t++)
        for (int j = 0; j < NA; j++)
            R[t][j] = 0.01 * (double)((t * 37 + j * 11 + (t * j) % 13) % 41 - 20) / 20.0
                      + 0.002 * (double)((t / 5 + j % 9) % 7 - 3);
    shrunk_covariance(0.2);
    double cs = avgvar * 1.0e6;
    for (int i = 0; i < NA; i++)
        for (int j = 0; j < NA; j++)
            cs += S[i][j] * 1.0e4 * (double)((i * 7 + j * 3) % 53 + 1);
    printf("%.10e\n", cs);
    return 0;
}
