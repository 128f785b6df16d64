/* 1-D Jacobi stencil over T time steps, ping-ponging between A and B. */
#include <stdio.h>

#define T 40
#define N 400

static double A[N], B[N];

int main(void)
{
    int t, i;
    for (i = 0; i < N; i++) {
        A[i] = (double)((i * 7 + 2) % N) / N;
        B[i] = (double)((i * 3 + 3) % N) / N;
    }

#pragma scop
    for (t = 0; t < T; t++) {
        for (i = 1; i < N - 1; i++)
            B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
        for (i = 1; i < N - 1; i++)
            A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
    }
#pragma endscop

    double sa = 0.0, sb = 0.0;
    for (i = 0; i < N; i++) {
        sa += A[i];
        sb += B[i];
    }
    printf("%.10e %.10e\n", sa, sb);
    printf("%.10e\n", A[N / 2]);
    return 0;
}
