/* A fully connected layer's forward pass as a library writes it: Y = relu(A W^T + b),
 * A m x k (row stride lda), W n x k (row stride ldw, the weights stored output-major),
 * Y m x n (row stride ldy); every operand a flat double pointer with its leading
 * dimension a parameter, the sum a block-local accumulator over the contiguous k of both
 * operands, the rectifier a ternary. One nest, 2 statements. Sizes and strides are
 * function parameters; the leading dimensions are padded (k + 8, n + 4). */
#include <stdio.h>
#include <stdlib.h>

#ifndef M
#define M 896
#endif
#ifndef N
#define N 1024
#endif
#ifndef K
#define K 640
#endif

static void dense_forward(int m, int n, int k, const double *restrict a, int lda,
                          const double *restrict w, int ldw, const double *restrict b,
                          double *restrict y, int ldy)
{
    int i, j, p;
#pragma scop
    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++) {
            double s = b[j];
            for (p = 0; p < k; p++)
                s += a[i * lda + p] * w[j * ldw + p];
            y[i * ldy + j] = s > 0.0 ? s : 0.0;
        }
#pragma endscop
}

int main(void)
{
    int lda = K + 8, ldw = K + 8, ldy = N + 4;
    double *a = malloc(sizeof(double) * (size_t)M * lda);
    double *w = malloc(sizeof(double) * (size_t)N * ldw);
    double *b = malloc(sizeof(double) * N);
    double *y = malloc(sizeof(double) * (size_t)M * ldy);
    if (!a || !w || !b || !y)
        return 1;
    for (int i = 0; i < M; i++)
        for (int p = 0; p < lda; p++)
            a[i * lda + p] = p < K ? (double)((i * 13 + p * 7) % 23 - 11) / 16.0 : 0.0;
    for (int j = 0; j < N; j++)
        for (int p = 0; p < ldw; p++)
            w[j * ldw + p] = p < K ? (double)((j * 5 + p * 11 + 3) % 19 - 9) / 32.0 : 0.0;
    for (int j = 0; j < N; j++)
        b[j] = (double)(j % 7 - 3) / 8.0;
    for (int i = 0; i < M * ldy; i++)
        y[i] = 0.0;
    dense_forward(M, N, K, a, lda, w, ldw, b, y, ldy);
    double cs = 0.0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            cs += y[i * ldy + j] * (double)((i * 3 + j * 7) % 101 + 1);
    printf("%.10e\n", cs);
    free(a);
    free(w);
    free(b);
    free(y);
    return 0;
}
