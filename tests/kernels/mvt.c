/* Two matrix-vector products: x1 += A * y_1 and x2 += A^T * y_2. */
#include <stdio.h>

#define N 90

static double A[N][N], x1[N], x2[N], y_1[N], y_2[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        x1[i] = (double)(i % N) / N;
        x2[i] = (double)((i + 1) % N) / N;
        y_1[i] = (double)((i + 3) % N) / N;
        y_2[i] = (double)((i + 4) % N) / N;
        for (int j = 0; j < N; j++)
            A[i][j] = (double)(i * j % N) / N;
    }

#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            x1[i] = x1[i] + A[i][j] * y_1[j];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            x2[i] = x2[i] + A[j][i] * y_2[j];
#pragma endscop

    double s1 = 0.0, s2 = 0.0;
    for (int i = 0; i < N; i++) {
        s1 += x1[i];
        s2 += x2[i];
    }
    printf("%.10e %.10e\n", s1, s2);
    printf("%.10e %.10e\n", x1[N / 3], x2[N - 1]);
    return 0;
}
