/* Tables for inverse-transform sampling from many discrete distributions (one per row,
 * e.g. the per-pixel light distributions of an importance sampler): each row of
 * positive weights is turned in place into its running sum (a recurrence along the row,
 * rows independent), the row total is stored, and the row is scaled by its inverse
 * (block-local) into a cumulative distribution ending at 1. Sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef ROWS
#define ROWS 10000
#endif
#ifndef COLS
#define COLS 4096
#endif

static void build_cdf(int r, int m, double C[restrict r][m], double total[restrict r])
{
    int i, j;
#pragma scop
    for (i = 0; i < r; i++)
        for (j = 1; j < m; j++)
            C[i][j] = C[i][j - 1] + C[i][j];
    for (i = 0; i < r; i++) {
        double inv = 1.0 / C[i][m - 1];
        total[i] = C[i][m - 1];
        for (j = 0; j < m; j++)
            C[i][j] = C[i][j] * inv;
    }
#pragma endscop
}

int main(void)
{
    int r = ROWS, m = COLS;
    double (*C)[m] = malloc(sizeof(double[r][m]));
    double *total = malloc(sizeof(double[r]));
    if (!C || !total)
        return 1;
    /* weights in [0.01, 1.01], a few bright entries per row */
    for (int i = 0; i < r; i++)
        for (int j = 0; j < m; j++)
            C[i][j] = 0.01 + (double)((i * 31 + j * 7 + (j / 64) * (i % 5)) % 100) / 100.0
                    + ((i + j * 13) % 997 == 0 ? 20.0 : 0.0);

    build_cdf(r, m, C, total);

    double sum = 0.0;
    for (int i = 0; i < r; i++) {
        sum += 1e-3 * total[i] * (double)(1 + i % 7);
        for (int j = 0; j < m; j += 3)
            sum += C[i][j] * (double)(1 + (i + j) % 11);
    }
    printf("%.10e\n", sum);
    free(C); free(total);
    return 0;
}
