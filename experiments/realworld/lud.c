/*
 * lud.c - in-place LU decomposition without pivoting
 * (in the style of the CPU base version of Rodinia "lud").
 *
 * The matrix is one malloc'ed block indexed as a[i * size + j]; the
 * kernel overwrites it with U (upper triangle, diagonal included) and
 * the unit-lower factor L (strictly below the diagonal).  The matrix
 * is made diagonally dominant so no pivoting is needed.
 *
 *   -DLARGE_SIZES, or -DMATRIX_SIZE=..
 */
#include <stdio.h>
#include <stdlib.h>

#ifdef LARGE_SIZES
#ifndef MATRIX_SIZE
#define MATRIX_SIZE 1024
#endif
#endif

#ifndef MATRIX_SIZE
#define MATRIX_SIZE 48
#endif

void lud_base(float *a, int size)
{
    int i, j, k;
    float sum;

#pragma scop
    for (i = 0; i < size; i++) {
        for (j = i; j < size; j++) {
            sum = a[i * size + j];
            for (k = 0; k < i; k++)
                sum -= a[i * size + k] * a[k * size + j];
            a[i * size + j] = sum;
        }

        for (j = i + 1; j < size; j++) {
            sum = a[j * size + i];
            for (k = 0; k < i; k++)
                sum -= a[j * size + k] * a[k * size + i];
            a[j * size + i] = sum / a[i * size + i];
        }
    }
#pragma endscop
}

int main(void)
{
    int size = MATRIX_SIZE;
    int i, j;
    float *m = malloc(sizeof(float) * (size_t)size * size);
    if (!m) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }

    for (i = 0; i < size; i++)
        for (j = 0; j < size; j++) {
            if (i == j)
                m[i * size + j] = (float)size + 1.0f + (float)(i % 5);
            else
                m[i * size + j] = (float)((i * 17 + j * 31) % 19) / 19.0f - 0.5f;
        }

    lud_base(m, size);

    double sum = 0.0;
    for (i = 0; i < size; i++)
        for (j = 0; j < size; j++)
            sum += m[i * size + j] * (1.0 + 1.0e-3 * ((i + 3 * j) % 11));
    printf("%.10e\n", sum);

    free(m);
    return 0;
}
