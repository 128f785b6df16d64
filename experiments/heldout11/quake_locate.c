/* Seismology: locating a catalogue of earthquakes by grid search. First the P-wave
 * travel time from every node of a 3-D search grid to every station of the network is
 * tabulated for a constant-velocity crust (straight rays, sqrtf of the squared offsets
 * computed from the node indices); then for every event and every node the origin time
 * is estimated as the mean of observed arrival minus predicted travel time over the
 * stations (block-local double sum), the misfit is the sum of the squared residuals
 * after removing it (second block-local sum), and the best node, its misfit and the
 * origin time there are kept by ternaries on a smaller misfit. Float travel times and
 * picks, double sums, sizes as macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NXG
#define NXG 40
#endif
#ifndef NYG
#define NYG 40
#endif
#ifndef NZG
#define NZG 20
#endif
#ifndef NSTA
#define NSTA 48
#endif
#ifndef NEV
#define NEV 120
#endif
#define DXG 0.5f   /* km, horizontal node spacing */
#define DZG 1.0f   /* km, vertical node spacing */
#define Z0 1.0f    /* km, depth of the shallowest nodes */
#define VP 6.0f    /* km/s */

static float Sx[NSTA], Sy[NSTA], Sz[NSTA];   /* station coordinates, km (z up) */
static float Tt[NXG][NYG][NZG][NSTA];        /* travel times, s */
static float Obs[NEV][NSTA];                 /* picked arrival times, s */
static double Misfit[NEV], Orig[NEV];
static int Best[NEV];

static void locate(void)
{
    int e, ix, iy, iz, s;
#pragma scop
    for (ix = 0; ix < NXG; ix++)
        for (iy = 0; iy < NYG; iy++)
            for (iz = 0; iz < NZG; iz++)
                for (s = 0; s < NSTA; s++)
                    Tt[ix][iy][iz][s] = sqrtf((ix * DXG - Sx[s]) * (ix * DXG - Sx[s]) + (iy * DXG - Sy[s]) * (iy * DXG - Sy[s])
                                              + (-Z0 - iz * DZG - Sz[s]) * (-Z0 - iz * DZG - Sz[s])) / VP;
    for (e = 0; e < NEV; e++)
        for (ix = 0; ix < NXG; ix++)
            for (iy = 0; iy < NYG; iy++)
                for (iz = 0; iz < NZG; iz++) {
                    double m = 0.0;
                    for (s = 0; s < NSTA; s++)
                        m += Obs[e][s] - Tt[ix][iy][iz][s];
                    double r = 0.0;
                    for (s = 0; s < NSTA; s++)
                        r += (Obs[e][s] - Tt[ix][iy][iz][s] - m / NSTA) * (Obs[e][s] - Tt[ix][iy][iz][s] - m / NSTA);
                    Best[e] = r < Misfit[e] ? (ix * NYG + iy) * NZG + iz : Best[e];
                    Orig[e] = r < Misfit[e] ? m / NSTA : Orig[e];
                    Misfit[e] = r < Misfit[e] ? r : Misfit[e];
                }
#pragma endscop
}

int main(void)
{
    /* stations scattered over and around the 20 x 20 km area at 0 to 1.5 km height;
     * hypocentres between the nodes at 2 to 18 km depth, origin times 0 to 50 s,
     * picking errors of up to +-0.05 s */
    float side = (NXG - 1) * DXG;
    for (int s = 0; s < NSTA; s++) {
        Sx[s] = -2.0f + (side + 4.0f) * (float)((s * 17) % 29) / 28.0f;
        Sy[s] = -2.0f + (side + 4.0f) * (float)((s * 11 + 5) % 31) / 30.0f;
        Sz[s] = 1.5f * (float)((s * 7) % 5) / 4.0f;
    }
    for (int e = 0; e < NEV; e++) {
        float ex = side * (0.1f + 0.8f * (float)((e * 13) % 37) / 36.0f) + 0.13f;
        float ey = side * (0.1f + 0.8f * (float)((e * 23 + 3) % 41) / 40.0f) + 0.21f;
        float ez = -(2.0f + 16.0f * (float)((e * 7) % 19) / 18.0f) - 0.37f;
        float t0 = 50.0f * (float)((e * 29) % 43) / 42.0f;
        for (int s = 0; s < NSTA; s++)
            Obs[e][s] = t0 + sqrtf((ex - Sx[s]) * (ex - Sx[s]) + (ey - Sy[s]) * (ey - Sy[s])
                                   + (ez - Sz[s]) * (ez - Sz[s])) / VP
                      + 0.05f * (float)((e * 5 + s * 3) % 11 - 5) / 5.0f;
        Misfit[e] = 1e30;
        Orig[e] = 0.0;
        Best[e] = -1;
    }

    locate();

    double sum = 0.0;
    for (int e = 0; e < NEV; e++)
        sum += ((double)Best[e] + Orig[e] + 10.0 * Misfit[e]) * (double)(1 + e % 7);
    for (int ix = 0; ix < NXG; ix++)
        for (int iy = 0; iy < NYG; iy++)
            for (int iz = 0; iz < NZG; iz++)
                for (int s = 0; s < NSTA; s += 5)
                    sum += 1e-3 * (double)Tt[ix][iy][iz][s] * (double)(1 + (ix + iy + iz + s) % 5);
    printf("%.10e\n", sum);
    return 0;
}
