/* River morphodynamics: bed evolution of a set of gravel-bed river reaches under a
 * steady flood by the Exner equation, explicit in time. Every step: per reach and
 * segment the bed slope (clipped from below by a ternary), the normal flow depth by
 * Manning's formula (pow), the Shields number and the Meyer-Peter-Mueller bedload
 * transport rate (ternary above the critical Shields number, sqrt); then the new bed
 * elevation of every interior node from the divergence of the transport (the
 * upstream node and the downstream base level fixed), the accumulated bed change and
 * the copy back; the sediment delivered at the outlet. Double precision, sizes (and
 * the node spacing of a 40 km reach) are arguments passed through local variables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NRIV
#define NRIV 64
#endif
#ifndef NX
#define NX 401
#endif
#ifndef NSTEP
#define NSTEP 800
#endif
#define D50 0.004       /* median grain size, m */
#define RS 1.65         /* submerged specific gravity */
#define POR 0.4         /* bed porosity */
#define DT 300.0        /* s */

static void exner(int nr, int nx, int nt, double dx, const double Qw[restrict nr], const double Wd[restrict nr],
                  double Z[restrict nr][nx], double H[restrict nr][nx], double Qs[restrict nr][nx],
                  double Zn[restrict nr][nx], double Dz[restrict nr], double Qout[restrict nr])
{
    int t, r, i;
#pragma scop
    for (r = 0; r < nr; r++) {
        Dz[r] = 0.0;
        Qout[r] = 0.0;
    }
    for (t = 0; t < nt; t++) {
        for (r = 0; r < nr; r++)
            for (i = 0; i < nx - 1; i++) {
                double s = (Z[r][i] - Z[r][i + 1]) / dx;
                double sl = s > 1e-5 ? s : 1e-5;
                double h = pow(0.03 * Qw[r] / (Wd[r] * sqrt(sl)), 0.6);
                double ex = h * sl / (RS * D50) - 0.047;
                H[r][i] = h;
                Qs[r][i] = ex > 0.0 ? 8.0 * sqrt(RS * 9.81 * D50 * D50 * D50) * ex * sqrt(ex) : 0.0;
            }
        for (r = 0; r < nr; r++)
            for (i = 1; i < nx - 1; i++)
                Zn[r][i] = Z[r][i] - DT / (1.0 - POR) * (Qs[r][i] - Qs[r][i - 1]) / dx;
        for (r = 0; r < nr; r++)
            for (i = 1; i < nx - 1; i++) {
                Dz[r] += Zn[r][i] - Z[r][i];
                Z[r][i] = Zn[r][i];
            }
        for (r = 0; r < nr; r++)
            Qout[r] += Qs[r][nx - 2] * Wd[r] * DT;
    }
#pragma endscop
}

int main(void)
{
    int nr = NRIV, nx = NX, nt = NSTEP;
    double dx = 4.0e4 / (nx - 1);
    double (*Z)[nx] = malloc(sizeof(double[nr][nx]));
    double (*H)[nx] = malloc(sizeof(double[nr][nx]));
    double (*Qs)[nx] = malloc(sizeof(double[nr][nx]));
    double (*Zn)[nx] = malloc(sizeof(double[nr][nx]));
    double *Qw = malloc(sizeof(double[nr]));
    double *Wd = malloc(sizeof(double[nr]));
    double *Dz = malloc(sizeof(double[nr]));
    double *Qout = malloc(sizeof(double[nr]));
    if (!Z || !H || !Qs || !Zn || !Qw || !Wd || !Dz || !Qout)
        return 1;
    /* reaches: flood discharge 80-400 m3/s, width 30-80 m, mean slope 0.8-2.4 per mille
     * with riffle-pool bumps of up to 0.4 m and a knickpoint step in the middle */
    for (int r = 0; r < nr; r++) {
        Qw[r] = 80.0 + 320.0 * ((r * 37) % 64) / 63.0;
        Wd[r] = 30.0 + 50.0 * ((r * 11) % 17) / 16.0;
        Dz[r] = Qout[r] = 0.0;
        double s0 = 8e-4 + 1.6e-3 * ((r * 5) % 13) / 12.0;
        for (int i = 0; i < nx; i++) {
            double x = (double)i / (nx - 1);
            Z[r][i] = s0 * 4.0e4 * (1.0 - x) + 0.4 * sin(31.0 * x + 0.3 * r) * sin(7.0 * x) + (x < 0.5 ? 1.5 : 0.0);
            Zn[r][i] = Z[r][i];
            H[r][i] = Qs[r][i] = 0.0;
        }
    }

    exner(nr, nx, nt, dx, Qw, Wd, Z, H, Qs, Zn, Dz, Qout);

    double sum = 0.0;
    for (int r = 0; r < nr; r++) {
        for (int i = 0; i < nx; i++)
            sum += (Z[r][i] + H[r][i]) * (double)(1 + (r + 3 * i) % 7);
        sum += (Dz[r] + 1e-3 * Qout[r]) * (double)(1 + r % 5);
    }
    printf("%.10e\n", sum);
    free(Z); free(H); free(Qs); free(Zn); free(Qw); free(Wd); free(Dz); free(Qout);
    return 0;
}
