/* Sports analytics: Colley-matrix ratings for many leagues of a season simulation.
 * From the integer win table (W[i][j] wins of team i over team j) and games table, the
 * right-hand side 1 + (wins - losses) / 2 (the losses read the win table transposed)
 * and the diagonal 2 + games played (block-local integer sums); then the Colley system
 * (2 + n_i) r_i - sum_j n_ij r_j = b_i solved by Gauss-Seidel sweeps in place
 * (block-local a, n_ii = 0). Double ratings, int tables, sizes are arguments passed
 * directly from the macros. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NLEAGUE
#define NLEAGUE 48
#endif
#ifndef NTEAM
#define NTEAM 320
#endif
#ifndef NSWEEP
#define NSWEEP 80
#endif

static void colley(int nl, int nt, int ns, const int W[restrict nl][nt][nt],
                   const int G[restrict nl][nt][nt], double B[restrict nl][nt],
                   double Cd[restrict nl][nt], double R[restrict nl][nt])
{
    int it, l, i, j;
#pragma scop
    for (l = 0; l < nl; l++)
        for (i = 0; i < nt; i++) {
            int s = 0;
            int g = 0;
            for (j = 0; j < nt; j++) {
                s += W[l][i][j] - W[l][j][i];
                g += G[l][i][j];
            }
            B[l][i] = 1.0 + 0.5 * s;
            Cd[l][i] = 2.0 + g;
        }
    for (it = 0; it < ns; it++)
        for (l = 0; l < nl; l++)
            for (i = 0; i < nt; i++) {
                double a = B[l][i];
                for (j = 0; j < nt; j++)
                    a += G[l][i][j] * R[l][j];
                R[l][i] = a / Cd[l][i];
            }
#pragma endscop
}

int main(void)
{
    int nl = NLEAGUE, nt = NTEAM;
    int (*W)[nt][nt] = malloc(sizeof(int[nl][nt][nt]));
    int (*G)[nt][nt] = malloc(sizeof(int[nl][nt][nt]));
    double (*B)[nt] = malloc(sizeof(double[nl][nt]));
    double (*Cd)[nt] = malloc(sizeof(double[nl][nt]));
    double (*R)[nt] = malloc(sizeof(double[nl][nt]));
    if (!W || !G || !B || !Cd || !R)
        return 1;
    /* every pair meets 1 to 3 times (symmetric); the stronger team (a strength from a
     * formula of the index) wins about strength-share of the games, rounded; ratings
     * start at 0.5 */
    for (int l = 0; l < nl; l++) {
        for (int i = 0; i < nt; i++) {
            B[l][i] = Cd[l][i] = 0.0;
            R[l][i] = 0.5;
            W[l][i][i] = G[l][i][i] = 0;
        }
        for (int i = 0; i < nt; i++)
            for (int j = i + 1; j < nt; j++) {
                int g = 1 + ((i + j) * 7 + i * j + l) % 3;
                int si = 1 + (i * 13 + l * 5) % 17, sj = 1 + (j * 13 + l * 5) % 17;
                int w = (2 * g * si + si + sj) / (2 * (si + sj));   /* round(g si / (si + sj)) */
                G[l][i][j] = G[l][j][i] = g;
                W[l][i][j] = w;
                W[l][j][i] = g - w;
            }
    }

    colley(NLEAGUE, NTEAM, NSWEEP, W, G, B, Cd, R);

    double sum = 0.0;
    for (int l = 0; l < nl; l++)
        for (int i = 0; i < nt; i++)
            sum += (R[l][i] + 1e-2 * B[l][i]) * (double)(1 + (l + 3 * i) % 7);
    printf("%.10e\n", sum);
    free(W); free(G); free(B); free(Cd); free(R);
    return 0;
}
