/* Ocean modelling: linear-momentum, nonlinear-continuity shallow-water equations on an
 * Arakawa C grid over a shelf-slope basin with closed walls, forward-backward time
 * stepping. Every step first advances the x-velocity on the interior u faces (surface
 * slope, Coriolis force from the four surrounding v faces, linear bottom friction,
 * wind forcing) and stores the volume flux through each face with the face's total
 * depth; then the y-velocity on the interior v faces with the Coriolis force from the
 * already updated u; then the elevation from the flux divergence; then the basin's
 * energy (block-local double sum) into the step's diagnostic. Float fields, sizes as
 * macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NY
#define NY 1024
#endif
#ifndef NX
#define NX 1024
#endif
#ifndef NSTEP
#define NSTEP 128
#endif
#define G 9.81f       /* gravity, m/s^2 */
#define DX 5000.0f    /* grid spacing, m (both directions) */
#define DT 12.0f      /* time step, s */
#define FC 1.0e-4f    /* Coriolis parameter, 1/s */
#define RF 2.0e-5f    /* linear bottom friction, 1/s */

static float Hd[NY][NX];        /* resting depth, m */
static float Eta[NY][NX];       /* free-surface elevation, m */
static float U[NY][NX + 1];     /* x-velocity on the west faces, m/s */
static float V[NY + 1][NX];     /* y-velocity on the south faces, m/s */
static float FU[NY][NX + 1];    /* volume flux through the u faces, m^2/s */
static float FV[NY + 1][NX];
static float Tx[NY][NX + 1];    /* wind forcing, m/s^2 */
static double En[NSTEP];

static void shallow_water(void)
{
    int t, i, j;
#pragma scop
    for (t = 0; t < NSTEP; t++) {
        for (i = 0; i < NY; i++)
            for (j = 1; j < NX; j++) {
                U[i][j] = U[i][j] * (1.0f - DT * RF) - DT * G / DX * (Eta[i][j] - Eta[i][j - 1])
                        + DT * FC * 0.25f * (V[i][j - 1] + V[i][j] + V[i + 1][j - 1] + V[i + 1][j])
                        + DT * Tx[i][j];
                FU[i][j] = 0.5f * (Hd[i][j - 1] + Hd[i][j] + Eta[i][j - 1] + Eta[i][j]) * U[i][j];
            }
        for (i = 1; i < NY; i++)
            for (j = 0; j < NX; j++) {
                V[i][j] = V[i][j] * (1.0f - DT * RF) - DT * G / DX * (Eta[i][j] - Eta[i - 1][j])
                        - DT * FC * 0.25f * (U[i - 1][j] + U[i - 1][j + 1] + U[i][j] + U[i][j + 1]);
                FV[i][j] = 0.5f * (Hd[i - 1][j] + Hd[i][j] + Eta[i - 1][j] + Eta[i][j]) * V[i][j];
            }
        for (i = 0; i < NY; i++)
            for (j = 0; j < NX; j++)
                Eta[i][j] -= DT / DX * (FU[i][j + 1] - FU[i][j] + FV[i + 1][j] - FV[i][j]);
        double e = 0.0;
        for (i = 0; i < NY; i++)
            for (j = 0; j < NX; j++)
                e += 0.5 * G * Eta[i][j] * Eta[i][j]
                   + 0.25 * Hd[i][j] * (U[i][j] * U[i][j] + U[i][j + 1] * U[i][j + 1]
                                        + V[i][j] * V[i][j] + V[i + 1][j] * V[i + 1][j]);
        En[t] = e;
    }
#pragma endscop
}

int main(void)
{
    /* resting depth 100 to 400 m on the western shelf, rising to about 4000 m in the
     * east (tanh slope), with ridges; an initial swell of +-0.6 m over a 0.2 m set-up,
     * currents of +-0.1 m/s, a cyclonic wind-stress pattern; wall faces are zero */
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NX; j++) {
            Hd[i][j] = (float)(2200.0 + 1800.0 * tanh((j - 0.3 * NX) / (0.08 * NX))
                               - 150.0 * (1.0 + sin(0.05 * i) * cos(0.04 * j)));
            Eta[i][j] = (float)(0.2 + 0.6 * sin(0.031 * i + 0.017 * j) * cos(0.023 * j));
        }
    for (int i = 0; i < NY; i++)
        for (int j = 0; j <= NX; j++) {
            U[i][j] = j == 0 || j == NX ? 0.0f : (float)(0.1 * sin(0.029 * j) * cos(0.037 * i));
            Tx[i][j] = (float)(2e-6 * cos(3.14159265358979 * i / NY));
            FU[i][j] = 0.0f;
        }
    for (int i = 0; i <= NY; i++)
        for (int j = 0; j < NX; j++) {
            V[i][j] = i == 0 || i == NY ? 0.0f : (float)(0.1 * cos(0.027 * j) * sin(0.041 * i));
            FV[i][j] = 0.0f;
        }

    shallow_water();

    double sum = 0.0;
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NX; j++)
            sum += ((double)Eta[i][j] + 10.0 * (double)U[i][j + 1] + 10.0 * (double)V[i + 1][j])
                 * (double)(1 + (i + 3 * j) % 7);
    for (int t = 0; t < NSTEP; t++)
        sum += 1e-9 * En[t] * (double)(1 + t % 5);
    printf("%.10e\n", sum);
    return 0;
}
