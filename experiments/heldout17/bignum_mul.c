/* Batched schoolbook multiplication of multi-precision integers held as 16-bit limbs
 * (least significant first) in 64-bit words, as a big-number library's basecase
 * writes it: the column products accumulated without carries (C[b][i + j]), then
 * one carry-propagation pass along each product (a recurrence on k). Integer data,
 * C99 VLA parameters (nb, n are arguments). */
#include <stdio.h>
#include <stdlib.h>

#ifndef NPAIR
#define NPAIR 4800
#endif
#ifndef NLIMB
#define NLIMB 512
#endif

static void bigmul(int nb, int n, const unsigned long long A[restrict nb][n], const unsigned long long B[restrict nb][n],
                   unsigned long long C[restrict nb][2 * n])
{
    int b, i, j, k;
#pragma scop
    for (b = 0; b < nb; b++) {
        for (k = 0; k < 2 * n; k++)
            C[b][k] = 0;
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                C[b][i + j] += A[b][i] * B[b][j];
    }
    for (b = 0; b < nb; b++)
        for (k = 0; k < 2 * n - 1; k++) {
            C[b][k + 1] += C[b][k] >> 16;
            C[b][k] = C[b][k] & 0xffffULL;
        }
#pragma endscop
}

int main(void)
{
    unsigned long long (*A)[NLIMB] = malloc(sizeof(unsigned long long[NPAIR][NLIMB]));
    unsigned long long (*B)[NLIMB] = malloc(sizeof(unsigned long long[NPAIR][NLIMB]));
    unsigned long long (*C)[2 * NLIMB] = malloc(sizeof(unsigned long long[NPAIR][2 * NLIMB]));
    if (!A || !B || !C)
        return 1;
    /* limbs from a multiplicative hash, full 16-bit range */
    for (int b = 0; b < NPAIR; b++)
        for (int i = 0; i < NLIMB; i++) {
            unsigned h = (unsigned)(b * NLIMB + i + 1) * 2654435761u;
            A[b][i] = (h >> 7) & 0xffffu;
            B[b][i] = ((h ^ (h >> 13)) * 2246822519u >> 11) & 0xffffu;
        }

    bigmul(NPAIR, NLIMB, A, B, C);

    double sum = 0.0;
    for (int b = 0; b < NPAIR; b++)
        for (int k = 0; k < 2 * NLIMB; k++)
            sum += (double)C[b][k] * (double)(1 + (b + 3 * k) % 7);
    printf("%.10e\n", sum);
    free(A);
    free(B);
    free(C);
    return 0;
}
