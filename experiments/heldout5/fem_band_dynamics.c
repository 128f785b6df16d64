/* Explicit structural dynamics of a long finite-element model: the symmetric stiffness
 * matrix is kept in upper band storage, Kb[i][d] = K(i, i + d) for d = 0 .. BW, and
 * every time step forms the internal forces f = K u from the band (each stored
 * off-diagonal entry used twice, once for its row and once, transposed, for its
 * column; the band is cut short at the end of the matrix by a ternary), then advances
 * velocities and displacements by the central-difference rule with a lumped (diagonal)
 * mass and a constant load. Global arrays. */
#include <stdio.h>

#ifndef N
#define N 100000
#endif
#ifndef BW
#define BW 16
#endif
#ifndef STEPS
#define STEPS 150
#endif

static double Kb[N][BW + 1], u[N], v[N], f[N], p[N], minv[N];

static void integrate(double dt)
{
    int t, i, d;
#pragma scop
    for (t = 0; t < STEPS; t++) {
        for (i = 0; i < N; i++)
            f[i] = Kb[i][0] * u[i];
        for (i = 0; i < N; i++)
            for (d = 1; d <= (BW < N - 1 - i ? BW : N - 1 - i); d++) {
                f[i] += Kb[i][d] * u[i + d];
                f[i + d] += Kb[i][d] * u[i];
            }
        for (i = 0; i < N; i++) {
            v[i] += dt * (p[i] - f[i]) * minv[i];
            u[i] += dt * v[i];
        }
    }
#pragma endscop
}

int main(void)
{
    /* off-diagonal couplings of both signs, decaying with the distance d; a diagonal
     * that dominates them keeps K positive definite with its eigenvalues in (0.2, 3.2),
     * so dt = 0.5 is well inside the central-difference stability limit */
    for (int i = 0; i < N; i++) {
        for (int d = 1; d <= BW; d++)
            Kb[i][d] = (double)((i * 7 + d * 13) % 11 - 6) / (12.0 * (double)(d * d));
        Kb[i][0] = 1.6 + 0.2 * (double)(i % 5) / 5.0;
        u[i] = (double)((i * 17) % 29) / 290.0;
        v[i] = 0.0;
        f[i] = 0.0;
        p[i] = 0.1 + (double)((i * 5) % 13) / 26.0;
        minv[i] = 1.0 / (1.0 + 0.25 * (double)((i / 100) % 4));
    }

    integrate(0.5);

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        sum += (u[i] + 0.1 * v[i] + 0.01 * f[i]) * (double)(1 + i % 11);
    printf("%.10e\n", sum);
    return 0;
}
