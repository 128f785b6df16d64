/* Proteomics: peak picking in the profile-mode spectra of an LC-MS run. Per scan
 * the Savitzky-Golay smoothing of the detector counts in integer arithmetic (fixed
 * seven-point kernel, block-local sum, ternary clip at zero, raw counts at the
 * edges), the noise level from the second differences (ternary absolute value), the
 * Ricker-wavelet response at one scale (a float contraction with a fixed 25-point
 * kernel), the local maxima above the noise (ternaries with &&), their parabolic
 * centroids (block-local denominator, guarded), the peak count, the isotope pairs of
 * charge one and two (peaks 1.003 Th and 0.5 Th apart, ternaries); the extracted ion
 * chromatograms in 0.64 Th bins (fixed inner dimension); last per bin the apex scan
 * (ternaries, down the columns). Integer counts with single-precision wavelet and
 * centroids, sizes are #define (global arrays). */
#include <math.h>
#include <stdio.h>

#ifndef NSCAN
#define NSCAN 512
#endif
#ifndef NPT
#define NPT 16384
#endif
#define HW 12
#define BIN 64
#define NBIN (NPT / BIN)
#define ISO1 100
#define ISO2 50
#define MZ0 400.0f
#define DMZ 0.01f

static int I[NSCAN][NPT], Sm[NSCAN][NPT], Pk[NSCAN][NPT];
static float Cw[NSCAN][NPT], Cent[NSCAN][NPT], Mz[NPT], Rk[2 * HW + 1], Noise[NSCAN];
static const int Sg[7] = {-2, 3, 6, 7, 6, 3, -2};
static int Npk[NSCAN], Niso[NSCAN], Xic[NSCAN][NBIN], Apex[NBIN], Xmax[NBIN];

static void pick(void)
{
    int s, k, j, b;
#pragma scop
    for (s = 0; s < NSCAN; s++) {
        for (k = 0; k < 3; k++) {
            Sm[s][k] = I[s][k];
            Sm[s][NPT - 1 - k] = I[s][NPT - 1 - k];
        }
        for (k = 3; k < NPT - 3; k++) {
            int a = 0;
            for (j = 0; j < 7; j++)
                a += Sg[j] * I[s][k + j - 3];
            Sm[s][k] = a > 0 ? a / 21 : 0;
        }
    }
    for (s = 0; s < NSCAN; s++) {
        Noise[s] = 0.0f;
        for (k = 1; k < NPT - 1; k++) {
            int d = Sm[s][k - 1] - 2 * Sm[s][k] + Sm[s][k + 1];
            Noise[s] += (float)(d < 0 ? -d : d) / (NPT - 2);
        }
    }
    for (s = 0; s < NSCAN; s++)
        for (k = HW; k < NPT - HW; k++) {
            Cw[s][k] = 0.0f;
            for (j = 0; j <= 2 * HW; j++)
                Cw[s][k] += Rk[j] * Sm[s][k + j - HW];
        }
    for (s = 0; s < NSCAN; s++) {
        Npk[s] = 0;
        for (k = HW; k < NPT - HW; k++) {
            float den = (float)(Sm[s][k - 1] - 2 * Sm[s][k] + Sm[s][k + 1]);
            Pk[s][k] = Sm[s][k] > Sm[s][k - 1] && Sm[s][k] >= Sm[s][k + 1] && Cw[s][k] > 5.0f * Noise[s] ? 1 : 0;
            Cent[s][k] = Pk[s][k] ? Mz[k] + 0.5f * DMZ * (Sm[s][k - 1] - Sm[s][k + 1]) / (den < -0.5f ? den : -1.0f) : 0.0f;
            Npk[s] += Pk[s][k];
        }
    }
    for (s = 0; s < NSCAN; s++) {
        Niso[s] = 0;
        for (k = HW; k < NPT - HW - ISO1; k++)
            Niso[s] += (Pk[s][k] && Pk[s][k + ISO1] && 2 * Sm[s][k + ISO1] > Sm[s][k] ? 1 : 0)
                       + (Pk[s][k] && Pk[s][k + ISO2] && 2 * Sm[s][k + ISO2] > Sm[s][k] ? 1 : 0);
    }
    for (s = 0; s < NSCAN; s++)
        for (b = 0; b < NBIN; b++) {
            Xic[s][b] = 0;
            for (j = 0; j < BIN; j++)
                Xic[s][b] += Sm[s][b * BIN + j];
        }
    for (b = 0; b < NBIN; b++) {
        Apex[b] = 0;
        Xmax[b] = 0;
        for (s = 0; s < NSCAN; s++) {
            Apex[b] = Xic[s][b] > Xmax[b] ? s : Apex[b];
            Xmax[b] = Xic[s][b] > Xmax[b] ? Xic[s][b] : Xmax[b];
        }
    }
#pragma endscop
}

int main(void)
{
    /* 1200 peptide features with charge 1 or 2 (isotope spacing 1.003 or 0.50 Th,
     * four isotopes with falling abundance), Gaussian peaks of 2-bin width and
     * Gaussian elution profiles over 10-40 scans, heights up to 30000 counts, on a
     * hashed chemical background of 0-40 counts; Ricker wavelet of 3-bin scale */
    for (int s = 0; s < NSCAN; s++)
        for (int k = 0; k < NPT; k++) {
            unsigned h = (unsigned)(s + 1) * 2654435761u ^ (unsigned)(k + 17) * 2246822519u;
            h ^= h >> 15;
            h *= 2246822519u;
            h ^= h >> 13;
            I[s][k] = (int)(h % 41u);
            Sm[s][k] = Pk[s][k] = 0;
            Cw[s][k] = Cent[s][k] = 0.0f;
        }
    for (int f = 0; f < 1200; f++) {
        int z = 1 + f % 2;
        float c = 2.0f * HW + (float)((f * 7919) % (NPT - 4 * HW - 2 * ISO1)), rt = (float)((f * 131) % NSCAN), w = 5.0f + (float)(f % 7) * 2.5f;
        float amp = 500.0f + 29500.0f * (float)((f * 37) % 101) / 100.0f;
        for (int s = 0; s < NSCAN; s++) {
            float el = expf(-(s - rt) * (s - rt) / (2.0f * w * w));
            if (el < 1e-3f)
                continue;
            for (int q = 0; q < 4; q++) {
                float cq = c + q * 100.3f / z, ab = amp * el * (q == 0 ? 1.0f : q == 1 ? 0.8f : q == 2 ? 0.4f : 0.15f);
                for (int k = (int)cq - 8; k <= (int)cq + 8; k++)
                    if (k >= 0 && k < NPT)
                        I[s][k] += (int)(ab * expf(-(k - cq) * (k - cq) / 8.0f));
            }
        }
    }
    for (int k = 0; k < NPT; k++)
        Mz[k] = MZ0 + DMZ * k;
    for (int j = 0; j <= 2 * HW; j++) {
        float u = (float)(j - HW) / 3.0f;
        Rk[j] = (1.0f - u * u) * expf(-0.5f * u * u);
    }
    for (int s = 0; s < NSCAN; s++) {
        Noise[s] = 0.0f;
        Npk[s] = Niso[s] = 0;
        for (int b = 0; b < NBIN; b++)
            Xic[s][b] = 0;
    }
    for (int b = 0; b < NBIN; b++)
        Apex[b] = Xmax[b] = 0;

    pick();

    double sum = 0.0;
    for (int s = 0; s < NSCAN; s++) {
        for (int k = 0; k < NPT; k++)
            sum += (1e-3 * Sm[s][k] + 1e-2 * Cw[s][k] + Pk[s][k] + 1e-2 * Cent[s][k]) * (double)(1 + (s + 3 * k) % 7);
        for (int b = 0; b < NBIN; b++)
            sum += 1e-4 * Xic[s][b] * (double)(1 + (s + b) % 3);
        sum += (Noise[s] + Npk[s] + Niso[s]) * (double)(1 + s % 5);
    }
    for (int b = 0; b < NBIN; b++)
        sum += (Apex[b] + 1e-4 * Xmax[b]) * (double)(1 + b % 5);
    printf("%.10e\n", sum);
    return 0;
}
