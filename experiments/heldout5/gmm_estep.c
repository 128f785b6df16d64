/* Expectation step of a Gaussian mixture model with diagonal covariances: the log
 * density of every point under every component (log weight and normalising constant
 * precomputed per component, minus half the variance-weighted squared distance,
 * accumulated in a block-local scalar), then per point the log-sum-exp over the
 * components (maximum by ternary, shifted exponentials) giving the responsibilities in
 * place and the point's log-likelihood. Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NPTS
#define NPTS 300000
#endif
#ifndef NCOMP
#define NCOMP 32
#endif
#ifndef DIM
#define DIM 32
#endif

static void estep(int n, int k, int d, const double X[restrict n][d],
                  const double mu[restrict k][d], const double ivar[restrict k][d],
                  const double lognorm[restrict k], double R[restrict n][k],
                  double ll[restrict n])
{
    int i, c, j;
#pragma scop
    for (i = 0; i < n; i++)
        for (c = 0; c < k; c++) {
            double q = 0.0;
            for (j = 0; j < d; j++)
                q += (X[i][j] - mu[c][j]) * (X[i][j] - mu[c][j]) * ivar[c][j];
            R[i][c] = lognorm[c] - 0.5 * q;
        }
    for (i = 0; i < n; i++) {
        double mx = R[i][0];
        for (c = 1; c < k; c++)
            mx = R[i][c] > mx ? R[i][c] : mx;
        double s = 0.0;
        for (c = 0; c < k; c++) {
            R[i][c] = exp(R[i][c] - mx);
            s += R[i][c];
        }
        for (c = 0; c < k; c++)
            R[i][c] = R[i][c] / s;
        ll[i] = mx + log(s);
    }
#pragma endscop
}

int main(void)
{
    int n = NPTS, k = NCOMP, d = DIM;
    double (*X)[d] = malloc(sizeof(double[n][d]));
    double (*mu)[d] = malloc(sizeof(double[k][d]));
    double (*ivar)[d] = malloc(sizeof(double[k][d]));
    double *lognorm = malloc(sizeof(double[k]));
    double (*R)[k] = malloc(sizeof(double[n][k]));
    double *ll = malloc(sizeof(double[n]));
    if (!X || !mu || !ivar || !lognorm || !R || !ll)
        return 1;
    /* points and means in [-1, 1], inverse variances in [0.5, 2]: the scaled distances
     * stay below 256, so no shifted exponential comes near underflow */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < d; j++)
            X[i][j] = (double)((i * 37 + j * 91 + (i / 13) * (j + 1)) % 201 - 100) / 100.0;
    for (int c = 0; c < k; c++) {
        double logdet = 0.0;
        for (int j = 0; j < d; j++) {
            mu[c][j] = (double)((c * 53 + j * 29) % 41 - 20) / 20.0;
            ivar[c][j] = 0.5 + 1.5 * (double)((c * 7 + j * 3) % 10) / 9.0;
            logdet -= log(ivar[c][j]);
        }
        double w = (double)(1 + c % 5) / (double)(3 * k);
        lognorm[c] = log(w) - 0.5 * (logdet + (double)d * log(2.0 * 3.14159265358979));
    }

    estep(n, k, d, X, mu, ivar, lognorm, R, ll);

    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        sum += 1e-3 * ll[i] * (double)(1 + i % 7);
        for (int c = 0; c < k; c++)
            sum += R[i][c] * (double)(1 + (i + 3 * c) % 11);
    }
    printf("%.10e\n", sum);
    free(X); free(mu); free(ivar); free(lognorm); free(R); free(ll);
    return 0;
}
