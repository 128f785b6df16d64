/* Epidemiology / spatial spread: a metapopulation SIS model of an endemic infection
 * (a bacterial carriage or sexually transmitted infection, no lasting immunity) over
 * a set of towns coupled by commuting. First the gravity-model mobility matrix: every
 * pair's weight pop_j^0.6 / (1 + d_ij^2 / D0^2) (squared distance from the town
 * coordinates, powf), the off-diagonal row sums (ternary on i == j), each row
 * normalised and mixed with the share of time spent at home (ternary on i == j).
 * Then the time loop (half-day steps): the prevalence of every town, the force of
 * infection of every town as the mobility-weighted mean prevalence (a matrix-vector
 * product, block-local sum) times the town's seasonal transmission rate (cosf of the
 * step), the cumulative incidence, and the infectious counts advanced by forward
 * Euler with recovery. Single precision, sizes as macros, heap arrays. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NTOWN
#define NTOWN 1024
#endif
#ifndef NSTEP
#define NSTEP 730    /* half-day steps: one year */
#endif
#define HOME 0.8f      /* share of contacts at home */
#define GAM 0.2f       /* recovery rate per day */
#define D0SQ 400.0f    /* gravity kernel scale (20 km)^2 */

static void spread(const float *restrict Xc, const float *restrict Yc, const float *restrict Np,
                   const float *restrict Bt, float (*restrict M)[NTOWN], float *restrict Rs,
                   float *restrict Pr, float *restrict Lam, float *restrict I,
                   float *restrict Cum)
{
    int t, i, j;
#pragma scop
    for (i = 0; i < NTOWN; i++)
        for (j = 0; j < NTOWN; j++)
            M[i][j] = powf(Np[j], 0.6f) / (1.0f + ((Xc[i] - Xc[j]) * (Xc[i] - Xc[j]) + (Yc[i] - Yc[j]) * (Yc[i] - Yc[j])) / D0SQ);
    for (i = 0; i < NTOWN; i++) {
        Rs[i] = 0.0f;
        for (j = 0; j < NTOWN; j++)
            Rs[i] += i == j ? 0.0f : M[i][j];
    }
    for (i = 0; i < NTOWN; i++)
        for (j = 0; j < NTOWN; j++)
            M[i][j] = i == j ? HOME : (1.0f - HOME) * M[i][j] / Rs[i];
    for (t = 0; t < NSTEP; t++) {
        for (j = 0; j < NTOWN; j++)
            Pr[j] = I[j] / Np[j];
        for (i = 0; i < NTOWN; i++) {
            float s = 0.0f;
            for (j = 0; j < NTOWN; j++)
                s += M[i][j] * Pr[j];
            Lam[i] = Bt[i] * (1.0f + 0.25f * cosf(0.00860710f * t)) * s;
        }
        for (i = 0; i < NTOWN; i++) {
            Cum[i] += 0.5f * Lam[i] * (Np[i] - I[i]);
            I[i] = I[i] + 0.5f * (Lam[i] * (Np[i] - I[i]) - GAM * I[i]);
        }
    }
#pragma endscop
}

int main(void)
{
    float *Xc = malloc(sizeof(float) * NTOWN);
    float *Yc = malloc(sizeof(float) * NTOWN);
    float *Np = malloc(sizeof(float) * NTOWN);
    float *Bt = malloc(sizeof(float) * NTOWN);
    float *Rs = malloc(sizeof(float) * NTOWN);
    float *Pr = malloc(sizeof(float) * NTOWN);
    float *Lam = malloc(sizeof(float) * NTOWN);
    float *I = malloc(sizeof(float) * NTOWN);
    float *Cum = malloc(sizeof(float) * NTOWN);
    float (*M)[NTOWN] = malloc(sizeof(float[NTOWN][NTOWN]));
    if (!Xc || !Yc || !Np || !Bt || !Rs || !Pr || !Lam || !I || !Cum || !M)
        return 1;
    /* towns scattered over a 400 km square by a hashed lattice, populations 2 000 to
     * 500 000 (a few large cities); local transmission rates 0.12 to 0.38 per day
     * (below the recovery rate 0.2 the infection persists only by importation);
     * infection seeded at 1% in every 17th town, 0.01% elsewhere */
    for (int i = 0; i < NTOWN; i++) {
        Xc[i] = 400.0f * (float)((i * 613) % 1021) / 1020.0f;
        Yc[i] = 400.0f * (float)((i * 389 + 57) % 1019) / 1018.0f;
        float r = (float)((i * 29) % 97) / 96.0f;
        Np[i] = 2000.0f + (i % 61 == 0 ? 498000.0f * r : 60000.0f * r * r);
        Bt[i] = 0.12f + 0.26f * (float)((i * 53) % 89) / 88.0f;
        I[i] = (i % 17 == 0 ? 0.01f : 0.0001f) * Np[i];
        Rs[i] = Pr[i] = Lam[i] = Cum[i] = 0.0f;
        for (int j = 0; j < NTOWN; j++)
            M[i][j] = 0.0f;
    }

    spread(Xc, Yc, Np, Bt, M, Rs, Pr, Lam, I, Cum);

    double sum = 0.0;
    for (int i = 0; i < NTOWN; i++)
        sum += ((double)I[i] + 1e-2 * (double)Cum[i]) * (double)(1 + i % 7);
    printf("%.10e\n", sum);
    free(Xc); free(Yc); free(Np); free(Bt); free(Rs); free(Pr); free(Lam); free(I);
    free(Cum); free(M);
    return 0;
}
