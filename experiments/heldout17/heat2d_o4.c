/* Explicit 2-D diffusion with the fourth-order (radius-2, 9-point cross) Laplacian on
 * a row-major grid held as flat arrays indexed u[i * nx + j] with the row length nx
 * a parameter, as a simulation code that allocates its fields as one block writes
 * it: two-cell frame of fixed values, new field then copied back each step. Double
 * precision, sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NY
#define NY 900
#endif
#ifndef NX
#define NX 1000
#endif
#ifndef NSTEP
#define NSTEP 320
#endif

static void diffuse4(int ny, int nx, int nt, double r, double *restrict u, double *restrict v)
{
    int t, i, j;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (i = 2; i < ny - 2; i++)
            for (j = 2; j < nx - 2; j++)
                v[i * nx + j] = u[i * nx + j]
                                + r * (-(u[(i - 2) * nx + j] + u[(i + 2) * nx + j] + u[i * nx + j - 2] + u[i * nx + j + 2])
                                       + 16.0 * (u[(i - 1) * nx + j] + u[(i + 1) * nx + j] + u[i * nx + j - 1] + u[i * nx + j + 1])
                                       - 60.0 * u[i * nx + j]) / 12.0;
        for (i = 2; i < ny - 2; i++)
            for (j = 2; j < nx - 2; j++)
                u[i * nx + j] = v[i * nx + j];
    }
#pragma endscop
}

int main(void)
{
    double *u = malloc(sizeof(double) * NY * NX), *v = malloc(sizeof(double) * NY * NX);
    if (!u || !v)
        return 1;
    /* hot rectangle and a warm stripe inside a frame held at a ramp */
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NX; j++) {
            double w = (double)((i * 3 + j * 7) % 17) / 17.0;
            if (i < 2 || i >= NY - 2 || j < 2 || j >= NX - 2)
                w = (double)j / NX;
            else if (i > NY / 4 && i < NY / 2 && j > NX / 3 && j < 2 * NX / 3)
                w += 4.0;
            u[i * NX + j] = v[i * NX + j] = w;
        }

    diffuse4(NY, NX, NSTEP, 0.15, u, v);

    double sum = 0.0;
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NX; j++)
            sum += u[i * NX + j] * (double)(1 + (i + 3 * j) % 7);
    printf("%.10e\n", sum);
    free(u);
    free(v);
    return 0;
}
