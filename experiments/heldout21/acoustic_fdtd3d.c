/* Room-acoustics simulation by the finite-difference time-domain method on a staggered
 * grid: per step the three particle-velocity components updated from the pressure
 * differences (vx at i + 1/2 from p[i+1] - p[i], and so on), then the pressure from the
 * velocity divergence, a soft point source added at one cell (its value a precomputed
 * pulse per step), and the pressure recorded at a listener cell. Rigid walls (the
 * border velocities stay zero). Double; sizes are parameters (VLA, 3-D arrays),
 * passed from local int variables. One nest (the time loop with five inside),
 * 6 statements. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void fdtd(int nt, int nx, int ny, int nz, double p[nx][ny][nz], double vx[nx][ny][nz],
                 double vy[nx][ny][nz], double vz[nx][ny][nz], double src[nt], double rec[nt],
                 double cv, double cp)
{
    int t, i, j, k;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (i = 0; i < nx - 1; i++)
            for (j = 0; j < ny; j++)
                for (k = 0; k < nz; k++)
                    vx[i][j][k] -= cv * (p[i + 1][j][k] - p[i][j][k]);
        for (i = 0; i < nx; i++)
            for (j = 0; j < ny - 1; j++)
                for (k = 0; k < nz; k++)
                    vy[i][j][k] -= cv * (p[i][j + 1][k] - p[i][j][k]);
        for (i = 0; i < nx; i++)
            for (j = 0; j < ny; j++)
                for (k = 0; k < nz - 1; k++)
                    vz[i][j][k] -= cv * (p[i][j][k + 1] - p[i][j][k]);
        for (i = 1; i < nx - 1; i++)
            for (j = 1; j < ny - 1; j++)
                for (k = 1; k < nz - 1; k++)
                    p[i][j][k] -= cp * (vx[i][j][k] - vx[i - 1][j][k] + vy[i][j][k]
                                        - vy[i][j - 1][k] + vz[i][j][k] - vz[i][j][k - 1]);
        p[nx / 3][ny / 2][nz / 4] += src[t];
        rec[t] = p[2 * nx / 3][ny / 3][nz / 2];
    }
#pragma endscop
}

int main(void)
{
    int nt = 90, nx = 150, ny = 130, nz = 110;
    size_t cells = (size_t)nx * ny * nz;
    double (*p)[ny][nz] = calloc(cells, sizeof(double));
    double (*vx)[ny][nz] = calloc(cells, sizeof(double));
    double (*vy)[ny][nz] = calloc(cells, sizeof(double));
    double (*vz)[ny][nz] = calloc(cells, sizeof(double));
    double *src = malloc(sizeof(double) * nt), *rec = malloc(sizeof(double) * nt);
    if (!p || !vx || !vy || !vz || !src || !rec)
        return 1;
    for (int t = 0; t < nt; t++) {
        double a = (t - 20) / 6.0;
        src[t] = (1.0 - 2.0 * a * a) * exp(-a * a);
    }
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            for (int k = 0; k < nz; k++)
                p[i][j][k] = 1.0e-3 * sin(0.1 * i) * cos(0.07 * j + 0.03 * k);
    fdtd(nt, nx, ny, nz, p, vx, vy, vz, src, rec, 0.4, 0.4);
    double cs = 0.0;
    for (int t = 0; t < nt; t++)
        cs += rec[t] * (t + 1);
    for (int i = 0; i < nx; i += 3)
        for (int j = 0; j < ny; j += 3)
            for (int k = 0; k < nz; k += 3)
                cs += (p[i][j][k] + vx[i][j][k] - vy[i][j][k] + 0.5 * vz[i][j][k])
                      * (double)((i + 2 * j + 3 * k) % 37 + 1);
    printf("%.10e\n", cs);
    free(p);
    free(vx);
    free(vy);
    free(vz);
    free(src);
    free(rec);
    return 0;
}
