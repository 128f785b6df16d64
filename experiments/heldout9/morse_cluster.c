/* Computational chemistry: energies of a batch of trial configurations of an atomic
 * cluster (one Monte Carlo move per configuration) with the Morse pair potential
 * V(r) = DE * (1 - exp(-AM * (r - RE)))^2 - DE, cut off at RC by a ternary. For every
 * configuration the sum over the atom pairs j < i (triangular) of the pair energy
 * (block-local distance, exponential and energy accumulator) is stored. Coordinates
 * are stored per configuration as P[c][i][0..2]. Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NCONF
#define NCONF 160
#endif
#ifndef NATOM
#define NATOM 1024
#endif
#define DE 0.35      /* well depth, eV */
#define AM 1.4       /* width parameter, 1/Angstrom */
#define RE 2.9       /* equilibrium distance, Angstrom */
#define RC 9.0       /* cutoff, Angstrom */

static void energies(int nc, int na, const double P[restrict nc][na][3],
                     double E[restrict nc])
{
    int c, i, j;
#pragma scop
    for (c = 0; c < nc; c++) {
        double e = 0.0;
        for (i = 1; i < na; i++)
            for (j = 0; j < i; j++) {
                double r = sqrt((P[c][i][0] - P[c][j][0]) * (P[c][i][0] - P[c][j][0])
                              + (P[c][i][1] - P[c][j][1]) * (P[c][i][1] - P[c][j][1])
                              + (P[c][i][2] - P[c][j][2]) * (P[c][i][2] - P[c][j][2]));
                double x = exp(-AM * (r - RE));
                e += r < RC ? DE * (1.0 - x) * (1.0 - x) - DE : 0.0;
            }
        E[c] = e;
    }
#pragma endscop
}

int main(void)
{
    int nc = NCONF, na = NATOM;
    double (*P)[na][3] = malloc(sizeof(double[nc][na][3]));
    double *E = malloc(sizeof(double[nc]));
    if (!P || !E)
        return 1;
    /* atoms near the sites of a simple cubic lattice of spacing 2.9 (a cube of about
     * 10 sites a side), each coordinate displaced by up to 0.15 Angstrom in a pattern that depends
     * on the configuration, so no two atoms come closer than about 2.6 Angstrom and
     * every pair term inside the cutoff lies between -DE and about -1e-4 eV */
    int side = 1;
    while (side * side * side < na)
        side++;
    for (int c = 0; c < nc; c++) {
        for (int i = 0; i < na; i++) {
            int ix = i % side, iy = (i / side) % side, iz = i / (side * side);
            P[c][i][0] = RE * ix + 0.15 * (double)((i * 7 + c * 3) % 5 - 2) / 2.0;
            P[c][i][1] = RE * iy + 0.15 * (double)((i * 11 + c * 5) % 5 - 2) / 2.0;
            P[c][i][2] = RE * iz + 0.15 * (double)((i * 13 + c * 7) % 5 - 2) / 2.0;
        }
        E[c] = 0.0;
    }

    energies(nc, na, P, E);

    double sum = 0.0;
    for (int c = 0; c < nc; c++)
        sum += E[c] * (double)(1 + c % 7);
    printf("%.10e\n", sum);
    free(P); free(E);
    return 0;
}
