/* Rank-3 tensor contraction over two indices with a permuted rank-4 operand,
 * T[a][b][c] = sum_e sum_d X[a][d][e] * Y[e][b][d][c], written with the output loops
 * in the order a, c, b and the reduction with e outside d (block-local double
 * accumulator), as a hand-written reference routine might have it. Double precision,
 * sizes are #define (global arrays). */
#include <stdio.h>

#ifndef NA
#define NA 40
#endif
#ifndef NB
#define NB 48
#endif
#ifndef NC
#define NC 56
#endif
#ifndef ND
#define ND 44
#endif
#ifndef NE
#define NE 28
#endif

static double X[NA][ND][NE], Y[NE][NB][ND][NC], T[NA][NB][NC];

static void contract3(void)
{
    int a, b, c, d, e;
#pragma scop
    for (a = 0; a < NA; a++)
        for (c = 0; c < NC; c++)
            for (b = 0; b < NB; b++) {
                double s = 0.0;
                for (e = 0; e < NE; e++)
                    for (d = 0; d < ND; d++)
                        s += X[a][d][e] * Y[e][b][d][c];
                T[a][b][c] = s;
            }
#pragma endscop
}

int main(void)
{
    for (int a = 0; a < NA; a++)
        for (int d = 0; d < ND; d++)
            for (int e = 0; e < NE; e++)
                X[a][d][e] = (double)((a * 7 + d * 3 + e * 5) % 19) / 19.0 - 0.35;
    for (int e = 0; e < NE; e++)
        for (int b = 0; b < NB; b++)
            for (int d = 0; d < ND; d++)
                for (int c = 0; c < NC; c++)
                    Y[e][b][d][c] = (double)((e * 11 + b * 5 + d * 2 + c * 13) % 31) / 31.0 - 0.45;

    contract3();

    double sum = 0.0;
    for (int a = 0; a < NA; a++)
        for (int b = 0; b < NB; b++)
            for (int c = 0; c < NC; c++)
                sum += T[a][b][c] * (double)(1 + (2 * a + b + 3 * c) % 13);
    printf("%.10e\n", sum);
    return 0;
}
