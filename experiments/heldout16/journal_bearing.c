/* Tribology: steady hydrodynamic pressure in a set of plain journal bearings
 * (eccentricity ratios 0.1 to 0.9, length-to-diameter ratios 0.25 to 1) from the
 * dimensionless Reynolds equation with the Swift-Stieber (Reynolds) cavitation
 * condition. The cube of the film thickness at the cell faces (cos, block-local);
 * the film thickness, axial coefficient, wedge term and inverse diagonal of every
 * circumferential node (the west coefficient is the east one of the node before);
 * then per bearing a fixed number of successive over-relaxation sweeps in place over
 * the film (circumferential and axial neighbours, a block-local Gauss-Seidel value)
 * with the negative pressures set to the cavity pressure (ternary), and the periodic
 * ghost columns after every sweep; last per bearing the load components and
 * magnitude (cos, sin, sqrt), the cavitated area (ternary), the friction force from
 * the Couette and Poiseuille shear (ternary for the cavitated film), and the side
 * leakage at both ends. Double precision, sizes are #define (global arrays). */
#include <math.h>
#include <stdio.h>

#ifndef NB
#define NB 24
#endif
#ifndef NZ
#define NZ 66
#endif
#ifndef NTH
#define NTH 256
#endif
#ifndef NIT
#define NIT 140
#endif
#define OMEGA 1.8
#define PI 3.14159265358979
#define DTH (2.0 * PI / NTH)
#define DZ (1.0 / (NZ - 1))

static double Ecc[NB], Rl[NB];
static double Hc[NB][NTH + 2], He[NB][NTH + 2], Hz[NB][NTH + 2], Rhs[NB][NTH + 2], Dinv[NB][NTH + 2];
static double P[NB][NZ][NTH + 2];
static double Wx[NB], Wy[NB], W[NB], Fric[NB], Qs[NB];
static int Ncav[NB];

static void reynolds(void)
{
    int b, it, i, j;
#pragma scop
    for (b = 0; b < NB; b++)
        for (j = 0; j <= NTH; j++) {
            double hf = 1.0 + Ecc[b] * cos(j * DTH);
            He[b][j] = hf * hf * hf / (DTH * DTH);
        }
    for (b = 0; b < NB; b++)
        for (j = 1; j <= NTH; j++) {
            Hc[b][j] = 1.0 + Ecc[b] * cos((j - 0.5) * DTH);
            Hz[b][j] = Rl[b] * Rl[b] * Hc[b][j] * Hc[b][j] * Hc[b][j] / (DZ * DZ);
            Rhs[b][j] = 6.0 * Ecc[b] * (cos(j * DTH) - cos((j - 1) * DTH)) / DTH;
            Dinv[b][j] = 1.0 / (He[b][j] + He[b][j - 1] + 2.0 * Hz[b][j]);
        }
    for (b = 0; b < NB; b++)
        for (it = 0; it < NIT; it++) {
            for (i = 1; i < NZ - 1; i++)
                for (j = 1; j <= NTH; j++) {
                    double pg = (He[b][j] * P[b][i][j + 1] + He[b][j - 1] * P[b][i][j - 1] + Hz[b][j] * (P[b][i + 1][j] + P[b][i - 1][j]) - Rhs[b][j])
                                * Dinv[b][j];
                    double pn = P[b][i][j] + OMEGA * (pg - P[b][i][j]);
                    P[b][i][j] = pn > 0.0 ? pn : 0.0;
                }
            for (i = 1; i < NZ - 1; i++) {
                P[b][i][0] = P[b][i][NTH];
                P[b][i][NTH + 1] = P[b][i][1];
            }
        }
    for (b = 0; b < NB; b++) {
        Wx[b] = 0.0;
        Wy[b] = 0.0;
        Ncav[b] = 0;
        Fric[b] = 0.0;
        for (i = 1; i < NZ - 1; i++)
            for (j = 1; j <= NTH; j++) {
                Wx[b] += P[b][i][j] * cos((j - 0.5) * DTH) * DTH * DZ;
                Wy[b] += P[b][i][j] * sin((j - 0.5) * DTH) * DTH * DZ;
                Ncav[b] += P[b][i][j] == 0.0 ? 1 : 0;
                Fric[b] += (P[b][i][j] > 0.0 ? 1.0 / Hc[b][j] : 0.3 / Hc[b][j]) * DTH * DZ
                           + 0.5 * Hc[b][j] * (P[b][i][j + 1] - P[b][i][j - 1]) / (2.0 * DTH) * DTH * DZ;
            }
        W[b] = sqrt(Wx[b] * Wx[b] + Wy[b] * Wy[b]);
    }
    for (b = 0; b < NB; b++) {
        Qs[b] = 0.0;
        for (j = 1; j <= NTH; j++)
            Qs[b] += Hc[b][j] * Hc[b][j] * Hc[b][j] * Rl[b] * Rl[b] * (P[b][1][j] + P[b][NZ - 2][j]) / DZ * DTH / 12.0;
    }
#pragma endscop
}

int main(void)
{
    /* eccentricity ratios 0.1-0.9 and radius-to-length ratios 0.5-2 (L/D 1 to 0.25);
     * the pressure field starts from a small smooth positive guess, zero at the
     * bearing ends */
    for (int b = 0; b < NB; b++) {
        Ecc[b] = 0.1 + 0.8 * (double)(b % 8) / 7.0;
        Rl[b] = 0.5 * pow(2.0, (double)((b / 8) % 3));
        Wx[b] = Wy[b] = W[b] = Fric[b] = Qs[b] = 0.0;
        Ncav[b] = 0;
        for (int j = 0; j < NTH + 2; j++) {
            Hc[b][j] = He[b][j] = Hz[b][j] = Rhs[b][j] = Dinv[b][j] = 0.0;
            for (int i = 0; i < NZ; i++)
                P[b][i][j] = i == 0 || i == NZ - 1 ? 0.0 : 0.1 * sin(PI * i / (NZ - 1)) * (1.0 + 0.5 * sin(2.0 * PI * j / NTH));
        }
    }

    reynolds();

    double sum = 0.0;
    for (int b = 0; b < NB; b++) {
        for (int i = 0; i < NZ; i++)
            for (int j = 1; j <= NTH; j++)
                sum += P[b][i][j] * (double)(1 + (b + 3 * i + j) % 7);
        sum += (Wx[b] + 2.0 * Wy[b] + W[b] + 1e-3 * Ncav[b] + Fric[b] + Qs[b]) * (double)(1 + b % 5);
    }
    printf("%.10e\n", sum);
    return 0;
}
