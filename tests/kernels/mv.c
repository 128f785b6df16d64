/* Matrix-vector product y = A * x. */
#include <stdio.h>

#define N 80
#define M 70

static double A[N][M], x[M], y[N];

int main(void)
{
    int i, j;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            A[i][j] = (double)((i * j + 1) % N) / N;
    for (j = 0; j < M; j++)
        x[j] = (double)(j % 7 + 1) / 7.0;

#pragma scop
    for (i = 0; i < N; i++) {
        y[i] = 0.0;
        for (j = 0; j < M; j++)
            y[i] += A[i][j] * x[j];
    }
#pragma endscop

    double sum = 0.0;
    for (i = 0; i < N; i++)
        sum += y[i];
    printf("%.10e\n", sum);
    printf("%.10e %.10e\n", y[0], y[N - 1]);
    return 0;
}
