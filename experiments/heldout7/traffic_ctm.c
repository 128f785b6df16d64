/* Macroscopic freeway traffic by the cell transmission model (Daganzo) in integer
 * vehicle counts: every road is a row of cells, cell 0 an upstream reservoir that
 * never empties. Per time step the flow across each boundary is the smaller of what
 * the upstream cell can send (its count, at most its capacity) and what the
 * downstream cell can receive (its free room scaled by the wave-speed ratio WN / WD,
 * at most its capacity), minima by ternaries into block-local scalars; the last cell
 * discharges freely; then every cell's count is updated from its inflow and outflow.
 * Capacities vary along each road (lane drops, an incident). Global arrays of fixed
 * size; the time loop is outermost. */
#include <stdio.h>

#ifndef NROAD
#define NROAD 2048
#endif
#ifndef NCELL
#define NCELL 1024
#endif
#ifndef STEPS
#define STEPS 400
#endif
#define NJ 80
#define WN 1
#define WD 2

static int N[NROAD][NCELL], Y[NROAD][NCELL + 1], Q[NROAD][NCELL];

static void ctm(void)
{
    int t, r, i;
#pragma scop
    for (t = 0; t < STEPS; t++) {
        for (r = 0; r < NROAD; r++)
            for (i = 1; i < NCELL; i++) {
                int d = N[r][i - 1] < Q[r][i - 1] ? N[r][i - 1] : Q[r][i - 1];
                int s = (NJ - N[r][i]) * WN / WD;
                s = s < Q[r][i] ? s : Q[r][i];
                Y[r][i] = d < s ? d : s;
            }
        for (r = 0; r < NROAD; r++)
            Y[r][NCELL] = N[r][NCELL - 1] < Q[r][NCELL - 1] ? N[r][NCELL - 1] : Q[r][NCELL - 1];
        for (r = 0; r < NROAD; r++)
            for (i = 1; i < NCELL; i++)
                N[r][i] += Y[r][i] - Y[r][i + 1];
    }
#pragma endscop
}

int main(void)
{
    /* capacity 20 vehicles per step per cell, 12 to 14 over a lane drop in the middle
     * third of every road and 6 to 9 over a short incident whose place depends on the
     * road; the reservoir's capacity (the demand) 8 to 19, so about half the roads
     * queue behind a bottleneck; the roads start with 5 to 25 vehicles per cell. Counts
     * stay within [0, NJ] (a cell receives at most half its free room). */
    for (int r = 0; r < NROAD; r++) {
        for (int i = 0; i < NCELL; i++) {
            int q = 20;
            if (i >= NCELL / 3 && i < 2 * NCELL / 3)
                q = 12 + r % 3;
            if (i >= (r * 37) % NCELL && i < (r * 37) % NCELL + 8)
                q = 6 + r % 4;
            Q[r][i] = q;
            N[r][i] = 5 + (r * 3 + i * 7) % 21;
            Y[r][i] = 0;
        }
        Q[r][0] = 8 + r % 12;
        N[r][0] = 1000000;
        Y[r][NCELL] = 0;
    }

    ctm();

    double sum = 0.0;
    for (int r = 0; r < NROAD; r++)
        for (int i = 1; i < NCELL; i++)
            sum += (double)N[r][i] * (double)(1 + (r + 3 * i) % 7)
                 + 0.5 * (double)Y[r][i] * (double)(1 + (2 * r + i) % 5);
    printf("%.10e\n", sum);
    return 0;
}
