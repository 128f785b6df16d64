/* Transport of a tracer by a steady rotating flow (a passive scalar in an atmosphere or
 * ocean model): first-order upwind finite volumes in 2-D, the one-sided difference in
 * each direction chosen by a ternary on the sign of the local velocity, Courant numbers
 * below 0.5. Ping-pong between two grids, two half steps per time step; the boundary
 * cells keep their values. Heap arrays of fixed size, passed as pointers to rows. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 1000
#endif
#ifndef M
#define M 1200
#endif
#ifndef STEPS
#define STEPS 60
#endif

static void advect(double (*restrict c0)[M], double (*restrict c1)[M],
                   const double (*restrict cx)[M], const double (*restrict cy)[M])
{
    int t, i, j;
#pragma scop
    for (t = 0; t < STEPS; t++) {
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                c1[i][j] = c0[i][j]
                    - (cx[i][j] > 0.0 ? cx[i][j] * (c0[i][j] - c0[i][j - 1])
                                      : cx[i][j] * (c0[i][j + 1] - c0[i][j]))
                    - (cy[i][j] > 0.0 ? cy[i][j] * (c0[i][j] - c0[i - 1][j])
                                      : cy[i][j] * (c0[i + 1][j] - c0[i][j]));
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < M - 1; j++)
                c0[i][j] = c1[i][j]
                    - (cx[i][j] > 0.0 ? cx[i][j] * (c1[i][j] - c1[i][j - 1])
                                      : cx[i][j] * (c1[i][j + 1] - c1[i][j]))
                    - (cy[i][j] > 0.0 ? cy[i][j] * (c1[i][j] - c1[i - 1][j])
                                      : cy[i][j] * (c1[i + 1][j] - c1[i][j]));
    }
#pragma endscop
}

int main(void)
{
    double (*c0)[M] = malloc(sizeof(double[N][M]));
    double (*c1)[M] = malloc(sizeof(double[N][M]));
    double (*cx)[M] = malloc(sizeof(double[N][M]));
    double (*cy)[M] = malloc(sizeof(double[N][M]));
    if (!c0 || !c1 || !cx || !cy)
        return 1;
    /* solid-body rotation about the centre, |cx| + |cy| < 0.5 (dt/dx folded in); the
     * tracer in [0.1, 1.1]: a square patch on a smooth background. Upwinding keeps it
     * inside that range. */
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) {
            cx[i][j] = -0.24 * (double)(2 * i - N) / (double)N;
            cy[i][j] = 0.24 * (double)(2 * j - M) / (double)M;
            c0[i][j] = 0.1 + 0.2 * (double)((i / 50 + j / 60) % 4) / 3.0
                     + ((i > N / 5 && i < 2 * N / 5 && j > M / 2 && j < 3 * M / 4) ? 0.8 : 0.0);
            c1[i][j] = c0[i][j];
        }

    advect(c0, c1, cx, cy);

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            sum += c0[i][j] * (double)(1 + (i * 5 + j) % 13);
    printf("%.10e\n", sum);
    free(c0); free(c1); free(cx); free(cy);
    return 0;
}
