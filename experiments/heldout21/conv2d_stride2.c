/* A strided 2-D convolution layer (a downsampling block of an image network): every
 * output channel co at (y, x) sums w[co][ci][ky][kx] * in[ci][2y + ky][2x + kx] over
 * the input channels and a 3 x 3 window at stride 2, plus the channel's bias; then a
 * leaky rectifier (ternary) in place. Single precision; the data are multiples of 1/8
 * and 1/16 in small ranges, so the sums are exact in float whatever the order. Global
 * arrays, sizes are #defines. Two nests, 3 statements. */
#include <stdio.h>

#ifndef CI
#define CI 64
#endif
#ifndef CO
#define CO 96
#endif
#ifndef H
#define H 512
#endif
#ifndef W
#define W 512
#endif
#define HO ((H - 3) / 2 + 1)
#define WO ((W - 3) / 2 + 1)

static float in[CI][H][W];
static float wt[CO][CI][3][3];
static float bias[CO];
static float out[CO][HO][WO];

static void conv_s2(void)
{
    int co, ci, y, x, ky, kx;
#pragma scop
    for (co = 0; co < CO; co++)
        for (y = 0; y < HO; y++)
            for (x = 0; x < WO; x++)
                out[co][y][x] = bias[co];
    for (co = 0; co < CO; co++)
        for (ci = 0; ci < CI; ci++)
            for (y = 0; y < HO; y++)
                for (x = 0; x < WO; x++)
                    for (ky = 0; ky < 3; ky++)
                        for (kx = 0; kx < 3; kx++)
                            out[co][y][x] += wt[co][ci][ky][kx] * in[ci][2 * y + ky][2 * x + kx];
    for (co = 0; co < CO; co++)
        for (y = 0; y < HO; y++)
            for (x = 0; x < WO; x++)
                out[co][y][x] = out[co][y][x] > 0.0f ? out[co][y][x] : 0.125f * out[co][y][x];
#pragma endscop
}

int main(void)
{
    for (int c = 0; c < CI; c++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                in[c][y][x] = (float)((c * 7 + y * 3 + x * 5 + (x * y) % 7) % 15 - 7) / 8.0f;
    for (int o = 0; o < CO; o++)
        for (int c = 0; c < CI; c++)
            for (int ky = 0; ky < 3; ky++)
                for (int kx = 0; kx < 3; kx++)
                    wt[o][c][ky][kx] = (float)((o * 3 + c * 5 + ky * 7 + kx * 11) % 9 - 4) / 16.0f;
    for (int o = 0; o < CO; o++)
        bias[o] = (float)(o % 5 - 2) / 4.0f;
    conv_s2();
    double cs = 0.0;
    for (int o = 0; o < CO; o++)
        for (int y = 0; y < HO; y++)
            for (int x = 0; x < WO; x++)
                cs += (double)out[o][y][x] * (double)((o * 11 + y * 3 + x) % 97 + 1);
    printf("%.10e\n", cs);
    return 0;
}
