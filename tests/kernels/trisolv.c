/* Forward substitution L x = b for a lower-triangular L (triangular bounds). */
#include <stdio.h>

#define N 100

static double L[N][N], x[N], b[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        b[i] = (double)(i % 11) / 11.0;
        x[i] = -999.0;
        for (int j = 0; j <= i; j++)
            L[i][j] = (double)((i + N - j + 1) * 2) / N;
        for (int j = i + 1; j < N; j++)
            L[i][j] = 0.0;
        L[i][i] += (double)N;
    }

#pragma scop
    for (int i = 0; i < N; i++) {
        x[i] = b[i];
        for (int j = 0; j < i; j++)
            x[i] -= L[i][j] * x[j];
        x[i] = x[i] / L[i][i];
    }
#pragma endscop

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        sum += x[i];
    printf("%.10e\n", sum);
    printf("%.10e %.10e\n", x[0], x[N - 1]);
    return 0;
}
