/* Economics: Leontief input-output analysis of final-demand scenarios. From the
 * inter-industry flow table Z (sales of sector i to sector j) and the base-year final
 * demand, first every sector's gross output (row sum of its sales plus final demand,
 * block-local accumulator), then the technical coefficients A[i][j] = Z[i][j] / Xo[j]
 * (column scaling by the buyer's output). Then for every demand scenario the output
 * vector solving x = A x + d is found by a fixed number of Jacobi (power-series)
 * iterations, x_new[i] = d[i] + sum_j A[i][j] x[j] (block-local accumulator), with all
 * scenarios copied back after each iteration. Sizes as macros, heap arrays. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NSEC
#define NSEC 384
#endif
#ifndef NSCEN
#define NSCEN 96
#endif
#ifndef NITER
#define NITER 40
#endif

static void leontief(double (*restrict Z)[NSEC], const double *restrict Fb,
                     double *restrict Xo, double (*restrict A)[NSEC],
                     double (*restrict D)[NSEC], double (*restrict X)[NSEC],
                     double (*restrict Y)[NSEC])
{
    int it, s, i, j;
#pragma scop
    for (i = 0; i < NSEC; i++) {
        double x = Fb[i];
        for (j = 0; j < NSEC; j++)
            x += Z[i][j];
        Xo[i] = x;
    }
    for (i = 0; i < NSEC; i++)
        for (j = 0; j < NSEC; j++)
            A[i][j] = Z[i][j] / Xo[j];
    for (it = 0; it < NITER; it++) {
        for (s = 0; s < NSCEN; s++)
            for (i = 0; i < NSEC; i++) {
                double t = D[s][i];
                for (j = 0; j < NSEC; j++)
                    t += A[i][j] * X[s][j];
                Y[s][i] = t;
            }
        for (s = 0; s < NSCEN; s++)
            for (i = 0; i < NSEC; i++)
                X[s][i] = Y[s][i];
    }
#pragma endscop
}

int main(void)
{
    double (*Z)[NSEC] = malloc(sizeof(double[NSEC][NSEC]));
    double (*A)[NSEC] = malloc(sizeof(double[NSEC][NSEC]));
    double (*D)[NSEC] = malloc(sizeof(double[NSCEN][NSEC]));
    double (*X)[NSEC] = malloc(sizeof(double[NSCEN][NSEC]));
    double (*Y)[NSEC] = malloc(sizeof(double[NSCEN][NSEC]));
    double *Fb = malloc(sizeof(double[NSEC]));
    double *Xo = malloc(sizeof(double[NSEC]));
    if (!Z || !A || !D || !X || !Y || !Fb || !Xo)
        return 1;
    /* flows 1 to 100 (in millions), heavier on the diagonal band (own-sector and
     * neighbouring-sector purchases); base final demand 0.8 to 1.2 times the
     * average row of sales, so intermediate sales are roughly half of every sector's
     * output and every column of A sums to well below 1 (the iteration converges);
     * scenarios shock the base demand by -20 % to +25 % sector by sector */
    for (int i = 0; i < NSEC; i++) {
        for (int j = 0; j < NSEC; j++) {
            int band = i - j < 4 && j - i < 4;
            Z[i][j] = 1.0 + (double)((i * 29 + j * 53) % 97) * (band ? 1.0 : 0.5)
                    + (band ? 40.0 : 0.0);
            A[i][j] = 0.0;
        }
        Fb[i] = 28.0 * NSEC * (0.8 + 0.4 * (double)((i * 17) % 23) / 22.0);
        Xo[i] = 0.0;
    }
    for (int s = 0; s < NSCEN; s++)
        for (int i = 0; i < NSEC; i++) {
            D[s][i] = Fb[i] * (0.8 + 0.45 * (double)((s * 13 + i * 7) % 19) / 18.0);
            X[s][i] = D[s][i];
            Y[s][i] = 0.0;
        }

    leontief(Z, Fb, Xo, A, D, X, Y);

    double sum = 0.0;
    for (int s = 0; s < NSCEN; s++)
        for (int i = 0; i < NSEC; i++)
            sum += X[s][i] * (double)(1 + (s + 3 * i) % 7);
    for (int i = 0; i < NSEC; i++)
        sum += Xo[i] * (double)(1 + i % 5);
    printf("%.10e\n", sum);
    free(Z); free(A); free(D); free(X); free(Y); free(Fb); free(Xo);
    return 0;
}
