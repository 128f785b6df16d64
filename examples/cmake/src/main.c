/* Fills A and B, multiplies them, prints a checksum of the product. */
#include <stdio.h>
#include <stdlib.h>

#include "matmul.h"

void init(double A[N][N], double B[N][N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (double)((i * j + 1) % 7) / 7.0;
            B[i][j] = (double)((i + 2 * j) % 5) / 5.0;
        }
}

double checksum(double C[N][N])
{
    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += C[i][j] * (double)((i + j) % 3 + 1);
    return sum;
}

int main(void)
{
    double (*A)[N] = malloc(sizeof(double[N][N]));
    double (*B)[N] = malloc(sizeof(double[N][N]));
    double (*C)[N] = malloc(sizeof(double[N][N]));
    if (!A || !B || !C)
        return 1;
    init(A, B);
    matmul(C, A, B);
    printf("N=%d checksum=%.6f\n", N, checksum(C));
    free(A);
    free(B);
    free(C);
    return 0;
}
