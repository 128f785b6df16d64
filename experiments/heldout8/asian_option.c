/* Finance: a strip of arithmetic-average Asian calls valued by simulation on one fixed
 * set of quasi-random paths. Option o averages the price over the first (o + 1) * MSTEP
 * monitoring dates (MSTEP dates a month, maturities one month apart), so the date loop
 * is bounded by the option index (triangular); along each path the price is carried
 * in a block-local scalar through lognormal steps exp(drift + vol * z) with the
 * option's own drift and volatility (its own currency pair), the running sum is
 * another block-local scalar, and the payoff max(average - strike, 0) (by ternary) is
 * added to the option's total. Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NOPT
#define NOPT 24
#endif
#ifndef NPATH
#define NPATH 32768
#endif
#define MSTEP 21

static void asian_strip(int no, int np, int nt, const float S0[restrict no],
                        const float K[restrict no], const float Dr[restrict no],
                        const float Vol[restrict no], const float Iw[restrict no],
                        const float Z[restrict np][nt], float V[restrict no])
{
    int o, p, t;
#pragma scop
    for (o = 0; o < no; o++)
        for (p = 0; p < np; p++) {
            float s = S0[o];
            float a = 0.0f;
            for (t = 0; t < (o + 1) * MSTEP; t++) {
                s = s * expf(Dr[o] + Vol[o] * Z[p][t]);
                a += s;
            }
            float pay = a * Iw[o] - K[o];
            V[o] += pay > 0.0f ? pay : 0.0f;
        }
#pragma endscop
}

int main(void)
{
    float *S0 = malloc(sizeof(float[NOPT])), *K = malloc(sizeof(float[NOPT]));
    float *Dr = malloc(sizeof(float[NOPT])), *Vol = malloc(sizeof(float[NOPT]));
    float *Iw = malloc(sizeof(float[NOPT])), *V = malloc(sizeof(float[NOPT]));
    float (*Z)[NOPT * MSTEP] = malloc(sizeof(float[NPATH][NOPT * MSTEP]));
    if (!S0 || !K || !Dr || !Vol || !Iw || !V || !Z)
        return 1;
    /* daily volatility 0.4 % to 1.2 % (annual about 6 % to 19 %), risk-neutral drift
     * minus half the variance; strikes from 5 % in to 5 % out of the money; the
     * shocks z are sums of three sawtooth sequences with incommensurate steps, scaled to
     * unit variance, within about +-3 */
    for (int o = 0; o < NOPT; o++) {
        S0[o] = 80.0f + 5.0f * (float)(o % 7);
        K[o] = S0[o] * (0.95f + 0.1f * (float)((o * 5) % 11) / 10.0f);
        Vol[o] = 0.004f + 0.008f * (float)((o * 3) % 8) / 7.0f;
        Dr[o] = 0.0001f - 0.5f * Vol[o] * Vol[o];
        Iw[o] = 1.0f / (float)((o + 1) * MSTEP);
        V[o] = 0.0f;
    }
    for (int p = 0; p < NPATH; p++)
        for (int t = 0; t < NOPT * MSTEP; t++) {
            float u1 = (float)((p * 7919 + t * 104729) % 1000) / 1000.0f;
            float u2 = (float)((p * 3571 + t * 7727 + 11) % 997) / 997.0f;
            float u3 = (float)((p * 613 + t * 4513 + 29) % 991) / 991.0f;
            Z[p][t] = 2.0f * (u1 + u2 + u3 - 1.5f);
        }

    asian_strip(NOPT, NPATH, NOPT * MSTEP, S0, K, Dr, Vol, Iw, Z, V);

    double sum = 0.0;
    for (int o = 0; o < NOPT; o++)
        sum += (double)V[o] / (double)NPATH * (double)(1 + (3 * o) % 7);
    printf("%.10e\n", sum);
    free(S0); free(K); free(Dr); free(Vol); free(Iw); free(V); free(Z);
    return 0;
}
