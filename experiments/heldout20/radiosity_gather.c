/* Radiosity of the inside of a lit cylindrical hall (a light-baking step in a game
 * engine): the wall is cut into NZ x NA patches. First the point-to-point form factors
 * of every patch pair in the upper triangle (j > i): the separation, the two cosines of
 * the inward normals with it (clamped at zero by ternaries, sqrt), a symmetric kernel
 * cos_i cos_j / (pi r^2 + mean area), written with reciprocity as F[i][j] = kernel * A_j
 * and F[j][i] = kernel * A_i, zero on the diagonal. Then Jacobi gathering iterations
 * B = E + rho * F B (block-local gathered sum), each followed by the copy-back, the
 * largest change (ternary, fabs) and the total radiant power of the iteration. Double
 * precision; sizes are #define (global arrays). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#ifndef NZ
#define NZ 48
#endif
#ifndef NA
#define NA 56
#endif
#ifndef NIT
#define NIT 60
#endif
#define NP (NZ * NA)

static double px[NP], py[NP], pz[NP], nx[NP], ny[NP], area[NP];
static double E[NP], rho[NP], B[NP], Bn[NP];
static double F[NP][NP];
static double dmax[NIT], power[NIT];

static void radiosity(void)
{
    int i, j, it;
#pragma scop
    for (i = 0; i < NP; i++) {
        F[i][i] = 0.0;
        for (j = i + 1; j < NP; j++) {
            double dx = px[j] - px[i];
            double dy = py[j] - py[i];
            double dz = pz[j] - pz[i];
            double r2 = dx * dx + dy * dy + dz * dz;
            double ci = (nx[i] * dx + ny[i] * dy) / sqrt(r2);
            double cj = -(nx[j] * dx + ny[j] * dy) / sqrt(r2);
            double g = (ci > 0.0 ? ci : 0.0) * (cj > 0.0 ? cj : 0.0)
                       / (3.14159265358979 * r2 + 0.5 * (area[i] + area[j]));
            F[i][j] = g * area[j];
            F[j][i] = g * area[i];
        }
    }
    for (it = 0; it < NIT; it++) {
        for (i = 0; i < NP; i++) {
            double s = 0.0;
            for (j = 0; j < NP; j++)
                s += F[i][j] * B[j];
            Bn[i] = E[i] + rho[i] * s;
        }
        dmax[it] = 0.0;
        power[it] = 0.0;
        for (i = 0; i < NP; i++) {
            dmax[it] = fabs(Bn[i] - B[i]) > dmax[it] ? fabs(Bn[i] - B[i]) : dmax[it];
            B[i] = Bn[i];
            power[it] += B[i] * area[i];
        }
    }
#pragma endscop
}

int main(void)
{
    const double rad = 5.0, height = 8.0, pi = 3.14159265358979;
    for (int z = 0; z < NZ; z++)
        for (int a = 0; a < NA; a++) {
            int i = z * NA + a;
            double ang = 2.0 * pi * (a + 0.5) / NA;
            px[i] = rad * cos(ang);
            py[i] = rad * sin(ang);
            pz[i] = height * (z + 0.5) / NZ;
            nx[i] = -cos(ang);
            ny[i] = -sin(ang);
            area[i] = (2.0 * pi * rad / NA) * (height / NZ);
            /* a band of lamps high on the wall, with a few brighter fixtures */
            E[i] = (z >= NZ * 3 / 4 && z < NZ * 3 / 4 + 2) ? (a % 7 == 0 ? 40.0 : 5.0) : 0.0;
            rho[i] = 0.35 + 0.4 * (double)((z / 4 + a / 5) % 5) / 4.0;
            B[i] = E[i];
            Bn[i] = 0.0;
        }
    radiosity();
    double cs = 0.0;
    for (int i = 0; i < NP; i++) {
        cs += (B[i] + Bn[i]) * (double)(i % 113 + 1);
        for (int j = 0; j < NP; j++)
            cs += F[i][j] * 1.0e3 * (double)((i * 3 + j * 5) % 97 + 1);
    }
    for (int it = 0; it < NIT; it++)
        cs += (dmax[it] + power[it]) * (double)(it + 1);
    printf("%.10e\n", cs);
    return 0;
}
