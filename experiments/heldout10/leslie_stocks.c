/* Fisheries / population ecology: age-structured projection of many fish stocks with a
 * Leslie model. Every year each stock's egg production is the fecundity-weighted sum
 * of its age classes (block-local accumulator), stored as the spawning output; the
 * recruits to age 0 follow a Beverton-Holt stock-recruitment curve ALPHA e / (1 +
 * BETA e); every older class takes the survivors of the class below with that year's
 * survival rates S[y][a] (shared environmental year effects), and the last class is a
 * plus group that also keeps its own survivors (ternary on a == na - 1). The new
 * numbers are copied back after all stocks are projected. Sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NYEAR
#define NYEAR 1600
#endif
#ifndef NSTOCK
#define NSTOCK 6144
#endif
#ifndef NAGE
#define NAGE 40
#endif
#define ALPHA 1e-3f   /* egg-to-recruit survival at low density */
#define BETA 1e-9f    /* density dependence of recruitment, per egg */

static void project(int ny, int np, int na, const float Fe[restrict np][na],
                    const float S[restrict ny][na], float N[restrict np][na],
                    float M[restrict np][na], float Ssb[restrict ny][np])
{
    int y, p, a;
#pragma scop
    for (y = 0; y < ny; y++) {
        for (p = 0; p < np; p++) {
            float e = 0.0f;
            for (a = 0; a < na; a++)
                e += Fe[p][a] * N[p][a];
            Ssb[y][p] = e;
            M[p][0] = ALPHA * e / (1.0f + BETA * e);
            for (a = 1; a < na; a++)
                M[p][a] = S[y][a - 1] * N[p][a - 1] + (a == na - 1 ? S[y][a] * N[p][a] : 0.0f);
        }
        for (p = 0; p < np; p++)
            for (a = 0; a < na; a++)
                N[p][a] = M[p][a];
    }
#pragma endscop
}

int main(void)
{
    int ny = NYEAR, np = NSTOCK, na = NAGE;
    float (*Fe)[na] = malloc(sizeof(float[np][na]));
    float (*S)[na] = malloc(sizeof(float[ny][na]));
    float (*N)[na] = malloc(sizeof(float[np][na]));
    float (*M)[na] = malloc(sizeof(float[np][na]));
    float (*Ssb)[np] = malloc(sizeof(float[ny][np]));
    if (!Fe || !S || !N || !M || !Ssb)
        return 1;
    /* fecundity zero before maturity at age 2 to 5 (by stock), then growing with age
     * (eggs per fish 2000 to about 60000); survival 0.70 to 0.92 by age with a
     * +-3 % year effect; initial numbers 1e6 recruits thinned by 0.8 per age class, so
     * recruits settle near 1e6 and the oldest classes keep some hundreds of fish */
    for (int p = 0; p < np; p++)
        for (int a = 0; a < na; a++) {
            int amat = 2 + p % 4;
            Fe[p][a] = a < amat ? 0.0f : 2000.0f * (float)(a - amat + 1) * (1.0f + 0.5f * (float)(p % 7) / 6.0f);
            float n = 1e6f;
            for (int k = 0; k < a; k++)
                n *= 0.8f;
            N[p][a] = n * (1.0f + 0.2f * (float)((p * 5 + a) % 9) / 8.0f);
            M[p][a] = 0.0f;
        }
    for (int y = 0; y < ny; y++)
        for (int a = 0; a < na; a++)
            S[y][a] = (0.70f + 0.22f * (float)(a < 10 ? a : 10) / 10.0f)
                    * (1.0f + 0.03f * (float)((y * 17 + a * 3) % 13 - 6) / 6.0f);

    project(ny, np, na, Fe, S, N, M, Ssb);

    double sum = 0.0;
    for (int p = 0; p < np; p++)
        for (int a = 0; a < na; a++)
            sum += (double)N[p][a] * (double)(1 + (p + 3 * a) % 7);
    for (int y = 0; y < ny; y += 3)
        for (int p = 0; p < np; p++)
            sum += 1e-4 * (double)Ssb[y][p] * (double)(1 + (y + p) % 5);
    printf("%.10e\n", sum);
    free(Fe); free(S); free(N); free(M); free(Ssb);
    return 0;
}
