/* syrk-like symmetric rank-k update of the lower triangle: C = alpha*A*A^T + beta*C. */
#include <stdio.h>

#define N 60
#define M 50

static double A[N][M], C[N][N];

int main(void)
{
    double alpha = 1.5, beta = 1.2;
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < M; j++)
            A[i][j] = (double)((i * j + 1) % N) / N;
        for (int j = 0; j < N; j++)
            C[i][j] = (double)((i * j + 2) % M) / M;
    }

#pragma scop
    for (int i = 0; i < N; i++) {
        for (int j = 0; j <= i; j++)
            C[i][j] *= beta;
        for (int k = 0; k < M; k++)
            for (int j = 0; j <= i; j++)
                C[i][j] += alpha * A[i][k] * A[j][k];
    }
#pragma endscop

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += C[i][j];
    printf("%.10e\n", sum);
    printf("%.10e %.10e\n", C[N - 1][0], C[N - 1][N - 1]);
    return 0;
}
