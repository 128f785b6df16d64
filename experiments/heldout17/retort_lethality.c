/* Food engineering: thermal sterilisation of canned foods in a still steam retort.
 * The retort temperature profile (come-up ramp, hold, exponential cooling; nested
 * ternaries, exp); per time step the can walls and lids set to the retort temperature,
 * the new temperature of every node of the axisymmetric (r, z) conduction problem
 * (radial weights 1 +- 1/(2i) for the cylindrical Laplacian, axis row by its own
 * formula), then the nodes updated and the accumulated lethality F0 (pow of 10,
 * z = 10 C) and the thiamine retention (single-precision first-order kinetics with
 * z = 25 C, expf, powf) at every node, and the temperature at the geometric centre;
 * last per can the lethality at the centre, the smallest lethality over the inner nodes
 * (ternary) and the volume-weighted retention. Double-precision temperatures and
 * lethality, single-precision retention; sizes are arguments passed from local int
 * variables (VLA parameters). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NCAN
#define NCAN 8
#endif
#ifndef NRAD
#define NRAD 20
#endif
#ifndef NAX
#define NAX 36
#endif
#ifndef NSTEP
#define NSTEP 3000
#endif
#define DT 2.0
#define TREF 121.1

static void retort(int nc, int nr, int nz, int nt, int jc, const double Rc[restrict nc], const double Hc[restrict nc],
                   const double Al[restrict nc], double Tr[restrict nt], double T[restrict nc][nr][nz],
                   double Tn[restrict nc][nr][nz], double F[restrict nc][nr][nz], float Q[restrict nc][nr][nz],
                   double Tcen[restrict nc][nt], double F0c[restrict nc], double Fmin[restrict nc], double Ret[restrict nc])
{
    int c, t, i, j;
#pragma scop
    for (t = 0; t < nt; t++)
        Tr[t] = t * DT < 600.0 ? 40.0 + (TREF - 40.0) * t * DT / 600.0
                               : (t * DT < 4500.0 ? TREF : 18.0 + (TREF - 18.0) * exp(-(t * DT - 4500.0) / 300.0));
    for (t = 0; t < nt; t++) {
        for (c = 0; c < nc; c++) {
            for (j = 0; j < nz; j++)
                T[c][nr - 1][j] = Tr[t];
            for (i = 0; i < nr - 1; i++) {
                T[c][i][0] = Tr[t];
                T[c][i][nz - 1] = Tr[t];
            }
        }
        for (c = 0; c < nc; c++)
            for (j = 1; j < nz - 1; j++)
                Tn[c][0][j] = T[c][0][j] + Al[c] * DT * (nr - 1) * (nr - 1) / (Rc[c] * Rc[c]) * 4.0 * (T[c][1][j] - T[c][0][j])
                              + Al[c] * DT * (nz - 1) * (nz - 1) / (Hc[c] * Hc[c]) * (T[c][0][j + 1] - 2.0 * T[c][0][j] + T[c][0][j - 1]);
        for (c = 0; c < nc; c++)
            for (i = 1; i < nr - 1; i++)
                for (j = 1; j < nz - 1; j++) {
                    double kr = Al[c] * DT * (nr - 1) * (nr - 1) / (Rc[c] * Rc[c]);
                    double kz = Al[c] * DT * (nz - 1) * (nz - 1) / (Hc[c] * Hc[c]);
                    Tn[c][i][j] = T[c][i][j] + kr * ((1.0 + 0.5 / i) * (T[c][i + 1][j] - T[c][i][j]) - (1.0 - 0.5 / i) * (T[c][i][j] - T[c][i - 1][j]))
                                  + kz * (T[c][i][j + 1] - 2.0 * T[c][i][j] + T[c][i][j - 1]);
                }
        for (c = 0; c < nc; c++) {
            for (i = 0; i < nr - 1; i++)
                for (j = 1; j < nz - 1; j++) {
                    T[c][i][j] = Tn[c][i][j];
                    F[c][i][j] += DT / 60.0 * pow(10.0, (Tn[c][i][j] - TREF) / 10.0);
                    Q[c][i][j] *= expf(-2.0e-4f * (float)DT * powf(10.0f, (float)(Tn[c][i][j] - TREF) / 25.0f));
                }
            Tcen[c][t] = T[c][0][jc];
        }
    }
    for (c = 0; c < nc; c++) {
        F0c[c] = F[c][0][jc];
        Fmin[c] = 1.0e30;
        Ret[c] = 0.0;
        for (i = 0; i < nr - 1; i++)
            for (j = 1; j < nz - 1; j++) {
                Fmin[c] = F[c][i][j] < Fmin[c] ? F[c][i][j] : Fmin[c];
                Ret[c] += (i + 0.25) * Q[c][i][j] / ((nr - 1) * (0.5 * (nr - 2) + 0.25) * (nz - 2));
            }
    }
#pragma endscop
}

int main(void)
{
    int nc = NCAN, nr = NRAD, nz = NAX, nt = NSTEP, jc = NAX / 2;
    double *Rc = malloc(sizeof(double[NCAN])), *Hc = malloc(sizeof(double[NCAN])), *Al = malloc(sizeof(double[NCAN]));
    double *Tr = malloc(sizeof(double[NSTEP]));
    double (*T)[NRAD][NAX] = malloc(sizeof(double[NCAN][NRAD][NAX])), (*Tn)[NRAD][NAX] = malloc(sizeof(double[NCAN][NRAD][NAX]));
    double (*F)[NRAD][NAX] = malloc(sizeof(double[NCAN][NRAD][NAX]));
    float (*Q)[NRAD][NAX] = malloc(sizeof(float[NCAN][NRAD][NAX]));
    double (*Tcen)[NSTEP] = malloc(sizeof(double[NCAN][NSTEP]));
    double *F0c = malloc(sizeof(double[NCAN])), *Fmin = malloc(sizeof(double[NCAN])), *Ret = malloc(sizeof(double[NCAN]));
    if (!Rc || !Hc || !Al || !Tr || !T || !Tn || !F || !Q || !Tcen || !F0c || !Fmin || !Ret)
        return 1;
    /* can radii 3.7-4.3 cm and heights 10-12 cm, products with thermal diffusivities
     * 1.4-1.8e-7 m^2/s; filled at 40 C */
    for (int c = 0; c < NCAN; c++) {
        Rc[c] = 0.037 + 0.006 * (double)((c * 3) % 4) / 3.0;
        Hc[c] = 0.10 + 0.02 * (double)((c * 5) % 3) / 2.0;
        Al[c] = 1.4e-7 + 0.4e-7 * (double)(c % 5) / 4.0;
        F0c[c] = Fmin[c] = Ret[c] = 0.0;
        for (int i = 0; i < NRAD; i++)
            for (int j = 0; j < NAX; j++) {
                T[c][i][j] = Tn[c][i][j] = 40.0;
                F[c][i][j] = 0.0;
                Q[c][i][j] = 1.0f;
            }
        for (int t = 0; t < NSTEP; t++)
            Tcen[c][t] = 0.0;
    }
    for (int t = 0; t < NSTEP; t++)
        Tr[t] = 0.0;

    retort(nc, nr, nz, nt, jc, Rc, Hc, Al, Tr, T, Tn, F, Q, Tcen, F0c, Fmin, Ret);

    double sum = 0.0;
    for (int c = 0; c < NCAN; c++) {
        for (int i = 0; i < NRAD; i++)
            for (int j = 0; j < NAX; j++)
                sum += (1e-2 * T[c][i][j] + 1e-2 * Tn[c][i][j] + 1e-2 * F[c][i][j] + (double)Q[c][i][j]) * (double)(1 + (c + 3 * i + j) % 7);
        for (int t = 0; t < NSTEP; t++)
            sum += 1e-3 * Tcen[c][t] * (double)(1 + t % 5);
        sum += (F0c[c] + Fmin[c] + Ret[c]) * (double)(1 + c % 3);
    }
    for (int t = 0; t < NSTEP; t++)
        sum += 1e-3 * Tr[t] * (double)(1 + t % 4);
    printf("%.10e\n", sum);
    free(Rc); free(Hc); free(Al); free(Tr); free(T); free(Tn); free(F); free(Q); free(Tcen); free(F0c); free(Fmin); free(Ret);
    return 0;
}
