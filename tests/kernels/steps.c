/* Loops with step 2, step 3 and downward (decrementing) iteration. */
#include <stdio.h>

#define N 100

static double A[N], B[N], C[N][N];

int main(void)
{
    int i, j;
    for (i = 0; i < N; i++) {
        A[i] = (double)(i % 10) / 10.0;
        B[i] = (double)((i * 3) % 7) / 7.0;
        for (j = 0; j < N; j++)
            C[i][j] = (double)((i * j) % 11) / 11.0;
    }

#pragma scop
    for (i = 0; i < N; i += 2)
        A[i] = A[i] + B[i];
    for (i = N - 1; i >= 1; i--)
        B[i - 1] = 0.5 * (B[i - 1] + B[i]);
    for (i = 1; i < N; i += 3)
        for (j = N - 2; j > 0; j -= 1)
            C[i][j] = 0.5 * (C[i][j + 1] + C[i - 1][j - 1]);
    for (i = N - 1; i >= 0; i--)
        for (j = 0; j <= N - 1; j += 2)
            C[i][j] += A[i] * B[j];
    for (i = 2; i < N; ++i)
        A[i] = A[i] - 0.25 * A[i - 2];
#pragma endscop

    double sa = 0.0, sb = 0.0, sc = 0.0;
    for (i = 0; i < N; i++) {
        sa += A[i];
        sb += B[i];
        for (j = 0; j < N; j++)
            sc += C[i][j];
    }
    printf("%.10e %.10e %.10e\n", sa, sb, sc);
    printf("%.10e %.10e\n", A[N - 1], C[N - 2][1]);
    return 0;
}
