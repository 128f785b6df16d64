/* Short-range part of a particle-particle / particle-mesh gravity solver: every
 * particle's acceleration from all particles closer than the cutoff radius, with a
 * Plummer softening; pairs beyond the cutoff (and the particle itself, whose offset is
 * zero) contribute nothing, the cutoff chosen by a ternary on the squared distance.
 * The accelerations are accumulated in an array, then the velocities kicked.
 * Particles are rows (x, y, z, mass). Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NPART
#define NPART 12000
#endif
#ifndef EPS2
#define EPS2 1e-4f
#endif
#ifndef RC2
#define RC2 0.09f
#endif

static void short_range(int n, float dt, const float P[restrict n][4],
                        float Acc[restrict n][3], float V[restrict n][3])
{
    int i, j, d;
#pragma scop
    for (i = 0; i < n; i++)
        for (d = 0; d < 3; d++)
            Acc[i][d] = 0.0f;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            float r2 = (P[j][0] - P[i][0]) * (P[j][0] - P[i][0])
                     + (P[j][1] - P[i][1]) * (P[j][1] - P[i][1])
                     + (P[j][2] - P[i][2]) * (P[j][2] - P[i][2]) + EPS2;
            float w = r2 < RC2 ? P[j][3] / (r2 * sqrtf(r2)) : 0.0f;
            for (d = 0; d < 3; d++)
                Acc[i][d] += w * (P[j][d] - P[i][d]);
        }
    for (i = 0; i < n; i++)
        for (d = 0; d < 3; d++)
            V[i][d] += dt * Acc[i][d];
#pragma endscop
}

int main(void)
{
    int n = NPART;
    float (*P)[4] = malloc(sizeof(float[n][4]));
    float (*Acc)[3] = malloc(sizeof(float[n][3]));
    float (*V)[3] = malloc(sizeof(float[n][3]));
    if (!P || !Acc || !V)
        return 1;
    /* positions spread over the unit box by a Kronecker (golden-ratio) sequence, so no
     * two particles coincide; masses between 0.5 / n and 1.5 / n */
    for (int i = 0; i < n; i++) {
        double t = (double)i + 0.5;
        P[i][0] = (float)(t * 0.7548776662 - floor(t * 0.7548776662));
        P[i][1] = (float)(t * 0.5698402910 - floor(t * 0.5698402910));
        P[i][2] = (float)(t * 0.4301597090 - floor(t * 0.4301597090));
        P[i][3] = (float)((0.5 + (double)(i % 11) / 10.0) / (double)n);
        for (int d = 0; d < 3; d++) {
            Acc[i][d] = 0.0f;
            V[i][d] = 0.1f * (float)((i * 7 + d * 5) % 21 - 10) / 10.0f;
        }
    }

    short_range(n, 0.01f, P, Acc, V);

    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int d = 0; d < 3; d++)
            sum += (double)Acc[i][d] * (double)(1 + (i + d) % 7)
                 + (double)V[i][d] * (double)(1 + (2 * i + d) % 5);
    printf("%.10e\n", sum);
    free(P); free(Acc); free(V);
    return 0;
}
