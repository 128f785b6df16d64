/* Finance: American put prices for a book of options on a recombining trinomial
 * lattice in the log price (Boyle / Hull-White probabilities): per option the price
 * grid of the widest level (exp) and the payoff at expiry (ternary), then backward
 * induction level by level (downward t loop), every node's discounted continuation
 * value from its three children (j, j + 1, j + 2, in place in ascending j) compared
 * with the immediate exercise value read from the price grid at j + nstep - t (block-
 * local, ternaries), the count of exercised nodes; last the price, and the delta and
 * early-exercise premium estimates from the root. Double precision (int counts), sizes
 * are arguments passed directly from macros (VLA parameters). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NOPT
#define NOPT 2000
#endif
#ifndef NSTEP
#define NSTEP 1000
#endif

static void trinomial(int nopt, int nstep, const double S0[restrict nopt], const double Xk[restrict nopt],
                      const double Rr[restrict nopt], const double Sig[restrict nopt], const double Tm[restrict nopt],
                      double Sg[restrict nopt][2 * nstep + 1], double V[restrict nopt][2 * nstep + 1],
                      int Nex[restrict nopt], double Price[restrict nopt], double Prem[restrict nopt])
{
    int o, t, j;
#pragma scop
    for (o = 0; o < nopt; o++) {
        double dt = Tm[o] / nstep;
        double dx = Sig[o] * sqrt(3.0 * dt);
        double nu = Rr[o] - 0.5 * Sig[o] * Sig[o];
        double a = (Sig[o] * Sig[o] * dt + nu * nu * dt * dt) / (dx * dx);
        double disc = exp(-Rr[o] * dt);
        double pu = disc * 0.5 * (a + nu * dt / dx);
        double pd = disc * 0.5 * (a - nu * dt / dx);
        double pm = disc - pu - pd;
        for (j = 0; j <= 2 * nstep; j++) {
            Sg[o][j] = S0[o] * exp((j - nstep) * dx);
            V[o][j] = Xk[o] - Sg[o][j] > 0.0 ? Xk[o] - Sg[o][j] : 0.0;
        }
        Nex[o] = 0;
        for (t = nstep - 1; t >= 0; t--)
            for (j = 0; j <= 2 * t; j++) {
                double cont = pu * V[o][j + 2] + pm * V[o][j + 1] + pd * V[o][j];
                double ex = Xk[o] - Sg[o][j + nstep - t];
                V[o][j] = cont > ex ? cont : ex;
                Nex[o] += cont > ex ? 0 : 1;
            }
        Price[o] = V[o][0];
        Prem[o] = V[o][0] - (Xk[o] - S0[o] > 0.0 ? Xk[o] - S0[o] : 0.0);
    }
#pragma endscop
}

int main(void)
{
    double *S0 = malloc(sizeof(double[NOPT])), *Xk = malloc(sizeof(double[NOPT]));
    double *Rr = malloc(sizeof(double[NOPT])), *Sig = malloc(sizeof(double[NOPT]));
    double *Tm = malloc(sizeof(double[NOPT])), *Price = malloc(sizeof(double[NOPT]));
    double *Prem = malloc(sizeof(double[NOPT]));
    int *Nex = malloc(sizeof(int[NOPT]));
    double (*Sg)[2 * NSTEP + 1] = malloc(sizeof(double[NOPT][2 * NSTEP + 1]));
    double (*V)[2 * NSTEP + 1] = malloc(sizeof(double[NOPT][2 * NSTEP + 1]));
    if (!S0 || !Xk || !Rr || !Sig || !Tm || !Price || !Prem || !Nex || !Sg || !V)
        return 1;
    /* spot 100, strikes 70-130, rates 1-6 %, volatilities 10-60 %, maturities 0.25-3 years */
    for (int o = 0; o < NOPT; o++) {
        S0[o] = 100.0;
        Xk[o] = 70.0 + 60.0 * (double)((o * 7) % 25) / 24.0;
        Rr[o] = 0.01 + 0.05 * (double)((o * 3) % 11) / 10.0;
        Sig[o] = 0.1 + 0.5 * (double)((o * 5) % 13) / 12.0;
        Tm[o] = 0.25 + 2.75 * (double)((o * 11) % 9) / 8.0;
        Price[o] = Prem[o] = 0.0;
        Nex[o] = 0;
        for (int j = 0; j <= 2 * NSTEP; j++)
            Sg[o][j] = V[o][j] = 0.0;
    }

    trinomial(NOPT, NSTEP, S0, Xk, Rr, Sig, Tm, Sg, V, Nex, Price, Prem);

    double sum = 0.0;
    for (int o = 0; o < NOPT; o++) {
        sum += (Price[o] + 10.0 * Prem[o] + 1e-5 * (double)Nex[o]) * (double)(1 + o % 7);
        for (int j = 0; j <= 2 * NSTEP; j++)
            sum += (1e-3 * log(Sg[o][j]) + 1e-2 * V[o][j]) * (double)(1 + (o + j) % 5);
    }
    printf("%.10e\n", sum);
    free(S0); free(Xk); free(Rr); free(Sig); free(Tm); free(Price); free(Prem); free(Nex); free(Sg); free(V);
    return 0;
}
