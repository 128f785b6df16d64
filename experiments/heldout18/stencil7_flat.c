/* Explicit 3-D diffusion with the 7-point stencil on linearised arrays,
 * u[(k * ny + j) * nx + i], the grid extents nx, ny, nz parameters: per time step the
 * new interior from the old field (fixed boundary values), then copied back. Double
 * precision, sizes are scalar parameters (flat double * arrays) passed directly from
 * macros. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NXX
#define NXX 150
#endif
#ifndef NYY
#define NYY 140
#endif
#ifndef NZZ
#define NZZ 120
#endif
#ifndef NT
#define NT 56
#endif

static void stencil7(int nx, int ny, int nz, int nt, double r, double *restrict u, double *restrict v)
{
    int t, i, j, k;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (k = 1; k < nz - 1; k++)
            for (j = 1; j < ny - 1; j++)
                for (i = 1; i < nx - 1; i++)
                    v[(k * ny + j) * nx + i] = (1.0 - 6.0 * r) * u[(k * ny + j) * nx + i]
                        + r * (u[(k * ny + j) * nx + i - 1] + u[(k * ny + j) * nx + i + 1]
                               + u[(k * ny + j - 1) * nx + i] + u[(k * ny + j + 1) * nx + i]
                               + u[((k - 1) * ny + j) * nx + i] + u[((k + 1) * ny + j) * nx + i]);
        for (k = 1; k < nz - 1; k++)
            for (j = 1; j < ny - 1; j++)
                for (i = 1; i < nx - 1; i++)
                    u[(k * ny + j) * nx + i] = v[(k * ny + j) * nx + i];
    }
#pragma endscop
}

int main(void)
{
    size_t sz = (size_t)NXX * NYY * NZZ;
    double *u = malloc(sz * sizeof(double)), *v = malloc(sz * sizeof(double));
    if (!u || !v)
        return 1;
    for (int k = 0; k < NZZ; k++)
        for (int j = 0; j < NYY; j++)
            for (int i = 0; i < NXX; i++) {
                size_t x = ((size_t)k * NYY + j) * NXX + i;
                u[x] = 1.0 + (double)((i * 3 + j * 7 + k * 5) % 23) / 23.0
                       + (k == 0 || j == 0 || i == 0 ? 1.5 : 0.0);
                v[x] = u[x];
            }

    stencil7(NXX, NYY, NZZ, NT, 0.14, u, v);

    double sum = 0.0;
    for (int k = 0; k < NZZ; k++)
        for (int j = 0; j < NYY; j++)
            for (int i = 0; i < NXX; i++) {
                size_t x = ((size_t)k * NYY + j) * NXX + i;
                sum += (u[x] + 0.5 * v[x]) * (double)(1 + (i + 2 * j + 3 * k) % 7);
            }
    printf("%.10e\n", sum);
    free(u); free(v);
    return 0;
}
