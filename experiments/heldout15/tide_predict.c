/* Oceanography: harmonic tide prediction for a set of tide gauges over a year of
 * hourly values. First the nodally corrected amplitudes and the phase arguments of
 * every station's constituents; the hourly water level as the mean level plus the sum
 * of the constituent cosines (cosf, a small fixed inner dimension); per station the
 * high and low waters as local extrema (ternaries with &&) with their count and mean
 * heights, the highest and lowest level (ternaries) and the hours above a flooding
 * threshold; last the regional mean level of every hour (the level table read down
 * its columns). Single precision, sizes are arguments passed directly from macros. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NSTA
#define NSTA 256
#endif
#ifndef NHOUR
#define NHOUR 8760
#endif
#ifndef NCON
#define NCON 16
#endif

static void tides(int ns, int nh, int nk, const float Amp[restrict ns][nk], const float Gph[restrict ns][nk],
                  const float Om[restrict nk], const float Fn[restrict nk], const float Vu[restrict nk],
                  const float Z0[restrict ns], float Ac[restrict ns][nk], float Ph[restrict ns][nk],
                  float Eta[restrict ns][nh], int Nhw[restrict ns], float Mhw[restrict ns], float Mlw[restrict ns],
                  float Emax[restrict ns], float Emin[restrict ns], int Nfl[restrict ns], float Reg[restrict nh])
{
    int s, h, k;
#pragma scop
    for (s = 0; s < ns; s++)
        for (k = 0; k < nk; k++) {
            Ac[s][k] = Fn[k] * Amp[s][k];
            Ph[s][k] = 0.017453293f * (Vu[k] - Gph[s][k]);
        }
    for (s = 0; s < ns; s++)
        for (h = 0; h < nh; h++) {
            float e = Z0[s];
            for (k = 0; k < nk; k++)
                e += Ac[s][k] * cosf(Om[k] * h + Ph[s][k]);
            Eta[s][h] = e;
        }
    for (s = 0; s < ns; s++) {
        Nhw[s] = 0;
        Mhw[s] = 0.0f;
        Mlw[s] = 0.0f;
        for (h = 1; h < nh - 1; h++) {
            Nhw[s] += Eta[s][h] > Eta[s][h - 1] && Eta[s][h] >= Eta[s][h + 1] ? 1 : 0;
            Mhw[s] += Eta[s][h] > Eta[s][h - 1] && Eta[s][h] >= Eta[s][h + 1] ? Eta[s][h] : 0.0f;
            Mlw[s] += Eta[s][h] < Eta[s][h - 1] && Eta[s][h] <= Eta[s][h + 1] ? Eta[s][h] : 0.0f;
        }
    }
    for (s = 0; s < ns; s++) {
        Emax[s] = Eta[s][0];
        Emin[s] = Eta[s][0];
        Nfl[s] = 0;
        for (h = 0; h < nh; h++) {
            Emax[s] = Eta[s][h] > Emax[s] ? Eta[s][h] : Emax[s];
            Emin[s] = Eta[s][h] < Emin[s] ? Eta[s][h] : Emin[s];
            Nfl[s] += Eta[s][h] > Z0[s] + 0.8f * Ac[s][0] + Ac[s][1] ? 1 : 0;
        }
    }
    for (h = 0; h < nh; h++) {
        Reg[h] = 0.0f;
        for (s = 0; s < ns; s++)
            Reg[h] += (Eta[s][h] - Z0[s]) / ns;
    }
#pragma endscop
}

int main(void)
{
    /* constituent speeds in degrees per hour (M2, S2, N2, K2, K1, O1, P1, Q1, M4, MS4,
     * MN4, M6, 2N2, MU2, NU2, L2) in radians; station amplitudes with a semidiurnal or
     * mixed character, M2 0.3-2.3 m; mean levels 2-4 m above chart datum */
    static const float spd[16] = {28.984104f, 30.0f, 28.43973f, 30.082138f, 15.041069f, 13.943035f, 14.958931f, 13.398661f,
                                  57.96821f, 58.984104f, 57.423834f, 86.95232f, 27.895355f, 27.968208f, 28.512583f, 29.528479f};
    static const float rel[16] = {1.0f, 0.46f, 0.19f, 0.13f, 0.58f, 0.41f, 0.19f, 0.08f, 0.05f, 0.03f, 0.02f, 0.01f, 0.025f, 0.024f, 0.036f, 0.028f};
    float *Om = malloc(sizeof(float[NCON])), *Fn = malloc(sizeof(float[NCON])), *Vu = malloc(sizeof(float[NCON]));
    float (*Amp)[NCON] = malloc(sizeof(float[NSTA][NCON])), (*Gph)[NCON] = malloc(sizeof(float[NSTA][NCON]));
    float (*Ac)[NCON] = malloc(sizeof(float[NSTA][NCON])), (*Ph)[NCON] = malloc(sizeof(float[NSTA][NCON]));
    float (*Eta)[NHOUR] = malloc(sizeof(float[NSTA][NHOUR]));
    float *Z0 = malloc(sizeof(float[NSTA])), *Mhw = malloc(sizeof(float[NSTA])), *Mlw = malloc(sizeof(float[NSTA]));
    float *Emax = malloc(sizeof(float[NSTA])), *Emin = malloc(sizeof(float[NSTA])), *Reg = malloc(sizeof(float[NHOUR]));
    int *Nhw = malloc(sizeof(int[NSTA])), *Nfl = malloc(sizeof(int[NSTA]));
    if (!Om || !Fn || !Vu || !Amp || !Gph || !Ac || !Ph || !Eta || !Z0 || !Mhw || !Mlw || !Emax || !Emin || !Reg || !Nhw || !Nfl)
        return 1;
    for (int k = 0; k < NCON; k++) {
        Om[k] = 0.017453293f * spd[k % 16] * (1.0f + 0.001f * (k / 16));
        Fn[k] = 0.96f + 0.08f * (float)((k * 7) % 5) / 4.0f;
        Vu[k] = (float)((k * 83) % 360);
    }
    for (int s = 0; s < NSTA; s++) {
        float m2 = 0.3f + 2.0f * (float)((s * 29) % 41) / 40.0f, diu = 0.3f + 2.0f * (float)((s * 7) % 9) / 8.0f;
        Z0[s] = 2.0f + 2.0f * (float)((s * 13) % 17) / 16.0f;
        for (int k = 0; k < NCON; k++) {
            Amp[s][k] = m2 * rel[k % 16] * ((k % 16) >= 4 && (k % 16) <= 7 ? diu : 1.0f);
            Gph[s][k] = (float)((s * 47 + k * 31) % 360);
            Ac[s][k] = Ph[s][k] = 0.0f;
        }
        for (int h = 0; h < NHOUR; h++)
            Eta[s][h] = 0.0f;
        Nhw[s] = Nfl[s] = 0;
        Mhw[s] = Mlw[s] = Emax[s] = Emin[s] = 0.0f;
    }
    for (int h = 0; h < NHOUR; h++)
        Reg[h] = 0.0f;

    tides(NSTA, NHOUR, NCON, Amp, Gph, Om, Fn, Vu, Z0, Ac, Ph, Eta, Nhw, Mhw, Mlw, Emax, Emin, Nfl, Reg);

    double sum = 0.0;
    for (int s = 0; s < NSTA; s++) {
        for (int h = 0; h < NHOUR; h++)
            sum += (double)Eta[s][h] * (double)(1 + (s + 3 * h) % 7);
        sum += (1e-3 * (Mhw[s] - Mlw[s]) + Emax[s] - Emin[s] + 1e-2 * (Nhw[s] + Nfl[s])) * (double)(1 + s % 5);
    }
    for (int h = 0; h < NHOUR; h++)
        sum += (double)Reg[h] * (double)(1 + h % 3);
    printf("%.10e\n", sum);
    free(Om); free(Fn); free(Vu); free(Amp); free(Gph); free(Ac); free(Ph); free(Eta); free(Z0); free(Mhw);
    free(Mlw); free(Emax); free(Emin); free(Reg); free(Nhw); free(Nfl);
    return 0;
}
