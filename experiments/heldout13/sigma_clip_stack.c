/* Astronomy imaging: sigma-clipped co-addition of a stack of registered exposures
 * of one field. The raw 16-bit frames are calibrated on the fly (bias subtracted,
 * divided by the flat field, scaled to the reference exposure). First the plain mean
 * and standard deviation of every pixel over the frames (streamed frame by frame into
 * per-pixel sums); then NCLIP clipping rounds: per frame and pixel the calibrated value
 * (block-local), its weight 1 or 0 by a ternary on |v - mean| <= KSIG sigma, the
 * weighted count, sum and squared deviation from the previous mean accumulated; the
 * new mean (ternary guard on the count) and sigma (ternary against a negative
 * variance, sqrtf); last the co-added image and the number of rejected samples
 * (cosmic-ray and satellite hits). Single precision on unsigned short frames, sizes as
 * macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NFRM
#define NFRM 40
#endif
#ifndef NY
#define NY 1024
#endif
#ifndef NX
#define NX 1024
#endif
#ifndef NCLIP
#define NCLIP 5
#endif
#define KSIG 2.5f

static unsigned short Raw[NFRM][NY][NX];   /* raw frames, ADU */
static float Bias[NY][NX], Iflat[NY][NX];  /* master bias, inverse flat */
static float Sc[NFRM];                     /* exposure scale per frame */
static float M[NY][NX], Sd[NY][NX];        /* current mean and sigma */
static float S0[NY][NX], S1[NY][NX], S2[NY][NX];
static float Co[NY][NX], Rej[NY][NX];

static void coadd(void)
{
    int it, f, y, x;
#pragma scop
    for (y = 0; y < NY; y++)
        for (x = 0; x < NX; x++) {
            S1[y][x] = 0.0f;
            S2[y][x] = 0.0f;
        }
    for (f = 0; f < NFRM; f++)
        for (y = 0; y < NY; y++)
            for (x = 0; x < NX; x++) {
                float v = (Raw[f][y][x] - Bias[y][x]) * Iflat[y][x] * Sc[f];
                S1[y][x] += v;
                S2[y][x] += v * v;
            }
    for (y = 0; y < NY; y++)
        for (x = 0; x < NX; x++) {
            float var = S2[y][x] / NFRM - (S1[y][x] / NFRM) * (S1[y][x] / NFRM);
            M[y][x] = S1[y][x] / NFRM;
            Sd[y][x] = var > 0.0f ? sqrtf(var) : 0.0f;
        }
    for (it = 0; it < NCLIP; it++) {
        for (y = 0; y < NY; y++)
            for (x = 0; x < NX; x++) {
                S0[y][x] = 0.0f;
                S1[y][x] = 0.0f;
                S2[y][x] = 0.0f;
            }
        for (f = 0; f < NFRM; f++)
            for (y = 0; y < NY; y++)
                for (x = 0; x < NX; x++) {
                    float v = (Raw[f][y][x] - Bias[y][x]) * Iflat[y][x] * Sc[f] - M[y][x];
                    float w = fabsf(v) <= KSIG * Sd[y][x] ? 1.0f : 0.0f;
                    S0[y][x] += w;
                    S1[y][x] += w * v;
                    S2[y][x] += w * v * v;
                }
        for (y = 0; y < NY; y++)
            for (x = 0; x < NX; x++) {
                float d = S0[y][x] > 0.5f ? S1[y][x] / S0[y][x] : 0.0f;
                float var = S0[y][x] > 0.5f ? S2[y][x] / S0[y][x] - d * d : 0.0f;
                M[y][x] = M[y][x] + d;
                Sd[y][x] = var > 0.0f ? sqrtf(var) : 0.0f;
            }
    }
    for (y = 0; y < NY; y++)
        for (x = 0; x < NX; x++) {
            Co[y][x] = NFRM * M[y][x];
            Rej[y][x] = NFRM - S0[y][x];
        }
#pragma endscop
}

int main(void)
{
    /* field: sky 800 ADU plus a grid of stars with Moffat-like 1 / (1 + r^2 / 4)^2
     * profiles, peaks 500 to 20000 ADU; bias 300 to 310, flat 0.9 to 1.1, frame
     * scales 0.95 to 1.05 (transparency); hashed read and photon noise of +-40 ADU;
     * cosmic-ray hits of 6000 ADU on about 1 pixel in 997 per frame and a satellite
     * trail along a frame-dependent row */
    static float Star[NY][NX];
    for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++) {
            int cy = (y / 32) * 32 + 16, cx = (x / 32) * 32 + 16 + ((y / 32) % 5) - 2;
            float r2 = (float)((y - cy) * (y - cy) + (x - cx) * (x - cx));
            float pk = 500.0f + 19500.0f * (float)(((y / 32) * 7 + (x / 32) * 13) % 41) / 40.0f;
            float g = 1.0f / (1.0f + 0.25f * r2);
            Star[y][x] = pk * g * g;
            Bias[y][x] = 300.0f + (float)((x * 3 + y) % 11);
            Iflat[y][x] = 1.0f / (0.9f + 0.2f * (float)((x * 7 + y * 5) % 23) / 22.0f);
            M[y][x] = Sd[y][x] = S0[y][x] = S1[y][x] = S2[y][x] = Co[y][x] = Rej[y][x] = 0.0f;
        }
    for (int f = 0; f < NFRM; f++) {
        Sc[f] = 0.95f + 0.1f * (float)((f * 7) % 13) / 12.0f;
        for (int y = 0; y < NY; y++)
            for (int x = 0; x < NX; x++) {
                float flat = 1.0f / Iflat[y][x];
                float nz = (float)((x * 131 + y * 71 + f * 977 + (x ^ y) * 13) % 81 - 40);
                float v = Bias[y][x] + flat * (800.0f + Star[y][x]) / Sc[f] + nz;
                if ((x * 7 + y * 3 + f * 11) % 997 == 0)
                    v += 6000.0f;
                if (y == (f * 37) % NY && f % 3 == 0)
                    v += 3000.0f;
                Raw[f][y][x] = (unsigned short)(v > 65535.0f ? 65535.0f : v);
            }
    }

    coadd();

    double sum = 0.0;
    for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++)
            sum += ((double)Co[y][x] + 100.0 * (double)Rej[y][x]) * (double)(1 + (y + 3 * x) % 7);
    printf("%.10e\n", sum);
    return 0;
}
