/* Control engineering: condensing a linear model-predictive-control problem. For the
 * discrete plant x+ = A x + B u, y = C x over a prediction horizon of np steps, first
 * the impulse-response blocks A^k B by the recurrence Pw[k] = A Pw[k - 1] (block-local
 * accumulator, Pw[0] = B), then the Markov parameters Gm[k] = C A^k B (accumulated into
 * the zeroed array), then the lower block triangle of the condensed QP Hessian
 * H = Gamma^T Q Gamma + R with the block lower-triangular Toeplitz prediction matrix
 * Gamma: block (i, j), j <= i (triangular), sums Gm[k - i]^T Q Gm[k - j] over the
 * steps k = i .. np - 1 (lower bound from the outer iterator) in a block-local
 * accumulator that starts from the input weight on the diagonal (ternary). Sizes are
 * arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NHOR
#define NHOR 360
#endif
#ifndef NSTATE
#define NSTATE 12
#endif
#ifndef NIN
#define NIN 4
#endif
#ifndef NOUT
#define NOUT 6
#endif
#define RW 0.1   /* input weight */

static void condense(int np, int nx, int nu, int ny, const double A[restrict nx][nx],
                     const double C[restrict ny][nx], const double Qw[restrict ny],
                     double Pw[restrict np][nx][nu], double Gm[restrict np][ny][nu],
                     double H[restrict np][nu][np][nu])
{
    int k, x, z, y, u, i, j, a, b;
#pragma scop
    for (k = 1; k < np; k++)
        for (x = 0; x < nx; x++)
            for (u = 0; u < nu; u++) {
                double p = 0.0;
                for (z = 0; z < nx; z++)
                    p += A[x][z] * Pw[k - 1][z][u];
                Pw[k][x][u] = p;
            }
    for (k = 0; k < np; k++)
        for (y = 0; y < ny; y++)
            for (u = 0; u < nu; u++)
                for (x = 0; x < nx; x++)
                    Gm[k][y][u] += C[y][x] * Pw[k][x][u];
    for (i = 0; i < np; i++)
        for (j = 0; j <= i; j++)
            for (a = 0; a < nu; a++)
                for (b = 0; b < nu; b++) {
                    double h = i == j && a == b ? RW : 0.0;
                    for (k = i; k < np; k++)
                        for (y = 0; y < ny; y++)
                            h += Qw[y] * Gm[k - i][y][a] * Gm[k - j][y][b];
                    H[i][a][j][b] = h;
                }
#pragma endscop
}

int main(void)
{
    int np = NHOR, nx = NSTATE, nu = NIN, ny = NOUT;
    double (*A)[nx] = malloc(sizeof(double[nx][nx]));
    double (*C)[nx] = malloc(sizeof(double[ny][nx]));
    double *Qw = malloc(sizeof(double[ny]));
    double (*Pw)[nx][nu] = malloc(sizeof(double[np][nx][nu]));
    double (*Gm)[ny][nu] = malloc(sizeof(double[np][ny][nu]));
    double (*H)[nu][np][nu] = malloc(sizeof(double[np][nu][np][nu]));
    if (!A || !C || !Qw || !Pw || !Gm || !H)
        return 1;
    /* lightly damped oscillatory modes: 2x2 rotation blocks of radius 0.985 and angles
     * 0.05 to 0.4 rad, weakly coupled to the next block, so A^k decays to below 1 %
     * of its start over 360 steps; B, C spread every input and output over the modes */
    for (int x = 0; x < nx; x++)
        for (int z = 0; z < nx; z++)
            A[x][z] = 0.0;
    for (int m = 0; m < nx / 2; m++) {
        double th = 0.05 + 0.35 * (double)m / (double)(nx / 2 > 1 ? nx / 2 - 1 : 1);
        A[2 * m][2 * m] = 0.985 * cos(th);
        A[2 * m][2 * m + 1] = -0.985 * sin(th);
        A[2 * m + 1][2 * m] = 0.985 * sin(th);
        A[2 * m + 1][2 * m + 1] = 0.985 * cos(th);
        if (2 * m + 2 < nx)
            A[2 * m + 1][2 * m + 2] = 0.01;
    }
    for (int y = 0; y < ny; y++) {
        for (int x = 0; x < nx; x++)
            C[y][x] = 0.2 + 0.8 * (double)((y * 5 + x * 3) % 7) / 6.0;
        Qw[y] = 1.0 + (double)(y % 3);
    }
    for (int k = 0; k < np; k++)
        for (int x = 0; x < nx; x++)
            for (int u = 0; u < nu; u++)
                Pw[k][x][u] = k == 0 ? 0.1 + 0.9 * (double)((x * 7 + u * 3) % 5) / 4.0 : 0.0;
    for (int k = 0; k < np; k++)
        for (int y = 0; y < ny; y++)
            for (int u = 0; u < nu; u++)
                Gm[k][y][u] = 0.0;
    for (int i = 0; i < np; i++)
        for (int a = 0; a < nu; a++)
            for (int j = 0; j < np; j++)
                for (int b = 0; b < nu; b++)
                    H[i][a][j][b] = 0.0;

    condense(np, nx, nu, ny, A, C, Qw, Pw, Gm, H);

    double sum = 0.0;
    for (int i = 0; i < np; i++)
        for (int a = 0; a < nu; a++)
            for (int j = 0; j <= i; j++)
                for (int b = 0; b < nu; b++)
                    sum += H[i][a][j][b] * (double)(1 + (i + 3 * j + a + 2 * b) % 7);
    printf("%.10e\n", sum);
    free(A); free(C); free(Qw); free(Pw); free(Gm); free(H);
    return 0;
}
