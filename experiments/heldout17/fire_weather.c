/* Wildfire danger rating: the Canadian Forest Fire Weather Index System over a fire
 * season at a network of weather stations (noon temperature, relative humidity, wind
 * and 24-hour rain). Per station the start-up codes; per station and day (recurrences
 * on the previous day's codes, stored with a one-day offset) the Fine Fuel Moisture
 * Code (rain phase, equilibrium moisture contents, drying or wetting by ternaries, pow
 * and exp), the Duff Moisture Code and the Drought Code (rain effect only above a
 * threshold, log, clamps by ternaries), the Initial Spread Index, the Buildup Index
 * (piecewise) and the Fire Weather Index (exp of a power of log, ternary); last per
 * station the seasonal severity rating, the highest index and the days of high
 * danger, and per day the network mean index (down the columns). Double precision
 * codes from single-precision weather, sizes are #define (heap arrays). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NSTA
#define NSTA 4096
#endif
#ifndef NDAY
#define NDAY 184
#endif

static void fwi_season(float (*restrict Tm)[NDAY], float (*restrict Rh)[NDAY], float (*restrict Ws)[NDAY],
                       float (*restrict Rn)[NDAY], const float *restrict Le, const float *restrict Lf,
                       double (*restrict Ff)[NDAY + 1], double (*restrict Dm)[NDAY + 1], double (*restrict Dc)[NDAY + 1],
                       double (*restrict Isi)[NDAY], double (*restrict Bui)[NDAY], double (*restrict Fwi)[NDAY],
                       double *restrict Dsr, double *restrict Fmax, int *restrict Nhigh, double *restrict Fmean)
{
    int s, d;
#pragma scop
    for (s = 0; s < NSTA; s++) {
        Ff[s][0] = 85.0;
        Dm[s][0] = 6.0;
        Dc[s][0] = 15.0;
    }
    for (s = 0; s < NSTA; s++)
        for (d = 0; d < NDAY; d++) {
            double t = Tm[s][d], h = Rh[s][d], w = Ws[s][d], r = Rn[s][d];
            double mo = 147.2 * (101.0 - Ff[s][d]) / (59.5 + Ff[s][d]);
            double rf = r > 0.5 ? r - 0.5 : 1.0;
            double mr = mo + 42.5 * rf * exp(-100.0 / (251.0 - mo)) * (1.0 - exp(-6.93 / rf))
                        + (mo > 150.0 ? 0.0015 * (mo - 150.0) * (mo - 150.0) * sqrt(rf) : 0.0);
            double m0 = r > 0.5 ? (mr < 250.0 ? mr : 250.0) : mo;
            double ed = 0.942 * pow(h, 0.679) + 11.0 * exp((h - 100.0) / 10.0) + 0.18 * (21.1 - t) * (1.0 - exp(-0.115 * h));
            double ew = 0.618 * pow(h, 0.753) + 10.0 * exp((h - 100.0) / 10.0) + 0.18 * (21.1 - t) * (1.0 - exp(-0.115 * h));
            double kd = (0.424 * (1.0 - pow(h / 100.0, 1.7)) + 0.0694 * sqrt(w) * (1.0 - pow(h / 100.0, 8.0))) * 0.581 * exp(0.0365 * t);
            double kw = (0.424 * (1.0 - pow((100.0 - h) / 100.0, 1.7)) + 0.0694 * sqrt(w) * (1.0 - pow((100.0 - h) / 100.0, 8.0)))
                        * 0.581 * exp(0.0365 * t);
            double m = m0 > ed ? ed + (m0 - ed) * pow(10.0, -kd) : (m0 < ew ? ew - (ew - m0) * pow(10.0, -kw) : m0);
            double p0 = Dm[s][d] > 0.001 ? Dm[s][d] : 0.001;
            double re = 0.92 * r - 1.27;
            double bb = p0 <= 33.0 ? 100.0 / (0.5 + 0.3 * p0) : (p0 <= 65.0 ? 14.0 - 1.3 * log(p0) : 6.2 * log(p0) - 17.2);
            double mdr = 20.0 + exp(5.6348 - p0 / 43.43) + 1000.0 * re / (48.77 + bb * re);
            double pr = r > 1.5 ? 244.72 - 43.43 * log(mdr - 20.0) : p0;
            double qr = 800.0 * exp(-Dc[s][d] / 400.0) + 3.937 * (0.83 * r - 1.27);
            double dr = r > 2.8 ? 400.0 * log(800.0 / qr) : Dc[s][d];
            double vv = 0.36 * (t + 2.8) + Lf[d];
            Ff[s][d + 1] = 59.5 * (250.0 - m) / (147.2 + m);
            Dm[s][d + 1] = (pr > 0.0 ? pr : 0.0) + (t > -1.1 ? 1.894 * (t + 1.1) * (100.0 - h) * Le[d] * 1e-4 : 0.0);
            Dc[s][d + 1] = (dr > 0.0 ? dr : 0.0) + (vv > 0.0 ? 0.5 * vv : 0.0);
            Isi[s][d] = 0.208 * exp(0.05039 * w) * 91.9 * exp(-0.1386 * m) * (1.0 + pow(m, 5.31) / 4.93e7);
            Bui[s][d] = Dm[s][d + 1] <= 0.4 * Dc[s][d + 1]
                            ? 0.8 * Dm[s][d + 1] * Dc[s][d + 1] / (Dm[s][d + 1] + 0.4 * Dc[s][d + 1] + 1e-9)
                            : Dm[s][d + 1] - (1.0 - 0.8 * Dc[s][d + 1] / (Dm[s][d + 1] + 0.4 * Dc[s][d + 1])) * (0.92 + pow(0.0114 * Dm[s][d + 1], 1.7));
            double fd = Bui[s][d] <= 80.0 ? 0.626 * pow(Bui[s][d], 0.809) + 2.0 : 1000.0 / (25.0 + 108.64 * exp(-0.023 * Bui[s][d]));
            double bf = 0.1 * Isi[s][d] * fd;
            Fwi[s][d] = bf > 1.0 ? exp(2.72 * pow(0.434 * log(bf > 1.0 ? bf : 2.0), 0.647)) : bf;
        }
    for (s = 0; s < NSTA; s++) {
        Dsr[s] = 0.0;
        Fmax[s] = 0.0;
        Nhigh[s] = 0;
        for (d = 0; d < NDAY; d++) {
            Dsr[s] += 0.0272 * pow(Fwi[s][d], 1.77) / NDAY;
            Fmax[s] = Fwi[s][d] > Fmax[s] ? Fwi[s][d] : Fmax[s];
            Nhigh[s] += Fwi[s][d] > 19.0 ? 1 : 0;
        }
    }
    for (d = 0; d < NDAY; d++) {
        Fmean[d] = 0.0;
        for (s = 0; s < NSTA; s++)
            Fmean[d] += Fwi[s][d] / NSTA;
    }
#pragma endscop
}

int main(void)
{
    float (*Tm)[NDAY] = malloc(sizeof(float[NSTA][NDAY])), (*Rh)[NDAY] = malloc(sizeof(float[NSTA][NDAY]));
    float (*Ws)[NDAY] = malloc(sizeof(float[NSTA][NDAY])), (*Rn)[NDAY] = malloc(sizeof(float[NSTA][NDAY]));
    float *Le = malloc(sizeof(float[NDAY])), *Lf = malloc(sizeof(float[NDAY]));
    double (*Ff)[NDAY + 1] = malloc(sizeof(double[NSTA][NDAY + 1])), (*Dm)[NDAY + 1] = malloc(sizeof(double[NSTA][NDAY + 1]));
    double (*Dc)[NDAY + 1] = malloc(sizeof(double[NSTA][NDAY + 1])), (*Isi)[NDAY] = malloc(sizeof(double[NSTA][NDAY]));
    double (*Bui)[NDAY] = malloc(sizeof(double[NSTA][NDAY])), (*Fwi)[NDAY] = malloc(sizeof(double[NSTA][NDAY]));
    double *Dsr = malloc(sizeof(double[NSTA])), *Fmax = malloc(sizeof(double[NSTA])), *Fmean = malloc(sizeof(double[NDAY]));
    int *Nhigh = malloc(sizeof(int[NSTA]));
    if (!Tm || !Rh || !Ws || !Rn || !Le || !Lf || !Ff || !Dm || !Dc || !Isi || !Bui || !Fwi || !Dsr || !Fmax || !Fmean || !Nhigh)
        return 1;
    /* a season from April to September: day-length factors of the DMC and DC by the
     * month; station weather with a seasonal cycle, a station climate (warmer and
     * drier with the index) and hashed day-to-day variation; rain on about one day
     * in four */
    for (int d = 0; d < NDAY; d++) {
        static const float le[6] = {9.0f, 12.8f, 13.9f, 13.9f, 12.4f, 10.9f}, lf[6] = {0.9f, 3.8f, 5.8f, 6.4f, 5.0f, 2.4f};
        Le[d] = le[d * 6 / NDAY];
        Lf[d] = lf[d * 6 / NDAY];
        Fmean[d] = 0.0;
    }
    for (int s = 0; s < NSTA; s++) {
        double cl = (double)(s % 64) / 63.0;
        for (int d = 0; d < NDAY; d++) {
            unsigned hsh = (unsigned)(s * NDAY + d + 7) * 2654435761u;
            hsh ^= hsh >> 16;
            double u = (double)(hsh % 1000u) / 1000.0, v = (double)((hsh >> 10) % 1000u) / 1000.0;
            double season = sin(3.14159265358979 * d / NDAY);
            Tm[s][d] = (float)(8.0 + 14.0 * season + 6.0 * cl + 8.0 * (u - 0.5));
            Rh[s][d] = (float)(70.0 - 25.0 * season - 15.0 * cl + 30.0 * (v - 0.5));
            Rh[s][d] = Rh[s][d] < 15.0f ? 15.0f : (Rh[s][d] > 100.0f ? 100.0f : Rh[s][d]);
            Ws[s][d] = (float)(5.0 + 25.0 * u * v + 5.0 * cl);
            Rn[s][d] = (hsh >> 20) % 4u == 0u ? (float)(0.2 + 20.0 * v * v * (1.0 - 0.5 * cl)) : 0.0f;
            Isi[s][d] = Bui[s][d] = Fwi[s][d] = 0.0;
        }
        for (int d = 0; d <= NDAY; d++)
            Ff[s][d] = Dm[s][d] = Dc[s][d] = 0.0;
        Dsr[s] = Fmax[s] = 0.0;
        Nhigh[s] = 0;
    }

    fwi_season(Tm, Rh, Ws, Rn, Le, Lf, Ff, Dm, Dc, Isi, Bui, Fwi, Dsr, Fmax, Nhigh, Fmean);

    double sum = 0.0;
    for (int s = 0; s < NSTA; s++) {
        for (int d = 0; d < NDAY; d++)
            sum += (1e-2 * Ff[s][d + 1] + 1e-2 * Dm[s][d + 1] + 1e-3 * Dc[s][d + 1] + 0.1 * Isi[s][d] + 1e-2 * Bui[s][d] + 0.1 * Fwi[s][d])
                   * (double)(1 + (s + 3 * d) % 7);
        sum += (Dsr[s] + 0.1 * Fmax[s] + Nhigh[s]) * (double)(1 + s % 5);
    }
    for (int d = 0; d < NDAY; d++)
        sum += Fmean[d] * (double)(1 + d % 3);
    printf("%.10e\n", sum);
    free(Tm); free(Rh); free(Ws); free(Rn); free(Le); free(Lf); free(Ff); free(Dm); free(Dc); free(Isi); free(Bui);
    free(Fwi); free(Dsr); free(Fmax); free(Fmean); free(Nhigh);
    return 0;
}
