/* Batched 2-D convolution layer of a small neural network: every image of a batch,
 * every output channel, stride 1, valid padding (output (h - K + 1) x (w - K + 1)),
 * a 5 x 5 kernel over all input channels, bias and a leaky ReLU by a ternary; the
 * accumulation is block-local. Single precision, sizes are arguments passed directly
 * from macros (VLA parameters). */
#include <stdio.h>
#include <stdlib.h>

#ifndef NBATCH
#define NBATCH 8
#endif
#ifndef NCOUT
#define NCOUT 40
#endif
#ifndef NCIN
#define NCIN 12
#endif
#ifndef HGT
#define HGT 68
#endif
#ifndef WID
#define WID 84
#endif
#ifndef KS
#define KS 5
#endif

static void conv_layer(int nb, int co, int ci, int h, int w, int k, const float In[restrict nb][ci][h][w],
                       const float Wt[restrict co][ci][k][k], const float Bias[restrict co],
                       float Out[restrict nb][co][h - k + 1][w - k + 1])
{
    int b, o, c, y, x, p, q;
#pragma scop
    for (b = 0; b < nb; b++)
        for (o = 0; o < co; o++)
            for (y = 0; y <= h - k; y++)
                for (x = 0; x <= w - k; x++) {
                    float acc = Bias[o];
                    for (c = 0; c < ci; c++)
                        for (p = 0; p < k; p++)
                            for (q = 0; q < k; q++)
                                acc += Wt[o][c][p][q] * In[b][c][y + p][x + q];
                    Out[b][o][y][x] = acc > 0.0f ? acc : 0.1f * acc;
                }
#pragma endscop
}

int main(void)
{
    float (*In)[NCIN][HGT][WID] = malloc(sizeof(float[NBATCH][NCIN][HGT][WID]));
    float (*Wt)[NCIN][KS][KS] = malloc(sizeof(float[NCOUT][NCIN][KS][KS]));
    float *Bias = malloc(sizeof(float[NCOUT]));
    float (*Out)[NCOUT][HGT - KS + 1][WID - KS + 1] = malloc(sizeof(float[NBATCH][NCOUT][HGT - KS + 1][WID - KS + 1]));
    if (!In || !Wt || !Bias || !Out)
        return 1;
    for (int b = 0; b < NBATCH; b++)
        for (int c = 0; c < NCIN; c++)
            for (int y = 0; y < HGT; y++)
                for (int x = 0; x < WID; x++)
                    In[b][c][y][x] = (float)((b * 5 + c * 7 + y * 3 + x * 11) % 29) / 29.0f + 0.05f;
    for (int o = 0; o < NCOUT; o++) {
        Bias[o] = 0.2f * (float)(o % 5) - 0.5f;
        for (int c = 0; c < NCIN; c++)
            for (int p = 0; p < KS; p++)
                for (int q = 0; q < KS; q++)
                    Wt[o][c][p][q] = ((float)((o * 13 + c * 3 + p * 7 + q * 5) % 17) / 17.0f - 0.3f) / (float)(NCIN * KS);
    }
    for (int b = 0; b < NBATCH; b++)
        for (int o = 0; o < NCOUT; o++)
            for (int y = 0; y <= HGT - KS; y++)
                for (int x = 0; x <= WID - KS; x++)
                    Out[b][o][y][x] = 0.0f;

    conv_layer(NBATCH, NCOUT, NCIN, HGT, WID, KS, In, Wt, Bias, Out);

    double sum = 0.0;
    for (int b = 0; b < NBATCH; b++)
        for (int o = 0; o < NCOUT; o++)
            for (int y = 0; y <= HGT - KS; y++)
                for (int x = 0; x <= WID - KS; x++)
                    sum += (double)Out[b][o][y][x] * (double)(1 + (b + 3 * o + 5 * y + x) % 9);
    printf("%.10e\n", sum);
    free(In); free(Wt); free(Bias); free(Out);
    return 0;
}
