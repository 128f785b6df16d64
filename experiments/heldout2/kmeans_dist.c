/* Assignment step of k-means: squared Euclidean distance of every point to every
 * centroid (a scalar accumulator over the dimensions), then each point's distance to
 * its nearest centroid. Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void distances(int np, int nc, int nd, const double P[restrict np][nd],
                      const double Cn[restrict nc][nd], double D[restrict np][nc],
                      double dmin[restrict np])
{
    int p, c, d;
#pragma scop
    for (p = 0; p < np; p++)
        for (c = 0; c < nc; c++) {
            double s = 0.0;
            for (d = 0; d < nd; d++) {
                double diff = P[p][d] - Cn[c][d];
                s += diff * diff;
            }
            D[p][c] = s;
        }
    for (p = 0; p < np; p++) {
        dmin[p] = D[p][0];
        for (c = 1; c < nc; c++)
            dmin[p] = fmin(dmin[p], D[p][c]);
    }
#pragma endscop
}

int main(void)
{
    int np = 200000, nc = 64, nd = 64;
    double (*P)[nd] = malloc(sizeof(double[np][nd]));
    double (*Cn)[nd] = malloc(sizeof(double[nc][nd]));
    double (*D)[nc] = malloc(sizeof(double[np][nc]));
    double *dmin = malloc(sizeof(double[np]));
    if (!P || !Cn || !D || !dmin)
        return 1;
    for (int p = 0; p < np; p++)
        for (int d = 0; d < nd; d++)
            P[p][d] = (double)((p * 13 + d * 7) % 41) / 41.0 + (double)(p % 5) * 0.1;
    for (int c = 0; c < nc; c++)
        for (int d = 0; d < nd; d++)
            Cn[c][d] = (double)((c * 17 + d * 3) % 37) / 37.0 + (double)(c % 5) * 0.1;

    distances(np, nc, nd, P, Cn, D, dmin);

    double sum = 0.0;
    for (int p = 0; p < np; p++) {
        sum += dmin[p] * (1 + p % 13);
        for (int c = 0; c < nc; c += 8)
            sum += D[p][c] * 1e-3 * (1 + (p + c) % 3);
    }
    printf("%.10e\n", sum);
    free(P); free(Cn); free(D); free(dmin);
    return 0;
}
