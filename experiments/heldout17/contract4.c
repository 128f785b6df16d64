/* Rank-4 tensor contraction over two indices with permuted operands,
 * C[a][b][i][j] = sum_k sum_l A[a][k][i][l] * B[l][b][k][j], as a tensor library's
 * reference loop nest writes it (scalar accumulator, loops in output order). Double
 * precision, sizes are #define (global arrays). */
#include <stdio.h>

#ifndef NA
#define NA 24
#endif
#ifndef NBB
#define NBB 24
#endif
#ifndef NI
#define NI 24
#endif
#ifndef NJ
#define NJ 24
#endif
#ifndef NK
#define NK 24
#endif
#ifndef NL
#define NL 32
#endif

static double A[NA][NK][NI][NL], B[NL][NBB][NK][NJ], C[NA][NBB][NI][NJ];

static void contract(void)
{
    int a, b, i, j, k, l;
#pragma scop
    for (a = 0; a < NA; a++)
        for (b = 0; b < NBB; b++)
            for (i = 0; i < NI; i++)
                for (j = 0; j < NJ; j++) {
                    double s = 0.0;
                    for (k = 0; k < NK; k++)
                        for (l = 0; l < NL; l++)
                            s += A[a][k][i][l] * B[l][b][k][j];
                    C[a][b][i][j] = s;
                }
#pragma endscop
}

int main(void)
{
    for (int a = 0; a < NA; a++)
        for (int k = 0; k < NK; k++)
            for (int i = 0; i < NI; i++)
                for (int l = 0; l < NL; l++)
                    A[a][k][i][l] = (double)((a * 3 + k * 5 + i * 7 + l * 11) % 23) / 23.0 - 0.4;
    for (int l = 0; l < NL; l++)
        for (int b = 0; b < NBB; b++)
            for (int k = 0; k < NK; k++)
                for (int j = 0; j < NJ; j++)
                    B[l][b][k][j] = (double)((l * 13 + b * 2 + k * 3 + j * 17) % 29) / 29.0 - 0.3;

    contract();

    double sum = 0.0;
    for (int a = 0; a < NA; a++)
        for (int b = 0; b < NBB; b++)
            for (int i = 0; i < NI; i++)
                for (int j = 0; j < NJ; j++)
                    sum += C[a][b][i][j] * (double)(1 + (a + 2 * b + 3 * i + j) % 11);
    printf("%.10e\n", sum);
    return 0;
}
