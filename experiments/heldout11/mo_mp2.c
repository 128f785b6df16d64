/* Quantum chemistry: second-order Moller-Plesset (MP2) correlation energy of a closed-
 * shell molecule. The two-electron integrals over the NBF atomic basis functions,
 * (mu nu | la si) in chemists' notation, are transformed to the molecular orbitals by
 * four quarter transformations, each contracting one index with the MO coefficient
 * matrix read down a column (C[mu][p]: transposed) and accumulated into a zeroed
 * array; the two n^4 arrays take turns as source and target, the emptied one zeroed
 * again in the region. Then the MP2 energy sums, over occupied i, j (below NOCC) and
 * virtual a, b (from NOCC), (ia|jb) [2 (ia|jb) - (ib|ja)] / (e_i + e_j - e_a - e_b)
 * into one accumulator. Double precision, sizes as macros, heap arrays. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NBF
#define NBF 46    /* basis functions = molecular orbitals */
#endif
#ifndef NOCC
#define NOCC 12   /* doubly occupied orbitals */
#endif

static void mp2(double (*restrict A)[NBF][NBF][NBF], double (*restrict B)[NBF][NBF][NBF],
                double (*restrict C)[NBF], double *restrict Eps, double *restrict Emp2)
{
    int p, q, r, s, mu, nu, la, si, i, j, a, b;
#pragma scop
    for (p = 0; p < NBF; p++)
        for (nu = 0; nu < NBF; nu++)
            for (la = 0; la < NBF; la++)
                for (si = 0; si < NBF; si++)
                    for (mu = 0; mu < NBF; mu++)
                        B[p][nu][la][si] += C[mu][p] * A[mu][nu][la][si];
    for (p = 0; p < NBF; p++)
        for (q = 0; q < NBF; q++)
            for (la = 0; la < NBF; la++)
                for (si = 0; si < NBF; si++)
                    A[p][q][la][si] = 0.0;
    for (p = 0; p < NBF; p++)
        for (q = 0; q < NBF; q++)
            for (la = 0; la < NBF; la++)
                for (si = 0; si < NBF; si++)
                    for (nu = 0; nu < NBF; nu++)
                        A[p][q][la][si] += C[nu][q] * B[p][nu][la][si];
    for (p = 0; p < NBF; p++)
        for (q = 0; q < NBF; q++)
            for (r = 0; r < NBF; r++)
                for (si = 0; si < NBF; si++)
                    B[p][q][r][si] = 0.0;
    for (p = 0; p < NBF; p++)
        for (q = 0; q < NBF; q++)
            for (r = 0; r < NBF; r++)
                for (si = 0; si < NBF; si++)
                    for (la = 0; la < NBF; la++)
                        B[p][q][r][si] += C[la][r] * A[p][q][la][si];
    for (p = 0; p < NBF; p++)
        for (q = 0; q < NBF; q++)
            for (r = 0; r < NBF; r++)
                for (s = 0; s < NBF; s++)
                    A[p][q][r][s] = 0.0;
    for (p = 0; p < NBF; p++)
        for (q = 0; q < NBF; q++)
            for (r = 0; r < NBF; r++)
                for (s = 0; s < NBF; s++)
                    for (si = 0; si < NBF; si++)
                        A[p][q][r][s] += C[si][s] * B[p][q][r][si];
    for (i = 0; i < NOCC; i++)
        for (a = NOCC; a < NBF; a++)
            for (j = 0; j < NOCC; j++)
                for (b = NOCC; b < NBF; b++)
                    Emp2[0] += A[i][a][j][b] * (2.0 * A[i][a][j][b] - A[i][b][j][a])
                             / (Eps[i] + Eps[j] - Eps[a] - Eps[b]);
#pragma endscop
}

int main(void)
{
    double (*A)[NBF][NBF][NBF] = malloc(sizeof(double[NBF][NBF][NBF][NBF]));
    double (*B)[NBF][NBF][NBF] = malloc(sizeof(double[NBF][NBF][NBF][NBF]));
    double (*C)[NBF] = malloc(sizeof(double[NBF][NBF]));
    double (*S)[NBF] = malloc(sizeof(double[NBF][NBF]));
    double *Eps = malloc(sizeof(double[NBF]));
    double *G = malloc(sizeof(double[4 * NBF - 3]));
    double *Emp2 = malloc(sizeof(double));
    if (!A || !B || !C || !S || !Eps || !G || !Emp2)
        return 1;
    /* model integrals with the 8-fold permutational symmetry of real orbitals: a pair
     * overlap decaying (to a floor of 1e-4) with the distance of the two functions'
     * centres along a chain, times a Coulomb-like factor 1 / sqrt(1 + distance of the
     * pair centres squared); MO coefficients the identity plus a smooth mixing of
     * +-0.15; orbital energies -2.0 to -0.4 (occupied) and 0.2 to 3.0 hartree
     * (virtual) */
    for (int mu = 0; mu < NBF; mu++)
        for (int nu = 0; nu < NBF; nu++) {
            S[mu][nu] = 1e-4 + exp(-0.15 * (double)((mu - nu) * (mu - nu)));
            C[mu][nu] = (mu == nu ? 1.0 : 0.0) + 0.15 * cos(0.7 * mu + 1.3 * nu) / (1.0 + fabs((double)(mu - nu)));
        }
    for (int k = 0; k < 4 * NBF - 3; k++) {
        double d = 0.5 * (double)(k - 2 * (NBF - 1));
        G[k] = 1.0 / sqrt(1.0 + 0.1 * d * d);
    }
    for (int mu = 0; mu < NBF; mu++)
        for (int nu = 0; nu < NBF; nu++)
            for (int la = 0; la < NBF; la++)
                for (int si = 0; si < NBF; si++) {
                    A[mu][nu][la][si] = S[mu][nu] * S[la][si] * G[mu + nu - la - si + 2 * (NBF - 1)];
                    B[mu][nu][la][si] = 0.0;
                }
    for (int p = 0; p < NBF; p++)
        Eps[p] = p < NOCC ? -2.0 + 1.6 * (double)p / (NOCC - 1 > 0 ? NOCC - 1 : 1)
                          : 0.2 + 2.8 * (double)(p - NOCC) / (NBF - NOCC);
    Emp2[0] = 0.0;

    mp2(A, B, C, Eps, Emp2);

    double sum = 1e3 * Emp2[0];
    for (int p = 0; p < NBF; p++)
        for (int q = 0; q < NBF; q++)
            for (int r = 0; r < NBF; r++)
                for (int s = 0; s < NBF; s += 3)
                    sum += A[p][q][r][s] * (double)(1 + (p + 3 * q + 5 * r + s) % 7);
    printf("%.10e\n", sum);
    free(A); free(B); free(C); free(S); free(Eps); free(G); free(Emp2);
    return 0;
}
