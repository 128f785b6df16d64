/* Row sums through a reused scalar accumulator, scaled by a read-only scalar. */
#include <stdio.h>

#define N 80

static double A[N][N], B[N], C[N][N];

static void kernel(int n, double alpha)
{
    double s;
#pragma scop
    for (int i = 0; i < n; i++) {
        s = 0.0;
        for (int k = 0; k < n; k++)
            s += A[i][k];
        B[i] = alpha * s;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            C[i][j] = alpha * A[i][j] + B[j];
#pragma endscop
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = (double)((i * j + 5) % N) / N;

    kernel(N, 0.25);

    double sb = 0.0, sc = 0.0;
    for (int i = 0; i < N; i++) {
        sb += B[i];
        for (int j = 0; j < N; j++)
            sc += C[i][j];
    }
    printf("%.10e %.10e\n", sb, sc);
    printf("%.10e %.10e\n", B[N - 1], C[3][N - 1]);
    return 0;
}
