/* Snow hydrology: a gridded degree-day snow model of a mountain catchment run over
 * several years of daily weather. Each day every cell gets the valley temperature
 * lowered by the lapse rate times its elevation and the valley precipitation scaled by
 * its orographic factor (block-local t and p); precipitation falls as snow below
 * TSNOW (ternary), melt is the degree-day factor times the degrees above TMELT
 * (ternary), limited to the snow available (ternary); the snow water equivalent is
 * updated, its seasonal peak kept (maximum by ternary), and rain plus melt summed over
 * the catchment into the day's runoff (double sum over all cells). Float state, sizes
 * as macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NY
#define NY 384
#endif
#ifndef NX
#define NX 384
#endif
#ifndef NDAY
#define NDAY 1460   /* four years */
#endif
#define LAPSE 0.0065f   /* degC per m */
#define TSNOW 1.0f      /* degC, rain/snow threshold */
#define TMELT 0.0f      /* degC, melt threshold */
#define DDF 3.5f        /* mm per degC per day */

static float Elev[NY][NX];   /* m above the valley station */
static float Ofac[NY][NX];   /* orographic precipitation factor */
static float Swe[NY][NX];    /* snow water equivalent, mm */
static float Peak[NY][NX];   /* highest snow water equivalent, mm */
static float Tval[NDAY];     /* valley temperature, degC */
static float Pval[NDAY];     /* valley precipitation, mm */
static double Q[NDAY];       /* catchment runoff, mm summed over cells */

static void snow_model(void)
{
    int d, i, j;
#pragma scop
    for (d = 0; d < NDAY; d++)
        for (i = 0; i < NY; i++)
            for (j = 0; j < NX; j++) {
                float t = Tval[d] - LAPSE * Elev[i][j];
                float p = Pval[d] * Ofac[i][j];
                float snow = t < TSNOW ? p : 0.0f;
                float melt = t > TMELT ? DDF * (t - TMELT) : 0.0f;
                melt = melt < Swe[i][j] + snow ? melt : Swe[i][j] + snow;
                Swe[i][j] += snow - melt;
                Peak[i][j] = Swe[i][j] > Peak[i][j] ? Swe[i][j] : Peak[i][j];
                Q[d] += p - snow + melt;
            }
#pragma endscop
}

int main(void)
{
    /* a valley at the south edge rising to ridges of about 3000 m with side valleys;
     * orographic factor 0.8 to 1.6 growing with elevation; valley temperature a
     * seasonal cycle of mean 8 degC and amplitude 12 degC with weather spells of
     * +-4 degC; precipitation 0 to 30 mm on two days of three */
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NX; j++) {
            double ridge = 3000.0 * (double)i / NY;
            double side = 400.0 * sin(6.0 * M_PI * (double)j / NX) * (double)i / NY;
            double rough = 60.0 * (double)((i * 13 + j * 7) % 11 - 5) / 5.0;
            double e = ridge + side + rough;
            Elev[i][j] = (float)(e < 0.0 ? 0.0 : e);
            Ofac[i][j] = 0.8f + 0.8f * Elev[i][j] / 3400.0f;
            Swe[i][j] = 0.0f;
            Peak[i][j] = 0.0f;
        }
    for (int d = 0; d < NDAY; d++) {
        Tval[d] = (float)(8.0 - 12.0 * cos(2.0 * M_PI * (d - 20) / 365.0)
                          + 4.0 * sin(0.37 * d) * cos(0.11 * d));
        Pval[d] = d % 3 == 2 ? 0.0f : (float)(30.0 * (double)((d * 17) % 23) / 22.0);
        Q[d] = 0.0;
    }

    snow_model();

    double sum = 0.0;
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NX; j++)
            sum += ((double)Swe[i][j] + 0.1 * (double)Peak[i][j]) * (double)(1 + (i + 3 * j) % 7);
    for (int d = 0; d < NDAY; d++)
        sum += 1e-4 * Q[d] * (double)(1 + d % 5);
    printf("%.10e\n", sum);
    return 0;
}
