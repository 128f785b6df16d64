/* Epidemiology: age-structured SEIR model in many regions (metapopulation without
 * travel), explicit Euler steps of a tenth of a day. The contact matrix comes from a
 * survey table stored with the contacted age group first, C[b][a] = daily contacts of
 * a person of group a with people of group b, so the force of infection on group a,
 * beta[p] * sum_b C[b][a] * I[p][b], reads it down a column (block-local accumulator).
 * Then every group's susceptible, infectious and exposed fractions are updated (the
 * infectious before the exposed, so both use the old exposed fraction; the recovered
 * fraction is what remains). Sizes are arguments; the time loop is outermost. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NREGION
#define NREGION 6144
#endif
#ifndef NAGE
#define NAGE 16
#endif
#ifndef NSTEP
#define NSTEP 3000
#endif
#define DT 0.1        /* days */
#define SIGMA 0.25    /* 1 / latent period */
#define GAMMA 0.2     /* 1 / infectious period */

static void seir(int nt, int np, int na, const double C[restrict na][na],
                 const double beta[restrict np], double S[restrict np][na],
                 double E[restrict np][na], double I[restrict np][na],
                 double Lam[restrict np][na])
{
    int t, p, a, b;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (p = 0; p < np; p++)
            for (a = 0; a < na; a++) {
                double s = 0.0;
                for (b = 0; b < na; b++)
                    s += C[b][a] * I[p][b];
                Lam[p][a] = beta[p] * s;
            }
        for (p = 0; p < np; p++)
            for (a = 0; a < na; a++) {
                double inf = DT * Lam[p][a] * S[p][a];
                S[p][a] -= inf;
                I[p][a] += DT * (SIGMA * E[p][a] - GAMMA * I[p][a]);
                E[p][a] += inf - DT * SIGMA * E[p][a];
            }
    }
#pragma endscop
}

int main(void)
{
    int nt = NSTEP, np = NREGION, na = NAGE;
    double (*C)[na] = malloc(sizeof(double[na][na]));
    double *beta = malloc(sizeof(double[np]));
    double (*S)[na] = malloc(sizeof(double[np][na]));
    double (*E)[na] = malloc(sizeof(double[np][na]));
    double (*I)[na] = malloc(sizeof(double[np][na]));
    double (*Lam)[na] = malloc(sizeof(double[np][na]));
    if (!C || !beta || !S || !E || !I || !Lam)
        return 1;
    /* assortative contacts (most with one's own and neighbouring age groups, a floor of
     * 0.2 with everyone), about 9 to 11 contacts a day in all; transmission per contact
     * 0.02 to 0.05, so R0 is about 1.1 to 2.7: some regions are long past their peak
     * when the run ends, the slowest have barely started; seeds of 1e-5 to 1e-4
     * infectious per group, a quarter of the groups with 10 % prior immunity. */
    for (int b = 0; b < na; b++)
        for (int a = 0; a < na; a++) {
            int d = a > b ? a - b : b - a;
            C[b][a] = 0.2 + (d == 0 ? 3.0 : d == 1 ? 1.2 : d == 2 ? 0.5 : 0.0)
                    + 0.05 * (double)((a * 7 + b * 3) % 5);
        }
    for (int p = 0; p < np; p++) {
        beta[p] = 0.02 + 0.03 * (double)((p * 37) % 101) / 100.0;
        for (int a = 0; a < na; a++) {
            I[p][a] = 1e-5 * (double)(1 + (p + 3 * a) % 10);
            E[p][a] = 2.0 * I[p][a];
            S[p][a] = 1.0 - 3.0 * I[p][a] - 0.1 * (double)((p + a) % 4 == 0);
            Lam[p][a] = 0.0;
        }
    }

    seir(nt, np, na, C, beta, S, E, I, Lam);

    double sum = 0.0;
    for (int p = 0; p < np; p++)
        for (int a = 0; a < na; a++)
            sum += (S[p][a] + 10.0 * E[p][a] + 10.0 * I[p][a]) * (double)(1 + (p + 3 * a) % 7);
    printf("%.10e\n", sum);
    free(C); free(beta); free(S); free(E); free(I); free(Lam);
    return 0;
}
