/* Radiotherapy treatment planning: dose on an axial slice from a coplanar multi-beam
 * photon plan by a pencil-beam model. For every beam angle, beamlet and voxel: the
 * depth along the beam and the lateral offset from the beamlet axis (block-local, from
 * the rotated voxel coordinates), the depth dose (build-up and attenuation, exp) times
 * a Gaussian lateral spread widening with depth (exp), weighted by the beamlet's
 * fluence and accumulated; then the mean target dose (ternary mask) and the dose
 * scaled to the prescription, the hottest voxel of the organ at risk (ternaries), and
 * the cumulative dose-volume histograms of target and organ (ternary counts over the
 * dose levels). Double precision, sizes are #define (heap arrays). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NVOX
#define NVOX 192
#endif
#ifndef NANG
#define NANG 7
#endif
#ifndef NBLT
#define NBLT 48
#endif
#ifndef NBIN
#define NBIN 80
#endif
#define VS 0.3          /* voxel size, cm */
#define MU 0.045        /* effective attenuation, 1/cm */

static void dose(double (*restrict D)[NVOX], const int (*restrict Msk)[NVOX], const double (*restrict Wb)[NBLT],
                 const double *restrict Ca, const double *restrict Sa, double *restrict Stat,
                 double *restrict Dvt, double *restrict Dvo)
{
    int a, b, z, x, k;
#pragma scop
    for (z = 0; z < NVOX; z++)
        for (x = 0; x < NVOX; x++)
            D[z][x] = 0.0;
    for (a = 0; a < NANG; a++)
        for (b = 0; b < NBLT; b++)
            for (z = 0; z < NVOX; z++)
                for (x = 0; x < NVOX; x++) {
                    double px = VS * (x - 0.5 * NVOX), pz = VS * (z - 0.5 * NVOX);
                    double d = 0.75 * VS * NVOX + px * Sa[a] - pz * Ca[a];
                    double l = px * Ca[a] + pz * Sa[a] - 0.5 * (b - 0.5 * NBLT);
                    double sg = 0.25 + 0.012 * d;
                    D[z][x] += Wb[a][b] * (1.0 - exp(-0.6 * d)) * exp(-MU * d) * exp(-l * l / (2.0 * sg * sg)) / sg;
                }
    Stat[0] = 0.0;
    Stat[1] = 0.0;
    for (z = 0; z < NVOX; z++)
        for (x = 0; x < NVOX; x++) {
            Stat[0] += Msk[z][x] == 1 ? D[z][x] : 0.0;
            Stat[1] += Msk[z][x] == 1 ? 1.0 : 0.0;
        }
    Stat[2] = 0.0;
    for (z = 0; z < NVOX; z++)
        for (x = 0; x < NVOX; x++) {
            D[z][x] = 60.0 * D[z][x] * Stat[1] / Stat[0];
            Stat[2] = Msk[z][x] == 2 && D[z][x] > Stat[2] ? D[z][x] : Stat[2];
        }
    for (k = 0; k < NBIN; k++) {
        Dvt[k] = 0.0;
        Dvo[k] = 0.0;
        for (z = 0; z < NVOX; z++)
            for (x = 0; x < NVOX; x++) {
                Dvt[k] += Msk[z][x] == 1 && D[z][x] >= 1.0 * k ? 1.0 / Stat[1] : 0.0;
                Dvo[k] += Msk[z][x] == 2 && D[z][x] >= 1.0 * k ? 1.0 : 0.0;
            }
    }
#pragma endscop
}

int main(void)
{
    double (*D)[NVOX] = malloc(sizeof(double[NVOX][NVOX]));
    int (*Msk)[NVOX] = malloc(sizeof(int[NVOX][NVOX]));
    double (*Wb)[NBLT] = malloc(sizeof(double[NANG][NBLT]));
    double *Ca = malloc(sizeof(double[NANG])), *Sa = malloc(sizeof(double[NANG]));
    double *Dvt = malloc(sizeof(double[NBIN])), *Dvo = malloc(sizeof(double[NBIN]));
    double Stat[3] = {0.0, 0.0, 0.0};
    if (!D || !Msk || !Wb || !Ca || !Sa || !Dvt || !Dvo)
        return 1;
    /* equally spaced gantry angles; a target disc of radius 0.18 of the slice left of
     * the centre (label 1) and an organ at risk behind it (label 2); fluence highest on
     * the beamlets through the target, lower at the edges, varying with the angle */
    for (int a = 0; a < NANG; a++) {
        double th = 6.2831853 * a / NANG + 0.2;
        Ca[a] = cos(th);
        Sa[a] = sin(th);
        for (int b = 0; b < NBLT; b++) {
            double u = (double)b / (NBLT > 1 ? NBLT - 1 : 1) - 0.5;
            Wb[a][b] = 0.1 + exp(-u * u / 0.04) * (0.8 + 0.2 * ((a * 3 + b) % 5) / 4.0);
        }
    }
    for (int z = 0; z < NVOX; z++)
        for (int x = 0; x < NVOX; x++) {
            double u = (double)x / NVOX - 0.42, v = (double)z / NVOX - 0.5, w = (double)x / NVOX - 0.68;
            Msk[z][x] = u * u + v * v < 0.0324 ? 1 : w * w + (v - 0.1) * (v - 0.1) < 0.006 ? 2 : 0;
            D[z][x] = 0.0;
        }
    for (int k = 0; k < NBIN; k++)
        Dvt[k] = Dvo[k] = 0.0;

    dose(D, (const int (*)[NVOX])Msk, (const double (*)[NBLT])Wb, Ca, Sa, Stat, Dvt, Dvo);

    double sum = 0.0;
    for (int z = 0; z < NVOX; z++)
        for (int x = 0; x < NVOX; x++)
            sum += D[z][x] * (double)(1 + (z + 3 * x) % 7);
    for (int k = 0; k < NBIN; k++)
        sum += (Dvt[k] + 1e-2 * Dvo[k]) * (double)(1 + k % 5);
    sum += Stat[2];
    printf("%.10e\n", sum);
    free(D); free(Msk); free(Wb); free(Ca); free(Sa); free(Dvt); free(Dvo);
    return 0;
}
