/* Reactor physics: loading-pattern screening of a slab reactor, the multiplication
 * factor and flux shape of every candidate core by two-group neutron diffusion (fast
 * and thermal group, water reflectors at both ends, zero flux at the extrapolated
 * boundaries). First the face coupling coefficients of both groups from the harmonic
 * mean of the diffusion constants of the two cells, the inverse diagonals (removal
 * plus leakage) of every cell and the starting fission rate of every core
 * (block-local sum); then power iteration: the fission source divided by the current
 * multiplication factor, a fixed number of Gauss-Seidel sweeps in place for the fast
 * group (three-point stencil, ghost cells), the same for the thermal group fed by
 * down-scattering, the new fission rate of every core (block-local sum) and the
 * multiplication factor updated by the ratio of new to old fission rates. Double
 * precision, sizes are arguments passed through local variables. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NCORE
#define NCORE 256
#endif
#ifndef NZ
#define NZ 400
#endif
#ifndef NOUT
#define NOUT 80
#endif
#ifndef NSWEEP
#define NSWEEP 8
#endif
#define HZ 1.0     /* mesh width, cm */

static void keff(int nc, int nz, int nout, int nsw, const double D1[restrict nc][nz + 2],
                 const double D2[restrict nc][nz + 2], const double Sa1[restrict nc][nz + 2],
                 const double Sa2[restrict nc][nz + 2], const double S12[restrict nc][nz + 2],
                 const double F1[restrict nc][nz + 2], const double F2[restrict nc][nz + 2],
                 double W1[restrict nc][nz + 1], double W2[restrict nc][nz + 1],
                 double R1[restrict nc][nz + 2], double R2[restrict nc][nz + 2],
                 double Q[restrict nc][nz + 2], double P1[restrict nc][nz + 2],
                 double P2[restrict nc][nz + 2], double Fs[restrict nc], double K[restrict nc])
{
    int it, c, s, z;
#pragma scop
    for (c = 0; c < nc; c++)
        for (z = 0; z <= nz; z++) {
            W1[c][z] = 2.0 * D1[c][z] * D1[c][z + 1] / ((D1[c][z] + D1[c][z + 1]) * HZ * HZ);
            W2[c][z] = 2.0 * D2[c][z] * D2[c][z + 1] / ((D2[c][z] + D2[c][z + 1]) * HZ * HZ);
        }
    for (c = 0; c < nc; c++) {
        double f = 0.0;
        for (z = 1; z <= nz; z++) {
            R1[c][z] = 1.0 / (W1[c][z - 1] + W1[c][z] + Sa1[c][z] + S12[c][z]);
            R2[c][z] = 1.0 / (W2[c][z - 1] + W2[c][z] + Sa2[c][z]);
            f += F1[c][z] * P1[c][z] + F2[c][z] * P2[c][z];
        }
        Fs[c] = f;
    }
    for (it = 0; it < nout; it++) {
        for (c = 0; c < nc; c++)
            for (z = 1; z <= nz; z++)
                Q[c][z] = (F1[c][z] * P1[c][z] + F2[c][z] * P2[c][z]) / K[c];
        for (c = 0; c < nc; c++)
            for (s = 0; s < nsw; s++)
                for (z = 1; z <= nz; z++)
                    P1[c][z] = (Q[c][z] + W1[c][z - 1] * P1[c][z - 1] + W1[c][z] * P1[c][z + 1]) * R1[c][z];
        for (c = 0; c < nc; c++)
            for (s = 0; s < nsw; s++)
                for (z = 1; z <= nz; z++)
                    P2[c][z] = (S12[c][z] * P1[c][z] + W2[c][z - 1] * P2[c][z - 1] + W2[c][z] * P2[c][z + 1]) * R2[c][z];
        for (c = 0; c < nc; c++) {
            double f = 0.0;
            for (z = 1; z <= nz; z++)
                f += F1[c][z] * P1[c][z] + F2[c][z] * P2[c][z];
            K[c] = K[c] * f / Fs[c];
            Fs[c] = f;
        }
    }
#pragma endscop
}

int main(void)
{
    int nc = NCORE, nz = NZ, nout = NOUT, nsw = NSWEEP;
    double (*D1)[nz + 2] = malloc(sizeof(double[nc][nz + 2]));
    double (*D2)[nz + 2] = malloc(sizeof(double[nc][nz + 2]));
    double (*Sa1)[nz + 2] = malloc(sizeof(double[nc][nz + 2]));
    double (*Sa2)[nz + 2] = malloc(sizeof(double[nc][nz + 2]));
    double (*S12)[nz + 2] = malloc(sizeof(double[nc][nz + 2]));
    double (*F1)[nz + 2] = malloc(sizeof(double[nc][nz + 2]));
    double (*F2)[nz + 2] = malloc(sizeof(double[nc][nz + 2]));
    double (*W1)[nz + 1] = malloc(sizeof(double[nc][nz + 1]));
    double (*W2)[nz + 1] = malloc(sizeof(double[nc][nz + 1]));
    double (*R1)[nz + 2] = malloc(sizeof(double[nc][nz + 2]));
    double (*R2)[nz + 2] = malloc(sizeof(double[nc][nz + 2]));
    double (*Q)[nz + 2] = malloc(sizeof(double[nc][nz + 2]));
    double (*P1)[nz + 2] = malloc(sizeof(double[nc][nz + 2]));
    double (*P2)[nz + 2] = malloc(sizeof(double[nc][nz + 2]));
    double *Fs = malloc(sizeof(double[nc]));
    double *K = malloc(sizeof(double[nc]));
    if (!D1 || !D2 || !Sa1 || !Sa2 || !S12 || !F1 || !F2 || !W1 || !W2 || !R1 || !R2 || !Q
        || !P1 || !P2 || !Fs || !K)
        return 1;
    /* a water reflector of nz / 16 cells at each end, the fuel between them in
     * assemblies of nz / 16 cells whose enrichment (thermal fission and absorption)
     * follows a loading pattern that depends on the core; the ghost cells copy the
     * edge constants and carry zero flux; flux and multiplication factor start at 1 */
    int nr = nz / 16 > 1 ? nz / 16 : 1;
    for (int c = 0; c < nc; c++) {
        for (int z = 0; z < nz + 2; z++) {
            int zz = z < 1 ? 1 : z > nz ? nz : z;
            int refl = zz <= nr || zz > nz - nr;
            double e = 0.7 + 0.6 * (double)(((zz - 1) / nr * 5 + c * 3) % 7) / 6.0;
            D1[c][z] = refl ? 1.13 : 1.40 + 0.02 * (c % 5);
            D2[c][z] = refl ? 0.16 : 0.40;
            Sa1[c][z] = refl ? 0.0004 : 0.0095 + 0.001 * e;
            Sa2[c][z] = refl ? 0.0197 : 0.070 + 0.025 * e + 0.0002 * (c % 11);
            S12[c][z] = refl ? 0.0494 : 0.0175;
            F1[c][z] = refl ? 0.0 : 0.0045 + 0.0015 * e;
            F2[c][z] = refl ? 0.0 : 0.090 + 0.050 * e;
            P1[c][z] = P2[c][z] = (z == 0 || z == nz + 1) ? 0.0 : 1.0;
            Q[c][z] = R1[c][z] = R2[c][z] = 0.0;
        }
        for (int z = 0; z <= nz; z++)
            W1[c][z] = W2[c][z] = 0.0;
        Fs[c] = 0.0;
        K[c] = 1.0;
    }

    keff(nc, nz, nout, nsw, D1, D2, Sa1, Sa2, S12, F1, F2, W1, W2, R1, R2, Q, P1, P2, Fs, K);

    double sum = 0.0;
    for (int c = 0; c < nc; c++) {
        for (int z = 1; z <= nz; z++)
            sum += (P1[c][z] + 4.0 * P2[c][z]) * (double)(1 + (c + 3 * z) % 7);
        sum += 100.0 * K[c] * (double)(1 + c % 5);
    }
    printf("%.10e\n", sum);
    free(D1); free(D2); free(Sa1); free(Sa2); free(S12); free(F1); free(F2); free(W1);
    free(W2); free(R1); free(R2); free(Q); free(P1); free(P2); free(Fs); free(K);
    return 0;
}
