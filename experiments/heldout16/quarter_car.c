/* Vehicle dynamics: ride-comfort and road-holding screening of passive suspension
 * designs with a quarter-car model. The vertical road input of every road (ISO 8608
 * roughness classes at two speeds) as a sum of sinusoids of its spatial frequency
 * bands (sinf, a contraction over the bands); then all spring and damper
 * combinations on all roads in lockstep over the time steps: suspension force
 * (block-local), tyre force with wheel lift-off (ternary), body and wheel
 * accelerations, semi-implicit Euler update of velocities and displacements, a
 * first-order comfort weighting filter of the body acceleration (recurrence), and
 * the accumulated weighted acceleration, tyre load variation and the largest
 * suspension travel (fabsf, ternary); last per road and spring the cost of every
 * damper (sqrtf, ternary travel penalty) and the best damper (ternaries). Single
 * precision, sizes are arguments passed through local variables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NROAD
#define NROAD 8
#endif
#ifndef NBAND
#define NBAND 32
#endif
#ifndef NSPRING
#define NSPRING 16
#endif
#ifndef NDAMP
#define NDAMP 32
#endif
#ifndef NSTEP
#define NSTEP 20000
#endif
#define DT 0.001f
#define MS 400.0f
#define MU 40.0f
#define KT 200000.0f
#define GRAV 9.81f
#define BETA 0.03f
#define TRAVEL 0.08f

static void ride(int nr, int nm, int nk, int nd, int nt, const float Amp[restrict nr][nm], const float Om[restrict nr][nm],
                 const float Ph[restrict nr][nm], const float Ks[restrict nk], const float Cd[restrict nd], float U[restrict nr][nt],
                 float Zs[restrict nr][nk][nd], float Vs[restrict nr][nk][nd], float Zu[restrict nr][nk][nd], float Vu[restrict nr][nk][nd],
                 float Aw[restrict nr][nk][nd], float Ja[restrict nr][nk][nd], float Jd[restrict nr][nk][nd], float Jt[restrict nr][nk][nd],
                 float Cost[restrict nr][nk][nd], int Best[restrict nr][nk], float Cbest[restrict nr][nk])
{
    int r, m, k, d, t;
#pragma scop
    for (r = 0; r < nr; r++)
        for (t = 0; t < nt; t++) {
            U[r][t] = 0.0f;
            for (m = 0; m < nm; m++)
                U[r][t] += Amp[r][m] * sinf(Om[r][m] * (t * DT) + Ph[r][m]);
        }
    for (t = 1; t < nt; t++)
        for (r = 0; r < nr; r++)
            for (k = 0; k < nk; k++)
                for (d = 0; d < nd; d++) {
                    float fs = Ks[k] * (Zu[r][k][d] - Zs[r][k][d]) + Cd[d] * (Vu[r][k][d] - Vs[r][k][d]);
                    float ft = KT * (U[r][t] - Zu[r][k][d]) > -(MS + MU) * GRAV ? KT * (U[r][t] - Zu[r][k][d]) : -(MS + MU) * GRAV;
                    float as = fs / MS;
                    Vs[r][k][d] += DT * as;
                    Vu[r][k][d] += DT * (ft - fs) / MU;
                    Zs[r][k][d] += DT * Vs[r][k][d];
                    Zu[r][k][d] += DT * Vu[r][k][d];
                    Aw[r][k][d] += BETA * (as - Aw[r][k][d]);
                    Ja[r][k][d] += Aw[r][k][d] * Aw[r][k][d];
                    Jd[r][k][d] += ft * ft;
                    Jt[r][k][d] = fabsf(Zs[r][k][d] - Zu[r][k][d]) > Jt[r][k][d] ? fabsf(Zs[r][k][d] - Zu[r][k][d]) : Jt[r][k][d];
                }
    for (r = 0; r < nr; r++)
        for (k = 0; k < nk; k++) {
            Best[r][k] = 0;
            Cbest[r][k] = 1.0e30f;
            for (d = 0; d < nd; d++) {
                Cost[r][k][d] = sqrtf(Ja[r][k][d] / (nt - 1)) / 0.315f + 2.0f * sqrtf(Jd[r][k][d] / (nt - 1)) / ((MS + MU) * GRAV)
                                + (Jt[r][k][d] > TRAVEL ? 10.0f * (Jt[r][k][d] - TRAVEL) / TRAVEL : 0.0f);
                Best[r][k] = Cost[r][k][d] < Cbest[r][k] ? d : Best[r][k];
                Cbest[r][k] = Cost[r][k][d] < Cbest[r][k] ? Cost[r][k][d] : Cbest[r][k];
            }
        }
#pragma endscop
}

int main(void)
{
    int nr = NROAD, nm = NBAND, nk = NSPRING, nd = NDAMP, nt = NSTEP;
    float (*Amp)[nm] = malloc(sizeof(float[nr][nm])), (*Om)[nm] = malloc(sizeof(float[nr][nm])), (*Ph)[nm] = malloc(sizeof(float[nr][nm]));
    float *Ks = malloc(sizeof(float[nk])), *Cd = malloc(sizeof(float[nd])), (*U)[nt] = malloc(sizeof(float[nr][nt]));
    float (*Zs)[nk][nd] = malloc(sizeof(float[nr][nk][nd])), (*Vs)[nk][nd] = malloc(sizeof(float[nr][nk][nd]));
    float (*Zu)[nk][nd] = malloc(sizeof(float[nr][nk][nd])), (*Vu)[nk][nd] = malloc(sizeof(float[nr][nk][nd]));
    float (*Aw)[nk][nd] = malloc(sizeof(float[nr][nk][nd])), (*Ja)[nk][nd] = malloc(sizeof(float[nr][nk][nd]));
    float (*Jd)[nk][nd] = malloc(sizeof(float[nr][nk][nd])), (*Jt)[nk][nd] = malloc(sizeof(float[nr][nk][nd]));
    float (*Cost)[nk][nd] = malloc(sizeof(float[nr][nk][nd])), (*Cbest)[nk] = malloc(sizeof(float[nr][nk]));
    int (*Best)[nk] = malloc(sizeof(int[nr][nk]));
    if (!Amp || !Om || !Ph || !Ks || !Cd || !U || !Zs || !Vs || !Zu || !Vu || !Aw || !Ja || !Jd || !Jt || !Cost || !Cbest || !Best)
        return 1;
    /* roads: ISO 8608 classes A to D (displacement PSD 16e-6 to 1024e-6 m^3 at
     * 0.1 cycles/m, falling with the square of the spatial frequency) at 15 and
     * 25 m/s; bands log-spaced from 0.011 to 2.83 cycles/m with hashed phases;
     * springs 10-60 kN/m, dampers 300-6000 Ns/m */
    for (int r = 0; r < nr; r++) {
        float gd = 16.0e-6f * powf(4.0f, (float)((r / 2) % 4)), v = r % 2 ? 25.0f : 15.0f;
        for (int m = 0; m < nm; m++) {
            float n = 0.011f * powf(2.83f / 0.011f, (float)m / (nm > 1 ? nm - 1 : 1)), dn = n * 0.18f;
            unsigned h = (unsigned)(r + 1) * 2654435761u ^ (unsigned)(m + 7) * 2246822519u;
            h ^= h >> 15;
            h *= 2246822519u;
            h ^= h >> 13;
            Amp[r][m] = sqrtf(2.0f * gd * (0.1f / n) * (0.1f / n) * dn);
            Om[r][m] = 6.2831853f * n * v;
            Ph[r][m] = 6.2831853f * (float)(h % 1000u) / 1000.0f;
        }
        for (int t = 0; t < nt; t++)
            U[r][t] = 0.0f;
    }
    for (int k = 0; k < nk; k++)
        Ks[k] = 10000.0f + 50000.0f * (float)k / (nk > 1 ? nk - 1 : 1);
    for (int d = 0; d < nd; d++)
        Cd[d] = 300.0f + 5700.0f * (float)d / (nd > 1 ? nd - 1 : 1);
    for (int r = 0; r < nr; r++)
        for (int k = 0; k < nk; k++) {
            Best[r][k] = 0;
            Cbest[r][k] = 0.0f;
            for (int d = 0; d < nd; d++)
                Zs[r][k][d] = Vs[r][k][d] = Zu[r][k][d] = Vu[r][k][d] = Aw[r][k][d] = Ja[r][k][d] = Jd[r][k][d] = Jt[r][k][d] = Cost[r][k][d] = 0.0f;
        }

    ride(nr, nm, nk, nd, nt, Amp, Om, Ph, Ks, Cd, U, Zs, Vs, Zu, Vu, Aw, Ja, Jd, Jt, Cost, Best, Cbest);

    double sum = 0.0;
    for (int r = 0; r < nr; r++)
        for (int k = 0; k < nk; k++) {
            for (int d = 0; d < nd; d++)
                sum += ((double)Cost[r][k][d] + 100.0 * Jt[r][k][d]) * (double)(1 + (r + 3 * k + d) % 7);
            sum += (Best[r][k] + (double)Cbest[r][k]) * (double)(1 + (r + k) % 5);
        }
    printf("%.10e\n", sum);
    free(Amp); free(Om); free(Ph); free(Ks); free(Cd); free(U); free(Zs); free(Vs); free(Zu); free(Vu); free(Aw);
    free(Ja); free(Jd); free(Jt); free(Cost); free(Cbest); free(Best);
    return 0;
}
