/* Broad phase of a 2-D polygon overlay / collision check (computational geometry): the
 * axis-aligned bounding box of every polygon from its vertices (running minima and
 * maxima by ternaries, the boxes starting empty), then for every pair of polygons
 * p < q the area of the intersection of their boxes (width and height of the overlap
 * into block-local scalars, clipped at zero), added to both polygons' totals. Polygons
 * as rows of vertices V[p][v][x/y]. Global arrays of fixed size. */
#include <math.h>
#include <stdio.h>

#ifndef NPOLY
#define NPOLY 12000
#endif
#ifndef NV
#define NV 16
#endif

static double V[NPOLY][NV][2], Lo[NPOLY][2], Hi[NPOLY][2], Ov[NPOLY];

static void overlap(void)
{
    int p, q, v, d;
#pragma scop
    for (p = 0; p < NPOLY; p++)
        for (v = 0; v < NV; v++)
            for (d = 0; d < 2; d++) {
                Lo[p][d] = V[p][v][d] < Lo[p][d] ? V[p][v][d] : Lo[p][d];
                Hi[p][d] = V[p][v][d] > Hi[p][d] ? V[p][v][d] : Hi[p][d];
            }
    for (p = 0; p < NPOLY; p++)
        for (q = p + 1; q < NPOLY; q++) {
            double w = (Hi[p][0] < Hi[q][0] ? Hi[p][0] : Hi[q][0])
                     - (Lo[p][0] > Lo[q][0] ? Lo[p][0] : Lo[q][0]);
            double h = (Hi[p][1] < Hi[q][1] ? Hi[p][1] : Hi[q][1])
                     - (Lo[p][1] > Lo[q][1] ? Lo[p][1] : Lo[q][1]);
            double a = (w > 0.0 ? w : 0.0) * (h > 0.0 ? h : 0.0);
            Ov[p] += a;
            Ov[q] += a;
        }
#pragma endscop
}

int main(void)
{
    /* star-shaped polygons with radii between 0.6 and 2.4 around centres spread over a
     * 100 x 100 square by a Kronecker (golden-ratio) sequence: each box meets about 60
     * others on average (none fewer than a few), and every box has a positive area */
    const double pi = 3.14159265358979;
    for (int p = 0; p < NPOLY; p++) {
        double t = (double)p + 0.5;
        double cx = 100.0 * (t * 0.7548776662 - floor(t * 0.7548776662));
        double cy = 100.0 * (t * 0.5698402910 - floor(t * 0.5698402910));
        double rot = 0.37 * (double)(p % 17);
        for (int v = 0; v < NV; v++) {
            double rad = 1.2 + 0.6 * (double)((p * 5 + v * 3) % 7 - 3) / 3.0
                       + 0.3 * (double)(p % 3);
            double ang = rot + 2.0 * pi * (double)v / (double)NV;
            V[p][v][0] = cx + rad * cos(ang);
            V[p][v][1] = cy + rad * sin(ang);
        }
        for (int d = 0; d < 2; d++) {
            Lo[p][d] = 1e30;
            Hi[p][d] = -1e30;
        }
        Ov[p] = 0.0;
    }

    overlap();

    double sum = 0.0;
    for (int p = 0; p < NPOLY; p++)
        sum += Ov[p] * (double)(1 + p % 7)
             + (Hi[p][0] - Lo[p][0] + 2.0 * (Hi[p][1] - Lo[p][1])) * (double)(1 + p % 5);
    printf("%.10e\n", sum);
    return 0;
}
