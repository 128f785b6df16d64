/* Audio coding: the polyphase analysis filterbank of an MPEG-1 Layer I/II style encoder
 * in fixed-point arithmetic, on a multichannel recording. Per channel and granule of 32
 * new samples: the 512-tap window applied to the latest 512 samples and folded into 64
 * partial sums (block-local 64-bit accumulator over the 8 window segments, read at
 * 32 g + k + 64 s, rounded and shifted back to Q0), stored in a per-channel
 * workspace reused by every granule; the 32 subband samples by the 32 x 64 cosine
 * matrixing (Q14 table, block-local 64-bit sum, shifted back); then per channel,
 * block of 12 granules and subband the scale factor as the block maximum of |S| (a
 * block-local running maximum by ternaries). int (Q15 PCM, 64-bit accumulation),
 * sizes as macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NCH
#define NCH 8
#endif
#ifndef NBLK
#define NBLK 3072     /* blocks of 12 granules */
#endif
#define NGR (12 * NBLK)      /* granules of 32 samples */
#define NSAMP (32 * NGR + 512)

static int X[NCH][NSAMP];        /* PCM, 16-bit range */
static int Cw[512];              /* analysis window, Q15 */
static int Mq[32][64];           /* matrixing cosines, Q14 */
static int Y[NCH][64];           /* folded windowed samples (workspace) */
static int S[NCH][NGR][32];      /* subband samples */
static int Sf[NCH][NBLK][32];    /* scale factors */

static void analysis(void)
{
    int c, g, k, s, i, b, q;
#pragma scop
    for (c = 0; c < NCH; c++)
        for (g = 0; g < NGR; g++) {
            for (k = 0; k < 64; k++) {
                long long y = 0;
                for (s = 0; s < 8; s++)
                    y += (long long)Cw[k + 64 * s] * X[c][32 * g + k + 64 * s];
                Y[c][k] = (int)((y + 16384) >> 15);
            }
            for (i = 0; i < 32; i++) {
                long long a = 0;
                for (k = 0; k < 64; k++)
                    a += (long long)Mq[i][k] * Y[c][k];
                S[c][g][i] = (int)((a + 8192) >> 14);
            }
        }
    for (c = 0; c < NCH; c++)
        for (b = 0; b < NBLK; b++)
            for (i = 0; i < 32; i++) {
                int mx = 0;
                for (q = 0; q < 12; q++) {
                    int v = S[c][12 * b + q][i];
                    mx = v > mx ? v : (-v > mx ? -v : mx);
                }
                Sf[c][b][i] = mx;
            }
#pragma endscop
}

int main(void)
{
    /* window: a Blackman-windowed sinc low-pass prototype with cut-off pi / 64 and
     * gain 1/2 at the centre, in Q15 (largest taps about 16380); matrixing
     * cos((2 i + 1)(k - 16) pi / 64) in Q14; the channels: sums of three tones whose
     * frequencies depend on the channel, a slow amplitude envelope and hashed noise,
     * within +-30000 */
    const double pi = 3.14159265358979;
    for (int n = 0; n < 512; n++) {
        double x = (n - 255.5) / 64.0;
        double w = 0.42 - 0.5 * cos(2.0 * pi * (n + 0.5) / 512.0) + 0.08 * cos(4.0 * pi * (n + 0.5) / 512.0);
        Cw[n] = (int)lround(32768.0 * 0.5 * w * sin(pi * x) / (pi * x));
    }
    for (int i = 0; i < 32; i++)
        for (int k = 0; k < 64; k++)
            Mq[i][k] = (int)lround(16384.0 * cos((2 * i + 1) * (k - 16) * pi / 64.0));
    for (int c = 0; c < NCH; c++) {
        double f1 = 0.011 + 0.003 * c, f2 = 0.137 + 0.019 * c, f3 = 0.41 - 0.023 * c;
        for (long n = 0; n < NSAMP; n++) {
            double env = 0.6 + 0.4 * sin(2.0 * pi * n / 96000.0 + c);
            double v = env * (12000.0 * sin(2.0 * pi * f1 * n) + 6000.0 * sin(2.0 * pi * f2 * n + 1.0)
                              + 3000.0 * sin(2.0 * pi * f3 * n + 2.0))
                       + (double)((n * 7919 + c * 104729) % 2001 - 1000);
            X[c][n] = (int)v;
        }
        for (int k = 0; k < 64; k++)
            Y[c][k] = 0;
    }

    analysis();

    double sum = 0.0;
    for (int c = 0; c < NCH; c++) {
        for (int g = 0; g < NGR; g++)
            for (int i = 0; i < 32; i++)
                sum += (double)S[c][g][i] * (double)(1 + (c + 3 * g + 5 * i) % 7);
        for (int b = 0; b < NBLK; b++)
            for (int i = 0; i < 32; i++)
                sum += (double)Sf[c][b][i] * (double)(1 + (b + i) % 5);
    }
    printf("%.10e\n", sum);
    return 0;
}
