/* Batched similarity transforms of small 8x8 matrices, as a finite-element or
 * rigid-body code changes the frame of many element matrices: T = Q K, then
 * K' = T Q^T, for every element of the batch. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NB
#define NB 262144
#endif
#ifndef D
#define D 8
#endif

static void transform(const double Q[restrict NB][D][D], const double K[restrict NB][D][D],
                      double T[restrict NB][D][D], double Kp[restrict NB][D][D])
{
    int e, i, j, k;
#pragma scop
    for (e = 0; e < NB; e++) {
        for (i = 0; i < D; i++)
            for (j = 0; j < D; j++) {
                T[e][i][j] = 0.0;
                for (k = 0; k < D; k++)
                    T[e][i][j] += Q[e][i][k] * K[e][k][j];
            }
        for (i = 0; i < D; i++)
            for (j = 0; j < D; j++) {
                Kp[e][i][j] = 0.0;
                for (k = 0; k < D; k++)
                    Kp[e][i][j] += T[e][i][k] * Q[e][j][k];
            }
    }
#pragma endscop
}

int main(void)
{
    double (*Q)[D][D] = malloc(sizeof(double[NB][D][D]));
    double (*K)[D][D] = malloc(sizeof(double[NB][D][D]));
    double (*T)[D][D] = malloc(sizeof(double[NB][D][D]));
    double (*Kp)[D][D] = malloc(sizeof(double[NB][D][D]));
    if (!Q || !K || !T || !Kp)
        return 1;
    for (int e = 0; e < NB; e++)
        for (int i = 0; i < D; i++)
            for (int j = 0; j < D; j++) {
                Q[e][i][j] = (double)((e * 3 + i * 7 + j * 5) % 23) / 23.0 - 0.5;
                K[e][i][j] = (double)((e + i * 11 + j * 11) % 19) / 19.0 + (i == j ? 1.0 : 0.0);
            }

    transform(Q, K, T, Kp);

    double sum = 0.0;
    for (int e = 0; e < NB; e++)
        for (int i = 0; i < D; i++)
            for (int j = 0; j < D; j++)
                sum += Kp[e][i][j] * (1 + (e + i * 3 + j) % 7);
    printf("%.10e\n", sum);
    free(Q); free(K); free(T); free(Kp);
    return 0;
}
