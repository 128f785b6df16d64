/* Ensemble forecast of many small discrete-time linear systems (one per member, e.g.
 * the sampled dynamics of a bank of controllers or an ensemble Kalman forecast step):
 * each member's 16-state vector is advanced STEPS times by its own transition matrix
 * and constant forcing, x <- A x + g, the product into a scratch array with a
 * block-local accumulator and a copy back; the time loop is outermost. Heap arrays of
 * fixed size. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NB
#define NB 65536
#endif
#ifndef D
#define D 16
#endif
#ifndef STEPS
#define STEPS 24
#endif

static void forecast(const double A[restrict NB][D][D], const double g[restrict NB][D],
                     double x[restrict NB][D], double y[restrict NB][D])
{
    int s, b, i, j;
#pragma scop
    for (s = 0; s < STEPS; s++) {
        for (b = 0; b < NB; b++)
            for (i = 0; i < D; i++) {
                double acc = g[b][i];
                for (j = 0; j < D; j++)
                    acc += A[b][i][j] * x[b][j];
                y[b][i] = acc;
            }
        for (b = 0; b < NB; b++)
            for (i = 0; i < D; i++)
                x[b][i] = y[b][i];
    }
#pragma endscop
}

int main(void)
{
    double (*A)[D][D] = malloc(sizeof(double[NB][D][D]));
    double (*g)[D] = malloc(sizeof(double[NB][D]));
    double (*x)[D] = malloc(sizeof(double[NB][D]));
    double (*y)[D] = malloc(sizeof(double[NB][D]));
    if (!A || !g || !x || !y)
        return 1;
    /* each row's absolute sum is below 0.8, so every member contracts towards its
     * (non-zero) fixed point (I - A)^-1 g without reaching it in STEPS steps */
    for (int b = 0; b < NB; b++)
        for (int i = 0; i < D; i++) {
            for (int j = 0; j < D; j++)
                A[b][i][j] = (double)((b * 7 + i * 5 + j * 3) % 19 - 9) / (20.0 * D)
                           + (i == j ? 0.3 : 0.0);
            g[b][i] = (double)((b + i * 3) % 7 + 1) / 7.0;
            x[b][i] = (double)((b * 11 + i) % 13 - 6) / 3.0;
            y[b][i] = 0.0;
        }

    forecast(A, g, x, y);

    double sum = 0.0;
    for (int b = 0; b < NB; b++)
        for (int i = 0; i < D; i++)
            sum += x[b][i] * (double)(1 + (b * 3 + i) % 11);
    printf("%.10e\n", sum);
    free(A); free(g); free(x); free(y);
    return 0;
}
