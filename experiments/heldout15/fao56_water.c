/* Agronomy / irrigation scheduling: FAO-56 daily root-zone soil water balance of a
 * set of fields under several irrigation strategies (management allowed depletion).
 * First per field the total and readily available water (TAW, RAW); then per day,
 * field and strategy: the crop coefficient of the growth stage from the sowing day
 * (block-local, nested ternaries with linear ramps), the water stress coefficient
 * (ternary on depletion above RAW), actual evapotranspiration, the irrigation given
 * when the depletion passes the strategy's threshold (ternary refill), the deep
 * percolation of surplus water and the clipped new depletion (ternaries); the
 * unstressed crop evapotranspiration per field; last the relative yield of every
 * field and strategy and per field the strategy with the best water productivity
 * (ternaries). Single precision, sizes are #define (global arrays). */
#include <stdio.h>

#ifndef NFIELD
#define NFIELD 8192
#endif
#ifndef NSTRAT
#define NSTRAT 40
#endif
#ifndef NDAY
#define NDAY 365
#endif
#define LINI 25
#define LDEV 35
#define LMID 45
#define LLATE 30
#define KCI 0.35f
#define KCM 1.15f
#define KCE 0.45f
#define KY 1.25f

static float Et0[NDAY][NFIELD], Rain[NDAY][NFIELD];
static float Fc[NFIELD], Wp[NFIELD], Zr[NFIELD], Mad[NSTRAT];
static int Sow[NFIELD];
static float Taw[NFIELD], Raw[NFIELD], Etm[NFIELD];
static float Dr[NFIELD][NSTRAT], Eta[NFIELD][NSTRAT], Irr[NFIELD][NSTRAT], Perc[NFIELD][NSTRAT];
static float Yr[NFIELD][NSTRAT], Wpbest[NFIELD];
static int Sbest[NFIELD];

static void water_balance(void)
{
    int d, f, s;
#pragma scop
    for (f = 0; f < NFIELD; f++) {
        Taw[f] = 1000.0f * (Fc[f] - Wp[f]) * Zr[f];
        Raw[f] = 0.5f * Taw[f];
        Etm[f] = 0.0f;
    }
    for (d = 0; d < NDAY; d++)
        for (f = 0; f < NFIELD; f++)
            for (s = 0; s < NSTRAT; s++) {
                int dd = d - Sow[f];
                float kc = dd < 0 ? 0.3f : dd < LINI ? KCI : dd < LINI + LDEV ? KCI + (KCM - KCI) * (dd - LINI) / LDEV
                         : dd < LINI + LDEV + LMID ? KCM : dd < LINI + LDEV + LMID + LLATE ? KCM + (KCE - KCM) * (dd - LINI - LDEV - LMID) / LLATE : 0.3f;
                float ks = Dr[f][s] > Raw[f] ? (Taw[f] - Dr[f][s]) / (Taw[f] - Raw[f]) : 1.0f;
                float et = ks * kc * Et0[d][f];
                float irr = Dr[f][s] > Mad[s] * Taw[f] && dd >= 0 && dd < LINI + LDEV + LMID + LLATE ? Dr[f][s] : 0.0f;
                float dn = Dr[f][s] - Rain[d][f] - irr + et;
                Eta[f][s] += et;
                Irr[f][s] += irr;
                Perc[f][s] += dn < 0.0f ? -dn : 0.0f;
                Dr[f][s] = dn < 0.0f ? 0.0f : dn > Taw[f] ? Taw[f] : dn;
            }
    for (d = 0; d < NDAY; d++)
        for (f = 0; f < NFIELD; f++)
            Etm[f] += (d - Sow[f] >= 0 && d - Sow[f] < LINI + LDEV + LMID + LLATE ? 1.0f : 0.3f) * Et0[d][f];
    for (f = 0; f < NFIELD; f++) {
        Wpbest[f] = 0.0f;
        Sbest[f] = 0;
        for (s = 0; s < NSTRAT; s++) {
            Yr[f][s] = 1.0f - KY * (1.0f - Eta[f][s] / Etm[f]);
            Sbest[f] = Yr[f][s] / (Irr[f][s] + 100.0f) > Wpbest[f] ? s : Sbest[f];
            Wpbest[f] = Yr[f][s] / (Irr[f][s] + 100.0f) > Wpbest[f] ? Yr[f][s] / (Irr[f][s] + 100.0f) : Wpbest[f];
        }
    }
#pragma endscop
}

int main(void)
{
    /* weather: ET0 1.5-7 mm/day over the season with a regional shift; rain on about
     * one day in five, 2-30 mm; soils from sand to clay loam, roots 0.5-1.5 m, sowing
     * days 60-150; strategies deplete 20% to 80% of TAW before refilling */
    for (int d = 0; d < NDAY; d++)
        for (int f = 0; f < NFIELD; f++) {
            unsigned h = (unsigned)(d + 1) * 2654435761u ^ (unsigned)(f / 16 + 7) * 2246822519u;
            h ^= h >> 15;
            h *= 2246822519u;
            h ^= h >> 13;
            Et0[d][f] = 4.25f + 2.75f * (float)(-((d - 10 * (f % 7)) % 365 - 182) * ((d - 10 * (f % 7)) % 365 - 182)) / 33124.0f * 2.0f + 2.75f;
            Et0[d][f] = Et0[d][f] < 1.5f ? 1.5f : Et0[d][f];
            Rain[d][f] = h % 5u == 0 ? 2.0f + (float)((h >> 8) % 29u) : 0.0f;
        }
    for (int f = 0; f < NFIELD; f++) {
        Fc[f] = 0.12f + 0.24f * (float)((f * 7) % 11) / 10.0f;
        Wp[f] = 0.4f * Fc[f];
        Zr[f] = 0.5f + (float)((f * 13) % 21) / 20.0f;
        Sow[f] = 60 + (f * 17) % 91;
        Taw[f] = Raw[f] = Etm[f] = Wpbest[f] = 0.0f;
        Sbest[f] = 0;
        for (int s = 0; s < NSTRAT; s++)
            Dr[f][s] = Eta[f][s] = Irr[f][s] = Perc[f][s] = Yr[f][s] = 0.0f;
    }
    for (int s = 0; s < NSTRAT; s++)
        Mad[s] = 0.2f + 0.6f * (float)s / (NSTRAT > 1 ? NSTRAT - 1 : 1);

    water_balance();

    double sum = 0.0;
    for (int f = 0; f < NFIELD; f++) {
        for (int s = 0; s < NSTRAT; s++)
            sum += ((double)Yr[f][s] + 1e-3 * (Irr[f][s] + Perc[f][s] + Eta[f][s]) + 1e-2 * Dr[f][s]) * (double)(1 + (f + 3 * s) % 7);
        sum += ((double)Wpbest[f] * 100.0 + 0.01 * Sbest[f]) * (double)(1 + f % 5);
    }
    printf("%.10e\n", sum);
    return 0;
}
