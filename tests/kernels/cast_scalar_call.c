/* Casts to a type that only a macro names (not recognisable as a type from this
 * file's text), and a scalar written in the region and passed to a function. */
#include <stdio.h>
#include <math.h>

#define N 90
#define real_t __typeof__(1.0)

static double A[N][N], x[N], y[N];

int main(void)
{
    int i, j;
    double s;
    for (i = 0; i < N; i++) {
        x[i] = 1.0 + (double)(i % 7) / N;
        for (j = 0; j < N; j++)
            A[i][j] = (double)((i * j + 3) % N) / (2.0 * N);
    }

#pragma scop
    for (i = 0; i < N; i++) {
        s = (real_t) i / (real_t) N;
        for (j = 0; j < N; j++)
            s += A[i][j] * x[j];
        y[i] = sqrt(s) + (real_t)(i + 1);
    }
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            A[i][j] = A[i][j] * y[j] / (real_t) (i + 1);
#pragma endscop

    double sum = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            sum += A[i][j];
    printf("%.12e %.12e\n", sum, y[N - 1]);
    return 0;
}
