/* Heat conduction in a block: the 3-D heat equation advanced by the explicit
 * forward-Euler scheme with the 7-point Laplacian. Each step writes the new
 * temperatures into a second grid, then copies them back; the boundary faces are held
 * at their initial temperatures. Sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NX
#define NX 128
#endif
#ifndef NY
#define NY 128
#endif
#ifndef NZ
#define NZ 128
#endif
#ifndef STEPS
#define STEPS 40
#endif

static void heat_steps(int nx, int ny, int nz, int steps, double alpha,
                       double (*restrict u)[ny][nz], double (*restrict v)[ny][nz])
{
    int t, i, j, k;
#pragma scop
    for (t = 0; t < steps; t++) {
        for (i = 1; i < nx - 1; i++)
            for (j = 1; j < ny - 1; j++)
                for (k = 1; k < nz - 1; k++)
                    v[i][j][k] = u[i][j][k]
                               + alpha * (u[i - 1][j][k] + u[i + 1][j][k]
                                          + u[i][j - 1][k] + u[i][j + 1][k]
                                          + u[i][j][k - 1] + u[i][j][k + 1]
                                          - 6.0 * u[i][j][k]);
        for (i = 1; i < nx - 1; i++)
            for (j = 1; j < ny - 1; j++)
                for (k = 1; k < nz - 1; k++)
                    u[i][j][k] = v[i][j][k];
    }
#pragma endscop
}

int main(void)
{
    int nx = NX, ny = NY, nz = NZ, steps = STEPS;
    double (*u)[ny][nz] = malloc(sizeof(double[nx][ny][nz]));
    double (*v)[ny][nz] = malloc(sizeof(double[nx][ny][nz]));
    if (!u || !v)
        return 1;
    /* room temperature, a hot bottom face and a warm slab inside */
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            for (int k = 0; k < nz; k++) {
                double t = 20.0;
                if (i == 0)
                    t = 90.0;
                else if (i > nx / 3 && i < nx / 2 && j > ny / 4 && j < 3 * ny / 4)
                    t = 60.0 + (double)((j * 3 + k * 7) % 11);
                u[i][j][k] = t;
                v[i][j][k] = t;
            }

    heat_steps(nx, ny, nz, steps, 0.12, u, v);

    double sum = 0.0;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            for (int k = 0; k < nz; k++)
                sum += u[i][j][k] * (double)(1 + (i * 5 + j * 3 + k) % 13);
    printf("%.10e\n", sum);
    free(u); free(v);
    return 0;
}
