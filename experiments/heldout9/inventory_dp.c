/* Operations research: finite-horizon stochastic inventory control by backward dynamic
 * programming (two years of weekly ordering decisions). The state is the inventory
 * position, index i standing for i - X0 units (backorders allowed); the stage cost of
 * ending a week in state k is the holding / shortage cost Cst[k]. With the period loop
 * counting down, every state tries every order quantity q = 0..QMAX: the expected cost
 * over the week's demand distribution Pd[t][d] (block-local accumulator, next state
 * DMAX + i + q - d in the padded value table) is compared with the best so far, the
 * minimiser kept in the policy table and the minimum in a block-local scalar by
 * ternaries, the minimum then stored. The padding columns of V
 * hold fixed boundary values set by main. Global arrays, sizes as macros. */
#include <stdio.h>

#ifndef NPER
#define NPER 104
#endif
#ifndef NX
#define NX 2048
#endif
#ifndef QMAX
#define QMAX 63
#endif
#ifndef DMAX
#define DMAX 63
#endif
#define NV (DMAX + NX + QMAX)
#define X0 512        /* state index of inventory position 0 */
#define CORD 2.0      /* cost per unit ordered */
#define FIXC 40.0     /* fixed cost of placing an order */
#define DISC 0.998    /* weekly discount factor */

static double Pd[NPER][DMAX + 1];
static double Cst[NV];
static double V[NPER + 1][NV];
static int Pol[NPER][NX];

static void plan(void)
{
    int t, i, q, d;
#pragma scop
    for (t = NPER - 1; t >= 0; t--)
        for (i = 0; i < NX; i++) {
            double best = 1e30;
            for (q = 0; q <= QMAX; q++) {
                double e = CORD * q + (q > 0 ? FIXC : 0.0);
                for (d = 0; d <= DMAX; d++)
                    e += Pd[t][d] * (Cst[DMAX + i + q - d] + DISC * V[t + 1][DMAX + i + q - d]);
                Pol[t][i] = e < best ? q : Pol[t][i];
                best = e < best ? e : best;
            }
            V[t][DMAX + i] = best;
        }
#pragma endscop
}

int main(void)
{
    /* seasonal demand: a discretised bell around a weekly mean of 20 to 40 units
     * (every probability at least about 1e-6, each week's summing to 1); holding cost
     * 0.5 per unit, shortage 6 per unit backordered; terminal values the salvage of
     * stock or the cost of backorders, and the same in the padding columns of every
     * period (inventory far outside the modelled range) */
    for (int t = 0; t < NPER; t++) {
        double mu = 30.0 + 10.0 * (double)((t * 5) % 13 - 6) / 6.0;
        double tot = 0.0;
        for (int d = 0; d <= DMAX; d++) {
            double z = ((double)d - mu) / 8.0;
            Pd[t][d] = 1e-6 + 1.0 / (1.0 + z * z * (1.0 + 0.5 * z * z));
            tot += Pd[t][d];
        }
        for (int d = 0; d <= DMAX; d++)
            Pd[t][d] /= tot;
    }
    for (int t = 0; t < NPER; t++)
        for (int i = 0; i < NX; i++)
            Pol[t][i] = 0;
    for (int k = 0; k < NV; k++) {
        int x = k - DMAX - X0;
        Cst[k] = x >= 0 ? 0.5 * (double)x : -6.0 * (double)x;
    }
    for (int t = 0; t <= NPER; t++)
        for (int k = 0; k < NV; k++) {
            int x = k - DMAX - X0;
            V[t][k] = x >= 0 ? -0.8 * (double)x + 1.0 : -9.0 * (double)x + 1.0;
            if (t == NPER)
                V[t][k] += 50.0;
        }

    plan();

    double sum = 0.0;
    for (int t = 0; t < NPER; t++)
        for (int i = 0; i < NX; i++)
            sum += (V[t][DMAX + i] * 1e-3 + (double)Pol[t][i]) * (double)(1 + (t + 3 * i) % 7);
    printf("%.10e\n", sum);
    return 0;
}
