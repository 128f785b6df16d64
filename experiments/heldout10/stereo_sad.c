/* Computer vision: dense disparity map of a rectified stereo pair by block matching.
 * For every pixel of the left image far enough from the borders, every candidate
 * disparity d = 0 .. ND - 1 is scored by the sum of absolute differences between the
 * (2 HW + 1)^2 window around it and the window d pixels to the left in the right image
 * (absolute value by a ternary, block-local integer accumulators); winner-takes-all:
 * the best cost and its disparity are kept by ternaries and the disparity stored.
 * 8-bit images, integer costs, sizes as macros, heap arrays. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef H
#define H 480
#endif
#ifndef W
#define W 640
#endif
#ifndef ND
#define ND 64
#endif
#ifndef HW
#define HW 3
#endif

static void block_match(unsigned char (*restrict Lf)[W], unsigned char (*restrict Rt)[W],
                        int (*restrict Disp)[W])
{
    int i, j, d, di, dj;
#pragma scop
    for (i = HW; i < H - HW; i++)
        for (j = HW + ND - 1; j < W - HW; j++) {
            int best = 1 << 30;
            int bd = 0;
            for (d = 0; d < ND; d++) {
                int c = 0;
                for (di = 0; di <= 2 * HW; di++)
                    for (dj = 0; dj <= 2 * HW; dj++) {
                        int e = Lf[i + di - HW][j + dj - HW] - Rt[i + di - HW][j + dj - HW - d];
                        c += e > 0 ? e : -e;
                    }
                bd = c < best ? d : bd;
                best = c < best ? c : best;
            }
            Disp[i][j] = bd;
        }
#pragma endscop
}

int main(void)
{
    unsigned char (*Lf)[W] = malloc(sizeof(unsigned char[H][W]));
    unsigned char (*Rt)[W] = malloc(sizeof(unsigned char[H][W]));
    int (*Disp)[W] = malloc(sizeof(int[H][W]));
    if (!Lf || !Rt || !Disp)
        return 1;
    /* a textured scene of slanted planes: the right image sees the texture shifted by
     * a disparity of 4 to about 40 pixels that grows towards the bottom (ground plane)
     * and jumps on two fronto-parallel boxes; grey levels 10 to 245 */
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++) {
            int disp = 4 + (int)(30.0 * i / H);
            if (i > H / 4 && i < H / 2 && j > W / 5 && j < W / 2)
                disp = 28;
            if (i > H / 3 && i < 3 * H / 4 && j > 3 * W / 5 && j < 4 * W / 5)
                disp = 40 < ND - 1 ? 40 : ND - 1;
            for (int side = 0; side < 2; side++) {
                double x = side == 0 ? (double)j : (double)(j + disp);
                double v = 128.0 + 60.0 * sin(0.31 * x + 0.07 * i) * cos(0.23 * i - 0.05 * x)
                         + 45.0 * (double)(((int)x * 31 + i * 17) % 13 - 6) / 6.0;
                unsigned char g = (unsigned char)(v < 10.0 ? 10.0 : v > 245.0 ? 245.0 : v);
                if (side == 0)
                    Lf[i][j] = g;
                else
                    Rt[i][j] = g;
            }
            Disp[i][j] = 0;
        }

    block_match(Lf, Rt, Disp);

    double sum = 0.0;
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++)
            sum += (double)Disp[i][j] * (double)(1 + (i + 3 * j) % 7);
    printf("%.10e\n", sum);
    free(Lf); free(Rt); free(Disp);
    return 0;
}
