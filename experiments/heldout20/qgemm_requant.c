/* Quantized int8 matrix product with int32 accumulation and requantization, as in an
 * integer-only inference library: Acc = A * B (signed 8-bit operands, A row-major M x K,
 * B row-major K x N), corrected for the weight zero point zb by the row sums of A, plus
 * an int32 bias per output column; the result is scaled by mult / 2^15 (mult = 9) (integer
 * division, rounding toward zero) and clamped to -128..127 by nested ternaries. The
 * product runs i-k-j with a block-local int of A. Integer only; sizes are #define
 * (global arrays). */
#include <stdio.h>
#include <stdlib.h>

#ifndef M
#define M 2048
#endif
#ifndef N
#define N 2048
#endif
#ifndef K
#define K 1536
#endif

static signed char A[M][K];
static signed char B[K][N];
static int bias[N];
static int Acc[M][N];
static int rowsum[M];
static signed char Q[M][N];

static void qgemm(int zb, int mult)
{
    int i, j, k;
#pragma scop
    for (i = 0; i < M; i++) {
        rowsum[i] = 0;
        for (k = 0; k < K; k++)
            rowsum[i] += A[i][k];
    }
    for (i = 0; i < M; i++) {
        for (j = 0; j < N; j++)
            Acc[i][j] = bias[j];
        for (k = 0; k < K; k++) {
            int a = A[i][k];
            for (j = 0; j < N; j++)
                Acc[i][j] += a * B[k][j];
        }
    }
    for (i = 0; i < M; i++)
        for (j = 0; j < N; j++) {
            int v = (Acc[i][j] - zb * rowsum[i]) / 128 * mult / 256;
            Q[i][j] = v > 127 ? 127 : (v < -128 ? -128 : v);
        }
#pragma endscop
}

int main(void)
{
    unsigned int s = 12345u;
    for (int i = 0; i < M; i++)
        for (int k = 0; k < K; k++) {
            s = s * 1103515245u + 12345u;
            A[i][k] = (signed char)((int)((s >> 16) % 255u) - 127);
        }
    for (int k = 0; k < K; k++)
        for (int j = 0; j < N; j++) {
            s = s * 1103515245u + 12345u;
            B[k][j] = (signed char)((int)((s >> 16) % 201u) - 97);
        }
    for (int j = 0; j < N; j++)
        bias[j] = (j * 37) % 2001 - 1000;
    qgemm(3, 9);
    long long cs = 0;
    for (int i = 0; i < M; i++) {
        cs += (long long)rowsum[i] * (i % 13 + 1);
        for (int j = 0; j < N; j++)
            cs += ((long long)Acc[i][j] % 100003) * ((i * 3 + j) % 31 + 1) + (long long)Q[i][j] * ((i + j * 7) % 17 + 1);
    }
    printf("%lld\n", cs);
    return 0;
}
