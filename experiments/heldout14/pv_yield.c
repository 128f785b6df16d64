/* Solar energy: annual energy yield of fixed photovoltaic arrays for a set of sites and
 * candidate panel orientations (tilt and azimuth), hour by hour through a year. First
 * the unit normal of every orientation; then per site, day and hour the sun vector in
 * local east-north-up coordinates from the declination and hour angle (block-local,
 * sinf, cosf), the ambient temperature (seasonal and daily cosine), direct normal
 * irradiance by a clear-sky air-mass model (powf) scaled by the day's clearness, and
 * diffuse horizontal irradiance (ternaries for the sun below or near the horizon);
 * then per site, orientation, day and hour the plane-of-array irradiance (beam with
 * the incidence cosine clipped at zero, sky-diffuse and ground-reflected parts), the
 * NOCT cell temperature, the DC power with its temperature coefficient and the AC
 * power limited by the inverter (ternary), accumulated with the clipped energy; last
 * every orientation's yield relative to the horizontal panel. Single precision, sizes
 * are arguments passed directly from the macros. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NSITE
#define NSITE 96
#endif
#ifndef NDAY
#define NDAY 365
#endif
#ifndef NHOUR
#define NHOUR 24
#endif
#ifndef NORI
#define NORI 240
#endif
#define PDC 1.0f      /* kW DC per kW/m^2 */
#define PAC 0.8f      /* inverter rating, kW */
#define ALB 0.2f      /* ground albedo */

static void pv(int ns, int nd, int nh, int no, const float Lat[restrict ns],
               const float Tm[restrict ns], const float Ts[restrict ns],
               const float Kc[restrict ns][nd], const float Tilt[restrict no],
               const float Az[restrict no], float Ne[restrict no], float Nn[restrict no],
               float Nu[restrict no], float Se[restrict ns][nd][nh],
               float Sn[restrict ns][nd][nh], float Su[restrict ns][nd][nh],
               float Ta[restrict ns][nd][nh], float Dn[restrict ns][nd][nh],
               float Dh[restrict ns][nd][nh], float Y[restrict ns][no],
               float Yc[restrict ns][no], float Rel[restrict ns][no])
{
    int s, o, d, h;
#pragma scop
    for (o = 0; o < no; o++) {
        Ne[o] = -sinf(Tilt[o]) * sinf(Az[o]);
        Nn[o] = -sinf(Tilt[o]) * cosf(Az[o]);
        Nu[o] = cosf(Tilt[o]);
    }
    for (s = 0; s < ns; s++)
        for (d = 0; d < nd; d++)
            for (h = 0; h < nh; h++) {
                float dec = 0.40928f * sinf(6.2831853f * (285.0f + d) / 365.0f);
                float om = 0.26179939f * (h + 0.5f - 0.5f * nh);
                Se[s][d][h] = -cosf(dec) * sinf(om);
                Sn[s][d][h] = cosf(Lat[s]) * sinf(dec) - sinf(Lat[s]) * cosf(dec) * cosf(om);
                Su[s][d][h] = sinf(Lat[s]) * sinf(dec) + cosf(Lat[s]) * cosf(dec) * cosf(om);
                Ta[s][d][h] = Tm[s] + Ts[s] * cosf(6.2831853f * (d - 200.0f) / 365.0f) + 5.0f * cosf(0.26179939f * (h - 15.0f));
                Dn[s][d][h] = Su[s][d][h] > 0.05f ? 1.353f * Kc[s][d] * powf(0.7f, powf(1.0f / Su[s][d][h], 0.678f)) : 0.0f;
                Dh[s][d][h] = Su[s][d][h] > 0.0f ? 1.353f * Su[s][d][h] * (0.08f + 0.3f * (1.0f - Kc[s][d])) : 0.0f;
            }
    for (s = 0; s < ns; s++)
        for (o = 0; o < no; o++) {
            Y[s][o] = 0.0f;
            Yc[s][o] = 0.0f;
            for (d = 0; d < nd; d++)
                for (h = 0; h < nh; h++) {
                    float ci = Se[s][d][h] * Ne[o] + Sn[s][d][h] * Nn[o] + Su[s][d][h] * Nu[o];
                    float poa = Dn[s][d][h] * (ci > 0.0f ? ci : 0.0f) + Dh[s][d][h] * 0.5f * (1.0f + Nu[o])
                                + ALB * (Dn[s][d][h] * Su[s][d][h] + Dh[s][d][h]) * 0.5f * (1.0f - Nu[o]);
                    float tc = Ta[s][d][h] + 31.25f * poa;
                    float p = PDC * poa * (1.0f - 0.004f * (tc - 25.0f));
                    Y[s][o] += p > PAC ? PAC : p;
                    Yc[s][o] += p > PAC ? p - PAC : 0.0f;
                }
        }
    for (s = 0; s < ns; s++)
        for (o = 0; o < no; o++)
            Rel[s][o] = Y[s][o] / Y[s][0];
#pragma endscop
}

int main(void)
{
    float *Lat = malloc(sizeof(float[NSITE]));
    float *Tm = malloc(sizeof(float[NSITE]));
    float *Ts = malloc(sizeof(float[NSITE]));
    float (*Kc)[NDAY] = malloc(sizeof(float[NSITE][NDAY]));
    float *Tilt = malloc(sizeof(float[NORI]));
    float *Az = malloc(sizeof(float[NORI]));
    float *Ne = malloc(sizeof(float[NORI]));
    float *Nn = malloc(sizeof(float[NORI]));
    float *Nu = malloc(sizeof(float[NORI]));
    float (*Se)[NDAY][NHOUR] = malloc(sizeof(float[NSITE][NDAY][NHOUR]));
    float (*Sn)[NDAY][NHOUR] = malloc(sizeof(float[NSITE][NDAY][NHOUR]));
    float (*Su)[NDAY][NHOUR] = malloc(sizeof(float[NSITE][NDAY][NHOUR]));
    float (*Ta)[NDAY][NHOUR] = malloc(sizeof(float[NSITE][NDAY][NHOUR]));
    float (*Dn)[NDAY][NHOUR] = malloc(sizeof(float[NSITE][NDAY][NHOUR]));
    float (*Dh)[NDAY][NHOUR] = malloc(sizeof(float[NSITE][NDAY][NHOUR]));
    float (*Y)[NORI] = malloc(sizeof(float[NSITE][NORI]));
    float (*Yc)[NORI] = malloc(sizeof(float[NSITE][NORI]));
    float (*Rel)[NORI] = malloc(sizeof(float[NSITE][NORI]));
    if (!Lat || !Tm || !Ts || !Kc || !Tilt || !Az || !Ne || !Nn || !Nu || !Se || !Sn || !Su
        || !Ta || !Dn || !Dh || !Y || !Yc || !Rel)
        return 1;
    /* sites at latitudes -55 to 65 degrees, mean temperatures 2 to 26 C falling with
     * latitude, seasonal swing of 3 to 15 C in phase with the hemisphere; daily
     * clearness 0.3 to 0.95; orientations: tilt 0 to 75 degrees in 16 steps, 15
     * azimuths round the compass (orientation 0 is horizontal); irradiance in kW/m^2,
     * NOCT 45 C, -0.4 %/K */
    for (int s = 0; s < NSITE; s++) {
        float lat = -55.0f + 120.0f * (float)((s * 37) % NSITE) / (float)(NSITE > 1 ? NSITE - 1 : 1);
        Lat[s] = lat * 0.017453293f;
        Tm[s] = 26.0f - 24.0f * fabsf(lat) / 65.0f;
        Ts[s] = (lat >= 0.0f ? -1.0f : 1.0f) * (3.0f + 12.0f * fabsf(lat) / 65.0f);
        for (int d = 0; d < NDAY; d++)
            Kc[s][d] = 0.3f + 0.65f * (float)((d * 7919 + s * 613) % 101) / 100.0f;
        for (int o = 0; o < NORI; o++)
            Y[s][o] = Yc[s][o] = Rel[s][o] = 0.0f;
        for (int d = 0; d < NDAY; d++)
            for (int h = 0; h < NHOUR; h++)
                Se[s][d][h] = Sn[s][d][h] = Su[s][d][h] = Ta[s][d][h] = Dn[s][d][h] = Dh[s][d][h] = 0.0f;
    }
    for (int o = 0; o < NORI; o++) {
        Tilt[o] = 0.017453293f * 5.0f * (float)(o / 15 % 16);
        Az[o] = 0.017453293f * 24.0f * (float)(o % 15);
        Ne[o] = Nn[o] = Nu[o] = 0.0f;
    }

    pv(NSITE, NDAY, NHOUR, NORI, Lat, Tm, Ts, Kc, Tilt, Az, Ne, Nn, Nu, Se, Sn, Su, Ta, Dn, Dh, Y, Yc, Rel);

    double sum = 0.0;
    for (int s = 0; s < NSITE; s++)
        for (int o = 0; o < NORI; o++)
            sum += (1e-3 * (double)Y[s][o] + 1e-2 * (double)Yc[s][o] + (double)Rel[s][o]) * (double)(1 + (s + 3 * o) % 7);
    printf("%.10e\n", sum);
    free(Lat); free(Tm); free(Ts); free(Kc); free(Tilt); free(Az); free(Ne); free(Nn); free(Nu);
    free(Se); free(Sn); free(Su); free(Ta); free(Dn); free(Dh); free(Y); free(Yc); free(Rel);
    return 0;
}
