/* European straddles (a call and a put at the same strike) priced on a Cox-Ross-Rubinstein
 * binomial lattice, a whole book of contracts at once. All contracts share the volatility,
 * rate and maturity, so the caller gives the terminal price factors u^i d^(nsteps-i) once;
 * each contract's values at expiry are its payoffs |S - K| at the terminal nodes, then the
 * values are rolled back one time step at a time, in place, each node taking the
 * discounted risk-neutral expectation of its two successors. Afterwards V[o][0] is the
 * price of contract o. Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NOPT
#define NOPT 512
#endif
#ifndef NSTEPS
#define NSTEPS 2048
#endif

static void price_book(int nopt, int nsteps, double df, double p, double q,
                       const double spot[restrict nopt], const double strike[restrict nopt],
                       const double factor[restrict nsteps + 1],
                       double V[restrict nopt][nsteps + 1])
{
    int o, t, i;
#pragma scop
    for (o = 0; o < nopt; o++) {
        for (i = 0; i <= nsteps; i++)
            V[o][i] = fabs(spot[o] * factor[i] - strike[o]);
        for (t = nsteps - 1; t >= 0; t--)
            for (i = 0; i <= t; i++)
                V[o][i] = df * (p * V[o][i + 1] + q * V[o][i]);
    }
#pragma endscop
}

int main(void)
{
    int nopt = NOPT, nsteps = NSTEPS;
    double *spot = malloc(sizeof(double[nopt]));
    double *strike = malloc(sizeof(double[nopt]));
    double *factor = malloc(sizeof(double[nsteps + 1]));
    double (*V)[nsteps + 1] = malloc(sizeof(double[nopt][nsteps + 1]));
    if (!spot || !strike || !factor || !V)
        return 1;
    /* one year to expiry, 22% volatility, 3% continuously compounded rate */
    double T = 1.0, sigma = 0.22, rate = 0.03;
    double dt = T / nsteps;
    double u = exp(sigma * sqrt(dt)), d = 1.0 / u;
    double p = (exp(rate * dt) - d) / (u - d), q = 1.0 - p;
    double df = exp(-rate * dt);
    for (int i = 0; i <= nsteps; i++)
        factor[i] = exp(sigma * sqrt(dt) * (double)(2 * i - nsteps));
    for (int o = 0; o < nopt; o++) {
        spot[o] = 80.0 + (double)((o * 37) % 41);
        strike[o] = 70.0 + 5.0 * (double)(o % 9);
    }

    price_book(nopt, nsteps, df, p, q, spot, strike, factor, V);

    double sum = 0.0;
    for (int o = 0; o < nopt; o++)
        sum += V[o][0] * (double)(1 + o % 7) + 1e-3 * V[o][1] * (double)(1 + o % 5);
    printf("%.10e\n", sum);
    free(spot); free(strike); free(factor); free(V);
    return 0;
}
