/* gemm-like product C = alpha * A * B + beta * C with separate scaling nest. */
#include <stdio.h>

#define NI 50
#define NJ 56
#define NK 44

static double A[NI][NK], B[NK][NJ], C[NI][NJ];

int main(void)
{
    double alpha = 1.5;
    double beta = 0.75;
    for (int i = 0; i < NI; i++)
        for (int k = 0; k < NK; k++)
            A[i][k] = (double)((i * k + 1) % NI) / NI;
    for (int k = 0; k < NK; k++)
        for (int j = 0; j < NJ; j++)
            B[k][j] = (double)((k * (j + 1)) % NJ) / NJ;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            C[i][j] = (double)((i * j + 3) % NK) / NK;

#pragma scop
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            C[i][j] *= beta;
    for (int i = 0; i < NI; i++)
        for (int k = 0; k < NK; k++)
            for (int j = 0; j < NJ; j++)
                C[i][j] += alpha * A[i][k] * B[k][j];
#pragma endscop

    double sum = 0.0;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            sum += C[i][j];
    printf("%.10e\n", sum);
    printf("%.10e %.10e\n", C[1][2], C[NI - 1][NJ - 1]);
    return 0;
}
