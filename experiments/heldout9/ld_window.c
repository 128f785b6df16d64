/* Population genetics: linkage disequilibrium r^2 between nearby markers of a genotype
 * panel (for LD pruning and clumping). Genotypes are allele dosages 0, 1, 2 per marker
 * and individual. First every marker's allele frequency (block-local integer sum);
 * then for every marker i and each of the next WIN markers (window clipped at the
 * panel's end by a min ternary: banded) the dosage cross product (block-local integer
 * accumulator) gives the covariance, and r^2 = cov^2 / (var_i var_j) with the
 * Hardy-Weinberg variances 2 p (1 - p) is stored at R2[i][j - i - 1]. Sizes are
 * arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NMARK
#define NMARK 20000
#endif
#ifndef NIND
#define NIND 4096
#endif
#ifndef WIN
#define WIN 64
#endif

static void ld(int nm, int ni, int win, const signed char G[restrict nm][ni],
               double P[restrict nm], float R2[restrict nm][win])
{
    int i, j, k;
#pragma scop
    for (i = 0; i < nm; i++) {
        int s = 0;
        for (k = 0; k < ni; k++)
            s += G[i][k];
        P[i] = s / (2.0 * ni);
    }
    for (i = 0; i < nm; i++)
        for (j = i + 1; j <= (i + win < nm - 1 ? i + win : nm - 1); j++) {
            int c = 0;
            for (k = 0; k < ni; k++)
                c += G[i][k] * G[j][k];
            R2[i][j - i - 1] = (float)(((double)c / ni - 4.0 * P[i] * P[j])
                                     * ((double)c / ni - 4.0 * P[i] * P[j])
                                     / (4.0 * P[i] * (1.0 - P[i]) * P[j] * (1.0 - P[j])));
        }
#pragma endscop
}

int main(void)
{
    int nm = NMARK, ni = NIND, win = WIN;
    signed char (*G)[ni] = malloc(sizeof(signed char[nm][ni]));
    double *P = malloc(sizeof(double[nm]));
    float (*R2)[win] = malloc(sizeof(float[nm][win]));
    if (!G || !P || !R2)
        return 1;
    /* haplotype blocks of 50 markers: within a block a marker copies its block's
     * founder pattern with a marker-specific share of individuals altered, so LD decays
     * with distance; allele frequencies between about 0.1 and 0.9 (never fixed) */
    for (int i = 0; i < nm; i++) {
        int blk = i / 50;
        for (int k = 0; k < ni; k++) {
            int f = ((k * 7 + blk * 13) % 10) < 3 + (blk % 5);
            int g = ((k * 11 + blk * 3) % 10) < 2 + (blk % 4);
            int flip = (k * 17 + i * 29) % 100 < 5 + (i % 50) / 3;
            G[i][k] = (signed char)(flip ? (f + g + 1 + (k + i) % 2) % 3 : f + g);
        }
        P[i] = 0.0;
        for (int j = 0; j < win; j++)
            R2[i][j] = 0.0f;
    }

    ld(nm, ni, win, G, P, R2);

    double sum = 0.0;
    for (int i = 0; i < nm; i++) {
        sum += P[i] * (double)(1 + i % 5);
        for (int j = 0; j < win; j++)
            sum += (double)R2[i][j] * (double)(1 + (i + 3 * j) % 7);
    }
    printf("%.10e\n", sum);
    free(G); free(P); free(R2);
    return 0;
}
