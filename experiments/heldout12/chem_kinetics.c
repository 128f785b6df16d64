/* Chemical kinetics: explicit integration of a small reaction mechanism in every cell
 * of a grid with its own temperature (a reactor or plume cross-section): A <-> B
 * (Arrhenius rates k1, k2), A + B -> C (k3), C -> A (k4, constant, photolysis-like).
 * First the three temperature-dependent rate constants of every cell from exp(-E / T);
 * then the step loop: per cell the net rates (block-local r1, r3, r4) and the forward
 * Euler update of the three concentrations. Double precision, sizes are arguments
 * passed through local variables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NSTEP
#define NSTEP 2000
#endif
#ifndef NY
#define NY 512
#endif
#ifndef NX
#define NX 512
#endif
#define DT 0.01
#define K4 0.05

static void kinetics(int nt, int ny, int nx, const double T[restrict ny][nx],
                     double K1[restrict ny][nx], double K2[restrict ny][nx],
                     double K3[restrict ny][nx], double A[restrict ny][nx],
                     double B[restrict ny][nx], double C[restrict ny][nx])
{
    int t, i, j;
#pragma scop
    for (i = 0; i < ny; i++)
        for (j = 0; j < nx; j++) {
            K1[i][j] = 4.0 * exp(-3000.0 / T[i][j]);
            K2[i][j] = 9.0 * exp(-2000.0 / T[i][j]);
            K3[i][j] = 20.0 * exp(-4000.0 / T[i][j]);
        }
    for (t = 0; t < nt; t++)
        for (i = 0; i < ny; i++)
            for (j = 0; j < nx; j++) {
                double r1 = K1[i][j] * A[i][j] - K2[i][j] * B[i][j];
                double r3 = K3[i][j] * A[i][j] * B[i][j];
                double r4 = K4 * C[i][j];
                A[i][j] = A[i][j] + DT * (r4 - r1 - r3);
                B[i][j] = B[i][j] + DT * (r1 - r3);
                C[i][j] = C[i][j] + DT * (r3 - r4);
            }
#pragma endscop
}

int main(void)
{
    int nt = NSTEP, ny = NY, nx = NX;
    double (*T)[nx] = malloc(sizeof(double[ny][nx]));
    double (*K1)[nx] = malloc(sizeof(double[ny][nx]));
    double (*K2)[nx] = malloc(sizeof(double[ny][nx]));
    double (*K3)[nx] = malloc(sizeof(double[ny][nx]));
    double (*A)[nx] = malloc(sizeof(double[ny][nx]));
    double (*B)[nx] = malloc(sizeof(double[ny][nx]));
    double (*C)[nx] = malloc(sizeof(double[ny][nx]));
    if (!T || !K1 || !K2 || !K3 || !A || !B || !C)
        return 1;
    /* temperatures 600 to 1000 K (k1 0.02 to 0.2, k2 0.3 to 1.2, k3 0.025 to 0.37 per
     * second); initial concentrations A 0.5 to 1.5, B 0.1 to 0.5, C 0.05 */
    for (int i = 0; i < ny; i++)
        for (int j = 0; j < nx; j++) {
            T[i][j] = 600.0 + 400.0 * (double)((i * 7 + j * 3) % 101) / 100.0;
            A[i][j] = 0.5 + (double)((i + 2 * j) % 11) / 10.0;
            B[i][j] = 0.1 + 0.4 * (double)((3 * i + j) % 13) / 12.0;
            C[i][j] = 0.05;
            K1[i][j] = K2[i][j] = K3[i][j] = 0.0;
        }

    kinetics(nt, ny, nx, T, K1, K2, K3, A, B, C);

    double sum = 0.0;
    for (int i = 0; i < ny; i++)
        for (int j = 0; j < nx; j++)
            sum += (A[i][j] + 2.0 * B[i][j] + 3.0 * C[i][j] + K3[i][j]) * (double)(1 + (i + 3 * j) % 7);
    printf("%.10e\n", sum);
    free(T); free(K1); free(K2); free(K3); free(A); free(B); free(C);
    return 0;
}
