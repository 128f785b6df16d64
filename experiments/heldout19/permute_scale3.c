/* 3-D tensor transpose and scale, the pencil transpose of a spectral solver: the
 * (i, j, k) tensor X is written as the (k, i, j) tensor Y, every entry scaled by a
 * separable diagonal weight wi[i] * wj[j] * wk[k] (block-local product of the first
 * two) and shifted by a per-plane offset. Double precision, sizes are arguments
 * passed directly from macros (VLA parameters, 3-D arrays). */
#include <stdio.h>
#include <stdlib.h>

#ifndef N1
#define N1 256
#endif
#ifndef N2
#define N2 288
#endif
#ifndef N3
#define N3 320
#endif

static void permute_scale(int n1, int n2, int n3, const double X[restrict n1][n2][n3],
                          const double wi[restrict n1], const double wj[restrict n2],
                          const double wk[restrict n3], const double off[restrict n3],
                          double Y[restrict n3][n1][n2])
{
    int i, j, k;
#pragma scop
    for (i = 0; i < n1; i++)
        for (j = 0; j < n2; j++) {
            double w = wi[i] * wj[j];
            for (k = 0; k < n3; k++)
                Y[k][i][j] = w * wk[k] * X[i][j][k] + off[k];
        }
#pragma endscop
}

int main(void)
{
    double (*X)[N2][N3] = malloc(sizeof(double[N1][N2][N3]));
    double (*Y)[N1][N2] = malloc(sizeof(double[N3][N1][N2]));
    double *wi = malloc(sizeof(double[N1])), *wj = malloc(sizeof(double[N2]));
    double *wk = malloc(sizeof(double[N3])), *off = malloc(sizeof(double[N3]));
    if (!X || !Y || !wi || !wj || !wk || !off)
        return 1;
    for (int i = 0; i < N1; i++)
        for (int j = 0; j < N2; j++)
            for (int k = 0; k < N3; k++)
                X[i][j][k] = (double)((i * 3 + j * 7 + k * 11) % 37) / 37.0 + 0.1;
    for (int i = 0; i < N1; i++)
        wi[i] = 1.0 / (1.0 + 0.01 * (double)i);
    for (int j = 0; j < N2; j++)
        wj[j] = 0.5 + (double)(j % 9) / 9.0;
    for (int k = 0; k < N3; k++) {
        wk[k] = 1.0 - 0.5 * (double)k / (double)N3;
        off[k] = 0.01 * (double)(k % 5);
    }
    for (int k = 0; k < N3; k++)
        for (int i = 0; i < N1; i++)
            for (int j = 0; j < N2; j++)
                Y[k][i][j] = 0.0;

    permute_scale(N1, N2, N3, X, wi, wj, wk, off, Y);

    double sum = 0.0;
    for (int k = 0; k < N3; k++)
        for (int i = 0; i < N1; i++)
            for (int j = 0; j < N2; j++)
                sum += Y[k][i][j] * (double)(1 + (k + 3 * i + 5 * j) % 11);
    printf("%.10e\n", sum);
    free(X); free(Y); free(wi); free(wj); free(wk); free(off);
    return 0;
}
