/* Mode-2 tensor contraction C[i][j][k] += A[i][l][k] * B[l][j], the shape of a
 * coupled-cluster or spectral-element kernel, written in index order. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NI
#define NI 224
#endif
#ifndef NJ
#define NJ 224
#endif
#ifndef NK
#define NK 224
#endif
#ifndef NL
#define NL 224
#endif

static void contract(double C[restrict NI][NJ][NK], double A[restrict NI][NL][NK],
                     double B[restrict NL][NJ])
{
    int i, j, k, l;
#pragma scop
    for (i = 0; i < NI; i++)
        for (j = 0; j < NJ; j++)
            for (k = 0; k < NK; k++)
                for (l = 0; l < NL; l++)
                    C[i][j][k] += A[i][l][k] * B[l][j];
#pragma endscop
}

int main(void)
{
    double (*A)[NL][NK] = malloc(sizeof(double[NI][NL][NK]));
    double (*B)[NJ] = malloc(sizeof(double[NL][NJ]));
    double (*C)[NJ][NK] = malloc(sizeof(double[NI][NJ][NK]));
    if (!A || !B || !C)
        return 1;
    for (int i = 0; i < NI; i++)
        for (int l = 0; l < NL; l++)
            for (int k = 0; k < NK; k++)
                A[i][l][k] = (double)((i * 7 + l * 3 + k * 5) % 17) / 17.0 + 0.5;
    for (int l = 0; l < NL; l++)
        for (int j = 0; j < NJ; j++)
            B[l][j] = (double)((l * 11 + j * 2) % 13) / 13.0 - 0.4;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            for (int k = 0; k < NK; k++)
                C[i][j][k] = (double)((i + j + k) % 5) / 5.0;

    contract(C, A, B);

    double sum = 0.0;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            for (int k = 0; k < NK; k++)
                sum += C[i][j][k] * (double)(1 + (i + 2 * j + 3 * k) % 11);
    printf("%.10e\n", sum);
    free(A);
    free(B);
    free(C);
    return 0;
}
