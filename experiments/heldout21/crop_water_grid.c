/* A gridded crop-growth and soil-water model for a season: per grid cell (independent
 * cells of a region), per day, the soil water balance (rain in, evapotranspiration out
 * scaled by a water-stress factor from the soil water fraction, a ternary for the
 * stress threshold, drainage above field capacity by a ternary, the store clamped at
 * zero), the thermal time toward maturity, and the biomass growth from radiation use
 * efficiency times stress while the crop is not mature (ternary); the day's values come
 * from per-cell weather rows. Double; sizes are parameters (VLA), macros passed
 * directly. One nest, 8 statements. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NC
#define NC 48000
#endif
#ifndef ND
#define ND 365
#endif

static void season(int nc, int nd, double rain[nc][nd], double tmean[nc][nd],
                   double rad[nc][nd], double et0[nd], double fc[nc], double sw[nc],
                   double tt[nc], double bio[nc])
{
    int c, d;
#pragma scop
    for (c = 0; c < nc; c++)
        for (d = 0; d < nd; d++) {
            double frac = sw[c] / fc[c];
            double stress = frac > 0.5 ? 1.0 : 2.0 * frac;
            double store = sw[c] + rain[c][d] - et0[d] * stress;
            double drain = store > fc[c] ? 0.6 * (store - fc[c]) : 0.0;
            sw[c] = store - drain > 0.0 ? store - drain : 0.0;
            double growing = tt[c] < 1600.0 ? 1.0 : 0.0;
            tt[c] += tmean[c][d] > 8.0 ? tmean[c][d] - 8.0 : 0.0;
            bio[c] += growing * 1.4 * rad[c][d] * stress;
        }
#pragma endscop
}

int main(void)
{
    double (*rain)[ND] = malloc(sizeof(double) * (size_t)NC * ND);
    double (*tmean)[ND] = malloc(sizeof(double) * (size_t)NC * ND);
    double (*rad)[ND] = malloc(sizeof(double) * (size_t)NC * ND);
    double *et0 = malloc(sizeof(double) * ND);
    double *fc = malloc(sizeof(double) * NC), *sw = malloc(sizeof(double) * NC);
    double *tt = malloc(sizeof(double) * NC), *bio = malloc(sizeof(double) * NC);
    if (!rain || !tmean || !rad || !et0 || !fc || !sw || !tt || !bio)
        return 1;
    for (int c = 0; c < NC; c++)
        for (int d = 0; d < ND; d++) {
            rain[c][d] = ((c * 7 + d * 13) % 11 > 7) ? (double)((c + 3 * d) % 23) : 0.0;
            tmean[c][d] = 6.0 + 14.0 * (double)(d % 90) / 90.0 + (double)(c % 9) * 0.5;
            rad[c][d] = 12.0 + (double)((d * 5 + c) % 17) * 0.5;
        }
    for (int d = 0; d < ND; d++)
        et0[d] = 2.0 + (double)(d % 60) / 20.0;
    for (int c = 0; c < NC; c++) {
        fc[c] = 120.0 + (double)(c % 37);
        sw[c] = 0.8 * fc[c];
        tt[c] = 0.0;
        bio[c] = 0.0;
    }
    season(NC, ND, rain, tmean, rad, et0, fc, sw, tt, bio);
    double cs = 0.0;
    for (int c = 0; c < NC; c++)
        cs += (bio[c] * 1.0e-3 + sw[c] + 0.01 * tt[c]) * (double)(c % 43 + 1);
    printf("%.10e\n", cs);
    free(rain);
    free(tmean);
    free(rad);
    free(et0);
    free(fc);
    free(sw);
    free(tt);
    free(bio);
    return 0;
}
