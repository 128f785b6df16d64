/* Vibrating membrane: the 2-D wave equation advanced by the explicit leapfrog scheme
 * with three time levels. Each step computes the new level from the current and the
 * previous one, then shifts the levels down. The edges are clamped at zero. */
#include <stdio.h>

#ifndef N
#define N 1000
#endif
#ifndef STEPS
#define STEPS 300
#endif

static double Uprev[N][N], U[N][N], Unext[N][N];

static void leapfrog(double c2)
{
    int t, i, j;
#pragma scop
    for (t = 0; t < STEPS; t++) {
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)
                Unext[i][j] = 2.0 * U[i][j] - Uprev[i][j]
                            + c2 * (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] + U[i][j + 1]
                                    - 4.0 * U[i][j]);
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++) {
                Uprev[i][j] = U[i][j];
                U[i][j] = Unext[i][j];
            }
    }
#pragma endscop
}

int main(void)
{
    /* initial displacement: two smooth bumps, initial velocity zero */
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double u = 0.0;
            if (i > 0 && j > 0 && i < N - 1 && j < N - 1) {
                double a = (double)(i - N / 3) / (N / 8), b = (double)(j - N / 2) / (N / 8);
                double r2 = a * a + b * b;
                if (r2 < 1.0)
                    u += (1.0 - r2) * (1.0 - r2);
                a = (double)(i - 2 * N / 3) / (N / 12);
                b = (double)(j - N / 4) / (N / 12);
                r2 = a * a + b * b;
                if (r2 < 1.0)
                    u -= 0.5 * (1.0 - r2) * (1.0 - r2);
            }
            U[i][j] = u;
            Uprev[i][j] = u;
            Unext[i][j] = 0.0;
        }

    leapfrog(0.25);

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += (U[i][j] + 0.5 * Uprev[i][j]) * (double)(1 + (i * 7 + j) % 13);
    printf("%.10e\n", sum);
    return 0;
}
