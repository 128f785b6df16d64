/* Normalized Gaussian affinity matrix for spectral clustering: for n points in d
 * dimensions (X flat, point i at i * d), the squared distance of every pair in the upper
 * triangle (j > i, block-local accumulator over the features), the affinity
 * W = exp(-gamma * dist2) stored in both triangles (W[i * n + j] and W[j * n + i]) with a
 * zero diagonal, the degree of every point (row sums), and the symmetric normalization
 * L = W / sqrt(deg_i * deg_j) in place. Double precision; n and d are scalar parameters
 * (flat restrict pointers), passed through local int variables. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#ifndef NPT
#define NPT 2640
#endif
#ifndef DIM
#define DIM 96
#endif

static void affinity(int n, int d, double gamma, const double *restrict X,
                     double *restrict W, double *restrict deg)
{
    int i, j, p;
#pragma scop
    for (i = 0; i < n; i++) {
        W[i * n + i] = 0.0;
        for (j = i + 1; j < n; j++) {
            double s = 0.0;
            for (p = 0; p < d; p++) {
                double t = X[i * d + p] - X[j * d + p];
                s += t * t;
            }
            W[i * n + j] = exp(-gamma * s);
            W[j * n + i] = W[i * n + j];
        }
    }
    for (i = 0; i < n; i++) {
        deg[i] = 1.0e-3;
        for (j = 0; j < n; j++)
            deg[i] += W[i * n + j];
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            W[i * n + j] = W[i * n + j] / sqrt(deg[i] * deg[j]);
#pragma endscop
}

int main(void)
{
    int n = NPT, d = DIM;
    double *X = malloc(sizeof(double) * (size_t)n * d);
    double *W = malloc(sizeof(double) * (size_t)n * n);
    double *deg = malloc(sizeof(double) * (size_t)n);
    if (!X || !W || !deg)
        return 1;
    unsigned int s = 2024u;
    for (int i = 0; i < n; i++) {
        int c = i % 7;
        for (int p = 0; p < d; p++) {
            s = s * 1664525u + 1013904223u;
            X[i * d + p] = 0.6 * ((c * 5 + p * 3) % 11) / 11.0 + 0.25 * (double)(s >> 8) / 16777216.0;
        }
    }
    affinity(n, d, 0.5, X, W, deg);
    double cs = 0.0;
    for (int i = 0; i < n; i++) {
        cs += deg[i] * (double)(i % 23 + 1);
        for (int j = 0; j < n; j++)
            cs += W[i * n + j] * (double)((i * 3 + j * 11) % 101 + 1);
    }
    printf("%.10e\n", cs);
    free(X);
    free(W);
    free(deg);
    return 0;
}
