/* Symmetric rank-2k update restricted to a band of the lower triangle, the kind used
 * to update a banded normal-equations matrix: C = alpha * (A * B^T + B * A^T) + beta * C
 * for the entries with i - BW <= j <= i, C held in band storage (C[i][j - i + BW]).
 * The band is cut at the top edge by a MAX(0, i - BW) loop bound; block-local
 * accumulator over k. Double precision, sizes are #define (global arrays). */
#include <stdio.h>

#ifndef N
#define N 6000
#endif
#ifndef BW
#define BW 160
#endif
#ifndef KK
#define KK 512
#endif
#define MAX(a, b) ((a) > (b) ? (a) : (b))

static double A[N][KK], B[N][KK], C[N][BW + 1];

static void syr2k_band(double alpha, double beta)
{
    int i, j, k;
#pragma scop
    for (i = 0; i < N; i++)
        for (j = MAX(0, i - BW); j <= i; j++) {
            double s = 0.0;
            for (k = 0; k < KK; k++)
                s += A[i][k] * B[j][k] + B[i][k] * A[j][k];
            C[i][j - i + BW] = beta * C[i][j - i + BW] + alpha * s;
        }
#pragma endscop
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        for (int k = 0; k < KK; k++) {
            A[i][k] = (double)((i * 7 + k * 3) % 19) / 19.0 - 0.45;
            B[i][k] = (double)((i * 5 + k * 11) % 23) / 23.0 - 0.5;
        }
        for (int d = 0; d <= BW; d++)
            C[i][d] = 1.0 + (double)((i + 3 * d) % 13) / 13.0;
    }

    syr2k_band(0.6, 0.9);

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int d = 0; d <= BW; d++)
            sum += C[i][d] * (double)(1 + (2 * i + d) % 7);
    printf("%.10e\n", sum);
    return 0;
}
