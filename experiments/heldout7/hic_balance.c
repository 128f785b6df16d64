/* Matrix balancing of a chromosome conformation capture (Hi-C) contact map
 * (genomics): iterative correction of the symmetric contact matrix so that every
 * genomic bin has the same coverage. Per iteration each bin's coverage (row sum,
 * block-local accumulator) gives its inverse square-root bias and adds to the
 * iteration's total; then every contact is scaled by the mean coverage over the
 * square root of the two bins' coverages (a symmetric Sinkhorn step). Sizes are
 * arguments; the iteration loop is outermost. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NBIN
#define NBIN 4000
#endif
#ifndef NITER
#define NITER 10
#endif

static void balance(int n, int nit, double M[restrict n][n], double isq[restrict n],
                    double tot[restrict nit])
{
    int it, i, j;
#pragma scop
    for (it = 0; it < nit; it++) {
        for (i = 0; i < n; i++) {
            double s = 0.0;
            for (j = 0; j < n; j++)
                s += M[i][j];
            isq[i] = 1.0 / sqrt(s);
            tot[it] += s;
        }
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                M[i][j] *= tot[it] / n * isq[i] * isq[j];
    }
#pragma endscop
}

int main(void)
{
    int n = NBIN, nit = NITER;
    double (*M)[n] = malloc(sizeof(double[n][n]));
    double *isq = malloc(sizeof(double[n]));
    double *tot = malloc(sizeof(double[nit]));
    if (!M || !isq || !tot)
        return 1;
    /* contact frequency falling with genomic distance like 1 / (1 + d), times the
     * product of two bin visibilities in [0.5, 1.5] (mappability, GC bias), plus a
     * background of 0.01 and a few enriched loop anchors: symmetric, entries in
     * [0.01, 3]; the total coverage changes by under 1 % over the iterations and the
     * entries stay within [0.005, 3] */
    for (int i = 0; i < n; i++)
        isq[i] = 0.5 + (double)((i * 37) % 101) / 100.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int d = i > j ? i - j : j - i;
            double loop = ((i / 50 + j / 50) % 7 == 0 && d < 300) ? 0.2 : 0.0;
            M[i][j] = isq[i] * isq[j] / (1.0 + (double)d) + 0.01 + loop;
        }
    for (int it = 0; it < nit; it++)
        tot[it] = 0.0;

    balance(n, nit, M, isq, tot);

    double sum = 0.0;
    for (int it = 0; it < nit; it++)
        sum += 1e-6 * tot[it] * (double)(1 + it % 3);
    for (int i = 0; i < n; i++) {
        sum += isq[i] * (double)(1 + i % 7);
        for (int j = 0; j < n; j++)
            sum += M[i][j] * (double)(1 + (i + 2 * j) % 11);
    }
    printf("%.10e\n", sum);
    free(M); free(isq); free(tot);
    return 0;
}
