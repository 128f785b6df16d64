/* Glaciology: evolution of an ice sheet on a rough bed under the shallow ice
 * approximation (Glen's law n = 3, no sliding), explicit in time. Every step: the
 * surface elevation; the nonlinear diffusivity Gamma H^5 |grad s|^2 at the cell corners
 * from the four surrounding cells (block-local mean thickness and surface gradient
 * components); the new thickness of every interior cell from the four face fluxes
 * (corner diffusivities averaged along each face, block-local) and the surface mass
 * balance, linear in the elevation above a latitude-dependent equilibrium line and
 * capped (ternary), clipped at zero thickness (ternary); the thickness copied back.
 * Last the ice volume, the ice-covered area and the largest thickness (ternaries) of
 * every grid row. Double precision, sizes (and the mesh width of a 1600 km square)
 * are arguments passed through local variables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NGRID
#define NGRID 200
#endif
#ifndef NSTEP
#define NSTEP 6000
#endif
#define DTY 0.04        /* years */
#define GAM 2.846e-5    /* 2 A (rho g)^3 / 5, A = 1e-16 Pa^-3 a^-1 */
#define BETA 0.01       /* mass balance gradient, m ice / a per m */
#define MMAX 0.5        /* accumulation cap, m / a */

static void ice(int ny, int nx, int nt, double dx, const double B[restrict ny][nx], const double Ela[restrict ny],
                double H[restrict ny][nx], double S[restrict ny][nx], double D[restrict ny][nx],
                double Hn[restrict ny][nx], double Vol[restrict ny], double Area[restrict ny],
                double Hmx[restrict ny])
{
    int t, i, j;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (i = 0; i < ny; i++)
            for (j = 0; j < nx; j++)
                S[i][j] = B[i][j] + H[i][j];
        for (i = 0; i < ny - 1; i++)
            for (j = 0; j < nx - 1; j++) {
                double hc = 0.25 * (H[i][j] + H[i + 1][j] + H[i][j + 1] + H[i + 1][j + 1]);
                double sx = (S[i][j + 1] - S[i][j] + S[i + 1][j + 1] - S[i + 1][j]) / (2.0 * dx);
                double sy = (S[i + 1][j] - S[i][j] + S[i + 1][j + 1] - S[i][j + 1]) / (2.0 * dx);
                D[i][j] = GAM * hc * hc * hc * hc * hc * (sx * sx + sy * sy);
            }
        for (i = 1; i < ny - 1; i++)
            for (j = 1; j < nx - 1; j++) {
                double fx = 0.5 * (D[i - 1][j] + D[i][j]) * (S[i][j + 1] - S[i][j]) - 0.5 * (D[i - 1][j - 1] + D[i][j - 1]) * (S[i][j] - S[i][j - 1]);
                double fy = 0.5 * (D[i][j - 1] + D[i][j]) * (S[i + 1][j] - S[i][j]) - 0.5 * (D[i - 1][j - 1] + D[i - 1][j]) * (S[i][j] - S[i - 1][j]);
                double m = BETA * (S[i][j] - Ela[i]);
                double h = H[i][j] + DTY * ((m > MMAX ? MMAX : m) + (fx + fy) / (dx * dx));
                Hn[i][j] = h > 0.0 ? h : 0.0;
            }
        for (i = 1; i < ny - 1; i++)
            for (j = 1; j < nx - 1; j++)
                H[i][j] = Hn[i][j];
    }
    for (i = 0; i < ny; i++) {
        Vol[i] = 0.0;
        Area[i] = 0.0;
        Hmx[i] = 0.0;
        for (j = 0; j < nx; j++) {
            Vol[i] += H[i][j] * dx * dx * 1e-9;
            Area[i] += H[i][j] > 1.0 ? dx * dx * 1e-6 : 0.0;
            Hmx[i] = H[i][j] > Hmx[i] ? H[i][j] : Hmx[i];
        }
    }
#pragma endscop
}

int main(void)
{
    int ny = NGRID, nx = NGRID, nt = NSTEP;
    double dx = 1.6e6 / (nx - 1);   /* a square of 1600 km */
    double (*B)[nx] = malloc(sizeof(double[ny][nx]));
    double (*H)[nx] = malloc(sizeof(double[ny][nx]));
    double (*S)[nx] = malloc(sizeof(double[ny][nx]));
    double (*D)[nx] = malloc(sizeof(double[ny][nx]));
    double (*Hn)[nx] = malloc(sizeof(double[ny][nx]));
    double *Ela = malloc(sizeof(double[ny]));
    double *Vol = malloc(sizeof(double[ny]));
    double *Area = malloc(sizeof(double[ny]));
    double *Hmx = malloc(sizeof(double[ny]));
    if (!B || !H || !S || !D || !Hn || !Ela || !Vol || !Area || !Hmx)
        return 1;
    /* bed: hills and valleys of -300 to 900 m; equilibrium line from 1400 m in the
     * south (row 0) to 600 m in the north; start: a dome of 2400 m (plus the bed
     * roughness damped under thick ice) over the middle 70% of the domain, no ice
     * outside and on the border rows and columns, which stay ice-free */
    for (int i = 0; i < ny; i++) {
        Ela[i] = 1400.0 - 800.0 * (double)i / (ny - 1);
        Vol[i] = Area[i] = Hmx[i] = 0.0;
        for (int j = 0; j < nx; j++) {
            double y = (double)i / (ny - 1), x = (double)j / (nx - 1);
            double r2 = ((x - 0.5) * (x - 0.5) + (y - 0.5) * (y - 0.5)) / (0.35 * 0.35);
            B[i][j] = 300.0 + 400.0 * sin(9.0 * x + 1.0) * cos(7.0 * y) + 200.0 * sin(23.0 * x * y);
            H[i][j] = r2 < 1.0 && i > 0 && j > 0 && i < ny - 1 && j < nx - 1 ? 2400.0 * sqrt(sqrt(1.0 - r2)) : 0.0;
            S[i][j] = D[i][j] = 0.0;
            Hn[i][j] = H[i][j];
        }
    }

    ice(ny, nx, nt, dx, B, Ela, H, S, D, Hn, Vol, Area, Hmx);

    double sum = 0.0;
    for (int i = 0; i < ny; i++) {
        for (int j = 0; j < nx; j++)
            sum += H[i][j] * (double)(1 + (i + 3 * j) % 7);
        sum += (Vol[i] + 1e-3 * Area[i] + Hmx[i]) * (double)(1 + i % 5);
    }
    printf("%.10e\n", sum);
    free(B); free(H); free(S); free(D); free(Hn); free(Ela); free(Vol); free(Area); free(Hmx);
    return 0;
}
