/* Weighted Gram (covariance) matrix of a data table with row weights, as in weighted
 * least squares or a weighted principal component analysis: the weighted column means,
 * then G = (X - 1 mu^T)^T diag(w) (X - 1 mu^T) / sum(w), accumulated row by row as
 * rank-1 updates of the upper triangle (j >= i, block-local centred weighted value),
 * then mirrored to the lower triangle. X, G are flat 1-D arrays indexed r * p + i with
 * the column count p a parameter. Double precision, sizes are passed through local int
 * variables. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NROW
#define NROW 20000
#endif
#ifndef NCOL
#define NCOL 448
#endif

static void gram_weighted(int n, int p, const double *restrict X, const double *restrict w,
                          double *restrict mu, double *restrict G)
{
    int r, i, j;
#pragma scop
    {
        double ws = 0.0;
        for (r = 0; r < n; r++)
            ws += w[r];
        for (i = 0; i < p; i++)
            mu[i] = 0.0;
        for (r = 0; r < n; r++)
            for (i = 0; i < p; i++)
                mu[i] += w[r] * X[r * p + i];
        for (i = 0; i < p; i++)
            mu[i] = mu[i] / ws;
        for (i = 0; i < p; i++)
            for (j = i; j < p; j++)
                G[i * p + j] = 0.0;
        for (r = 0; r < n; r++)
            for (i = 0; i < p; i++) {
                double xi = w[r] * (X[r * p + i] - mu[i]);
                for (j = i; j < p; j++)
                    G[i * p + j] += xi * (X[r * p + j] - mu[j]);
            }
        for (i = 0; i < p; i++)
            for (j = i; j < p; j++)
                G[i * p + j] = G[i * p + j] / ws;
        for (i = 0; i < p; i++)
            for (j = 0; j < i; j++)
                G[i * p + j] = G[j * p + i];
    }
#pragma endscop
}

int main(void)
{
    int n = NROW, p = NCOL;
    double *X = malloc(sizeof(double) * (size_t)n * p);
    double *w = malloc(sizeof(double) * (size_t)n);
    double *mu = malloc(sizeof(double) * (size_t)p);
    double *G = malloc(sizeof(double) * (size_t)p * p);
    if (!X || !w || !mu || !G)
        return 1;
    for (int r = 0; r < n; r++) {
        w[r] = 0.5 + (double)((r * 7) % 10) / 10.0;
        for (int i = 0; i < p; i++)
            X[r * p + i] = (double)((r * 13 + i * 5 + (r / 7) * i) % 41) / 41.0 + 0.02 * (double)(i % 6);
    }
    for (int i = 0; i < p; i++) {
        mu[i] = 0.0;
        for (int j = 0; j < p; j++)
            G[i * p + j] = 0.0;
    }

    gram_weighted(n, p, X, w, mu, G);

    double sum = 0.0;
    for (int i = 0; i < p; i++) {
        sum += 10.0 * mu[i] * (double)(1 + i % 5);
        for (int j = 0; j < p; j++)
            sum += 100.0 * G[i * p + j] * (double)(1 + (i + 2 * j) % 7);
    }
    printf("%.10e\n", sum);
    free(X); free(w); free(mu); free(G);
    return 0;
}
