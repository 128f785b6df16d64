/* Robotics / mapping: occupancy update of a polar (bearing x range) grid from a rotating
 * range sensor. Scan loop outermost: for every beam of the fan and every range cell the
 * inverse sensor model gives a log-odds increment (free before the measured range,
 * occupied within a cell of it, nothing beyond: nested ternaries on the measurement),
 * the cell's log-odds is updated and clamped to [LMIN, LMAX] (min / max by ternaries);
 * then per beam the number of cells currently believed occupied is counted (block-local
 * counter) and recorded for the scan. Two nests in the scan loop; sizes are
 * arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NSCAN
#define NSCAN 3000
#endif
#ifndef NBEAM
#define NBEAM 720
#endif
#ifndef NRANGE
#define NRANGE 1024
#endif
#define LFREE (-0.4f)
#define LOCC 0.85f
#define LMIN (-4.0f)
#define LMAX 4.0f

static void update(int ns, int nb, int nr, const float Z[restrict ns][nb],
                   float L[restrict nb][nr], int Occ[restrict ns][nb])
{
    int s, b, r;
#pragma scop
    for (s = 0; s < ns; s++) {
        for (b = 0; b < nb; b++)
            for (r = 0; r < nr; r++) {
                float l = L[b][r] + (r < Z[s][b] - 1.0f ? LFREE : (r < Z[s][b] + 1.0f ? LOCC : 0.0f));
                L[b][r] = l > LMAX ? LMAX : (l < LMIN ? LMIN : l);
            }
        for (b = 0; b < nb; b++) {
            int n = 0;
            for (r = 0; r < nr; r++)
                n += L[b][r] > 0.0f ? 1 : 0;
            Occ[s][b] = n;
        }
    }
#pragma endscop
}

int main(void)
{
    int ns = NSCAN, nb = NBEAM, nr = NRANGE;
    float (*Z)[nb] = malloc(sizeof(float[ns][nb]));
    float (*L)[nr] = malloc(sizeof(float[nb][nr]));
    int (*Occ)[nb] = malloc(sizeof(int[ns][nb]));
    if (!Z || !L || !Occ)
        return 1;
    /* a room-like outline: measured ranges (in cells) between about 0.2 and 0.9 of the
     * grid depth, varying with the bearing, a moving obstacle at a third of the
     * bearings, and a small scan-to-scan jitter; prior log-odds slightly negative */
    for (int s = 0; s < ns; s++)
        for (int b = 0; b < nb; b++) {
            float wall = 0.2f * nr + 0.7f * nr * (float)((b * 37) % 180) / 179.0f;
            float obst = (b % 3 == 0) ? 0.15f * nr + (float)((s + b) % 200) : wall;
            Z[s][b] = (obst < wall ? obst : wall) + 0.25f * (float)((s * 7 + b * 3) % 9);
            Occ[s][b] = 0;
        }
    for (int b = 0; b < nb; b++)
        for (int r = 0; r < nr; r++)
            L[b][r] = -0.05f - 0.01f * (float)((b + r) % 5);

    update(ns, nb, nr, Z, L, Occ);

    double sum = 0.0;
    for (int b = 0; b < nb; b++)
        for (int r = 0; r < nr; r++)
            sum += (double)L[b][r] * (double)(1 + (b + 3 * r) % 7);
    for (int s = 0; s < ns; s++)
        for (int b = 0; b < nb; b++)
            sum += (double)Occ[s][b] * (double)(1 + (s + b) % 5);
    printf("%.10e\n", sum);
    free(Z); free(L); free(Occ);
    return 0;
}
