/* One block of a mobile convolutional network (MobileNet / EfficientNet style) at
 * inference: a 5x5 depthwise convolution of every channel of a feature map with a
 * two-pixel zero frame (block-local accumulator starting from the channel's bias),
 * clipped to [0, 6] by ternaries (ReLU6), then 2x2 max pooling with stride 2 (maximum
 * by ternary into a block-local scalar, reads at 2 * i + di, 2 * j + dj). The pooled
 * size is passed, the full-size map being twice it in each direction. Sizes are
 * arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NCH
#define NCH 48
#endif
#ifndef OH
#define OH 512
#endif
#ifndef OW
#define OW 512
#endif

static void dw_block(int nc, int oh, int ow, const float In[restrict nc][2 * oh + 4][2 * ow + 4],
                     const float Wt[restrict nc][5][5], const float bias[restrict nc],
                     float T[restrict nc][2 * oh][2 * ow], float Out[restrict nc][oh][ow])
{
    int c, i, j, di, dj;
#pragma scop
    for (c = 0; c < nc; c++)
        for (i = 0; i < 2 * oh; i++)
            for (j = 0; j < 2 * ow; j++) {
                float acc = bias[c];
                for (di = 0; di < 5; di++)
                    for (dj = 0; dj < 5; dj++)
                        acc += Wt[c][di][dj] * In[c][i + di][j + dj];
                T[c][i][j] = acc < 0.0f ? 0.0f : (acc > 6.0f ? 6.0f : acc);
            }
    for (c = 0; c < nc; c++)
        for (i = 0; i < oh; i++)
            for (j = 0; j < ow; j++) {
                float m = T[c][2 * i][2 * j];
                for (di = 0; di < 2; di++)
                    for (dj = 0; dj < 2; dj++)
                        m = T[c][2 * i + di][2 * j + dj] > m ? T[c][2 * i + di][2 * j + dj] : m;
                Out[c][i][j] = m;
            }
#pragma endscop
}

int main(void)
{
    int nc = NCH, oh = OH, ow = OW;
    float (*In)[2 * oh + 4][2 * ow + 4] = malloc(sizeof(float[nc][2 * oh + 4][2 * ow + 4]));
    float (*Wt)[5][5] = malloc(sizeof(float[nc][5][5]));
    float *bias = malloc(sizeof(float[nc]));
    float (*T)[2 * oh][2 * ow] = malloc(sizeof(float[nc][2 * oh][2 * ow]));
    float (*Out)[oh][ow] = malloc(sizeof(float[nc][oh][ow]));
    if (!In || !Wt || !bias || !T || !Out)
        return 1;
    /* activations in [0.1, 1.1], raised by 1 on one in eight of the 16x16 patches,
     * inside the zero frame; each channel has 24 taps in [0.1, 0.22] and a negative
     * centre tap, the bias in [-2, 1]: about 6 % of the outputs are clipped at 0 and
     * 2 % at 6, the rest pass through */
    for (int c = 0; c < nc; c++) {
        bias[c] = -2.0f + 0.5f * (float)(c % 7);
        for (int di = 0; di < 5; di++)
            for (int dj = 0; dj < 5; dj++)
                Wt[c][di][dj] = (di == 2 && dj == 2)
                    ? -0.4f + 0.1f * (float)(c % 3)
                    : 0.1f + 0.02f * (float)((c + 5 * di + dj) % 7);
        for (int i = 0; i < 2 * oh + 4; i++)
            for (int j = 0; j < 2 * ow + 4; j++)
                In[c][i][j] = (i < 2 || j < 2 || i >= 2 * oh + 2 || j >= 2 * ow + 2)
                    ? 0.0f
                    : 0.1f + (float)((i * 31 + j * 17 + c * 7) & 127) / 128.0f
                      + ((((i >> 4) + (j >> 4) + c) & 7) == 0 ? 1.0f : 0.0f);
    }

    dw_block(nc, oh, ow, In, Wt, bias, T, Out);

    double sum = 0.0;
    for (int c = 0; c < nc; c++)
        for (int i = 0; i < oh; i++)
            for (int j = 0; j < ow; j++)
                sum += (double)Out[c][i][j] * (double)(1 + (c + 2 * i + 3 * j) % 7);
    for (int c = 0; c < nc; c++)
        for (int i = 0; i < 2 * oh; i += 7)
            for (int j = 0; j < 2 * ow; j++)
                sum += 1e-2 * (double)T[c][i][j] * (double)(1 + (i + j) % 5);
    printf("%.10e\n", sum);
    free(In); free(Wt); free(bias); free(T); free(Out);
    return 0;
}
