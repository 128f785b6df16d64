/* 2-D correlation of 8-bit video frames with a 7 x 7 integer mask (a fixed-point
 * sharpening / smoothing filter): per frame the frame is copied into a padded int
 * workspace with a 3-pixel border, the border filled by replicating the edge columns
 * and then the edge rows (constant subscripts 3, w + 2, h + 2), the 49-tap integer
 * correlation over the padded frame (block-local int accumulator), the result rounded
 * by a shift and clamped to 0..255 by ternaries. Integer arithmetic throughout, sizes
 * are arguments passed directly from macros (VLA parameters). */
#include <stdio.h>
#include <stdlib.h>

#ifndef NFRAME
#define NFRAME 60
#endif
#ifndef HGT
#define HGT 1080
#endif
#ifndef WID
#define WID 1920
#endif

static void corr7(int nf, int h, int w, const unsigned char In[restrict nf][h][w],
                  const int Mask[restrict 7][7], int P[restrict h + 6][w + 6],
                  unsigned char Out[restrict nf][h][w])
{
    int f, y, x, p, q;
#pragma scop
    for (f = 0; f < nf; f++) {
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++)
                P[y + 3][x + 3] = In[f][y][x];
        for (y = 3; y < h + 3; y++)
            for (x = 0; x < 3; x++) {
                P[y][x] = P[y][3];
                P[y][w + 3 + x] = P[y][w + 2];
            }
        for (y = 0; y < 3; y++)
            for (x = 0; x < w + 6; x++) {
                P[y][x] = P[3][x];
                P[h + 3 + y][x] = P[h + 2][x];
            }
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) {
                int acc = 0;
                for (p = 0; p < 7; p++)
                    for (q = 0; q < 7; q++)
                        acc += Mask[p][q] * P[y + p][x + q];
                acc = (acc + 2048) >> 12;
                Out[f][y][x] = acc < 0 ? 0 : (acc > 255 ? 255 : acc);
            }
    }
#pragma endscop
}

int main(void)
{
    unsigned char (*In)[HGT][WID] = malloc(sizeof(unsigned char[NFRAME][HGT][WID]));
    unsigned char (*Out)[HGT][WID] = malloc(sizeof(unsigned char[NFRAME][HGT][WID]));
    int (*P)[WID + 6] = malloc(sizeof(int[HGT + 6][WID + 6]));
    int Mask[7][7];
    if (!In || !Out || !P)
        return 1;
    for (int f = 0; f < NFRAME; f++)
        for (int y = 0; y < HGT; y++)
            for (int x = 0; x < WID; x++) {
                In[f][y][x] = (unsigned char)((x * 3 + y * 5 + f * 17 + (x * y) % 23) % 256);
                Out[f][y][x] = 0;
            }
    /* a sharpening mask: a centre-heavy positive core and a negative ring, sum 4096 */
    int tot = 0;
    for (int p = 0; p < 7; p++)
        for (int q = 0; q < 7; q++) {
            int d = (p > 3 ? p - 3 : 3 - p) + (q > 3 ? q - 3 : 3 - q);
            Mask[p][q] = d <= 1 ? 900 : (d <= 3 ? -40 - 5 * ((p + q) % 3) : 12);
            tot += Mask[p][q];
        }
    Mask[3][3] += 4096 - tot;
    for (int y = 0; y < HGT + 6; y++)
        for (int x = 0; x < WID + 6; x++)
            P[y][x] = 0;

    corr7(NFRAME, HGT, WID, In, Mask, P, Out);

    double sum = 0.0;
    for (int f = 0; f < NFRAME; f++)
        for (int y = 0; y < HGT; y++)
            for (int x = 0; x < WID; x++)
                sum += (double)Out[f][y][x] * (double)(1 + (f + 3 * y + 5 * x) % 9);
    for (int y = 0; y < HGT + 6; y++)
        for (int x = 0; x < WID + 6; x++)
            sum += 0.01 * (double)P[y][x] * (double)(1 + (y + x) % 4);
    printf("%.10e\n", sum);
    free(In); free(Out); free(P);
    return 0;
}
