/* Channel coding: fixed-point normalised min-sum decoding of a batch of frames of a
 * banded (convolutional-style) LDPC code whose check c covers the DC consecutive bits
 * c .. c + DC - 1. Per frame and iteration: every variable-to-check message as the
 * bit's total LLR minus the check's last message; every check-to-variable message as
 * the smallest magnitude and the sign product over the check's other bits (ternaries,
 * a fixed inner dimension DC), scaled by 3/4 with a shift (the variable-to-check messages saturated at +-63 by
 * ternaries); the new total LLR of every
 * bit from its channel value and the messages of the checks covering it (bounds with
 * max and min); last per frame the bit errors of the all-zero codeword and the
 * unsatisfied checks (ternaries). Integer arithmetic, sizes are #define (global
 * arrays). */
#include <stdio.h>

#ifndef NFRAME
#define NFRAME 256
#endif
#ifndef NBIT
#define NBIT 4096
#endif
#ifndef NITER
#define NITER 12
#endif
#define DC 6
#define NCHK (NBIT - DC + 1)
#define BIG 1000000

static int Ch[NFRAME][NBIT], Lv[NFRAME][NBIT], Qm[NFRAME][NCHK][DC], Mc[NFRAME][NCHK][DC];
static int Nerr[NFRAME], Nuns[NFRAME];

static void decode(void)
{
    int f, it, c, k, j, v;
#pragma scop
    for (f = 0; f < NFRAME; f++) {
        for (v = 0; v < NBIT; v++)
            Lv[f][v] = Ch[f][v];
        for (c = 0; c < NCHK; c++)
            for (k = 0; k < DC; k++)
                Mc[f][c][k] = 0;
        for (it = 0; it < NITER; it++) {
            for (c = 0; c < NCHK; c++)
                for (k = 0; k < DC; k++)
                    Qm[f][c][k] = Lv[f][c + k] - Mc[f][c][k] > 63 ? 63 : Lv[f][c + k] - Mc[f][c][k] < -63 ? -63 : Lv[f][c + k] - Mc[f][c][k];
            for (c = 0; c < NCHK; c++)
                for (k = 0; k < DC; k++) {
                    int mn = BIG, sg = 1;
                    for (j = 0; j < DC; j++) {
                        int a = j == k ? BIG : Qm[f][c][j] < 0 ? -Qm[f][c][j] : Qm[f][c][j];
                        mn = a < mn ? a : mn;
                        sg = j != k && Qm[f][c][j] < 0 ? -sg : sg;
                    }
                    Mc[f][c][k] = sg * ((3 * mn) >> 2);
                }
            for (v = 0; v < NBIT; v++) {
                Lv[f][v] = Ch[f][v];
                for (k = (v - NCHK + 1 > 0 ? v - NCHK + 1 : 0); k <= (v < DC - 1 ? v : DC - 1); k++)
                    Lv[f][v] += Mc[f][v - k][k];
            }
        }
        Nerr[f] = 0;
        for (v = 0; v < NBIT; v++)
            Nerr[f] += Lv[f][v] < 0 ? 1 : 0;
        Nuns[f] = 0;
        for (c = 0; c < NCHK; c++) {
            int par = 0;
            for (k = 0; k < DC; k++)
                par += Lv[f][c + k] < 0 ? 1 : 0;
            Nuns[f] += par % 2;
        }
    }
#pragma endscop
}

int main(void)
{
    /* all-zero codeword sent as BPSK +1 over an AWGN channel; the noise is the sum of
     * four hashed uniforms (roughly Gaussian), its level rising with the frame index
     * (Eb/N0 from about 5 dB down to 1 dB); LLRs quantised to -31 .. 31 */
    for (int f = 0; f < NFRAME; f++) {
        double sigma = 0.55 + 0.35 * (double)f / (NFRAME > 1 ? NFRAME - 1 : 1);
        for (int v = 0; v < NBIT; v++) {
            unsigned h = (unsigned)(f + 1) * 2654435761u ^ (unsigned)(v + 5) * 2246822519u;
            double n = 0.0;
            for (int q = 0; q < 4; q++) {
                h ^= h >> 15;
                h *= 2246822519u;
                h ^= h >> 13;
                n += (double)(h % 10000u) / 10000.0 - 0.5;
            }
            double y = 1.0 + sigma * n * 1.7320508;
            double l = 4.0 * y / (sigma * sigma);
            int q = (int)(l + (l < 0 ? -0.5 : 0.5));
            Ch[f][v] = q > 31 ? 31 : q < -31 ? -31 : q;
            Lv[f][v] = 0;
        }
        Nerr[f] = Nuns[f] = 0;
    }

    decode();

    double sum = 0.0;
    for (int f = 0; f < NFRAME; f++) {
        for (int v = 0; v < NBIT; v++)
            sum += 1e-3 * Lv[f][v] * (double)(1 + (f + 3 * v) % 7);
        sum += (Nerr[f] + 0.5 * Nuns[f]) * (double)(1 + f % 5);
    }
    printf("%.10e\n", sum);
    return 0;
}
