/* Batched transposed matrix-vector products, as a sensor-array or Kalman-filter library
 * computes them for many small independent systems: for each batch member b,
 * y_b = A_b^T x_b + y_b, A_b an r x c block stored row-major at offset b * r * c of one
 * flat array, x_b and y_b at offsets b * r and b * c. The sums run over the rows (the
 * outer loop of each member), so the inner loop walks a row of A_b with unit stride
 * and updates all of y_b. Double; sizes are function parameters (local int variables in
 * main). One nest, 1 statement. */
#include <stdio.h>
#include <stdlib.h>

static void gemv_t_batched(int nb, int r, int c, const double *restrict A,
                           const double *restrict x, double *restrict y)
{
    int b, i, j;
#pragma scop
    for (b = 0; b < nb; b++)
        for (i = 0; i < r; i++)
            for (j = 0; j < c; j++)
                y[b * c + j] += A[b * r * c + i * c + j] * x[b * r + i];
#pragma endscop
}

int main(void)
{
    int nb = 96, r = 384, c = 320, rounds = 24;
    double *A = malloc(sizeof(double) * (size_t)nb * r * c);
    double *x = malloc(sizeof(double) * (size_t)nb * r);
    double *y = malloc(sizeof(double) * (size_t)nb * c);
    if (!A || !x || !y)
        return 1;
    for (long t = 0; t < (long)nb * r * c; t++)
        A[t] = (double)((t * 7 + t / 97) % 29 - 14) / 64.0;
    for (int t = 0; t < nb * r; t++)
        x[t] = (double)(t % 13 - 6) / 8.0;
    for (int t = 0; t < nb * c; t++)
        y[t] = 0.0;
    for (int k = 0; k < rounds; k++)
        gemv_t_batched(nb, r, c, A, x, y);
    double cs = 0.0;
    for (int t = 0; t < nb * c; t++)
        cs += y[t] * (double)(t % 83 + 1);
    printf("%.10e\n", cs);
    free(A);
    free(x);
    free(y);
    return 0;
}
