/* Morphological opening of a grey-level image with a 5x5 square structuring element,
 * to remove bright specks smaller than the element: an erosion (window minimum) into a
 * temporary image, then a dilation (window maximum) of it back into the image. Only
 * pixels whose windows lie inside the valid part are computed; the rest keep their
 * values. */
#include <stdio.h>

#ifndef H
#define H 4800
#endif
#ifndef W
#define W 6400
#endif

static int Img[H][W], Ero[H][W];

static void opening(void)
{
    int i, j, di, dj;
#pragma scop
    for (i = 2; i < H - 2; i++)
        for (j = 2; j < W - 2; j++) {
            int lo = Img[i][j];
            for (di = -2; di <= 2; di++)
                for (dj = -2; dj <= 2; dj++)
                    lo = Img[i + di][j + dj] < lo ? Img[i + di][j + dj] : lo;
            Ero[i][j] = lo;
        }
    for (i = 4; i < H - 4; i++)
        for (j = 4; j < W - 4; j++) {
            int hi = Ero[i][j];
            for (di = -2; di <= 2; di++)
                for (dj = -2; dj <= 2; dj++)
                    hi = Ero[i + di][j + dj] > hi ? Ero[i + di][j + dj] : hi;
            Img[i][j] = hi;
        }
#pragma endscop
}

int main(void)
{
    /* blocky shapes over a ramp, with isolated bright specks */
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++) {
            int v = ((i / 24 + j / 40) % 3) * 60 + (i + j) % 50 + (i * 31 + j * 17) % 23;
            if ((i * 13 + j * 29) % 101 == 0)
                v = 255;
            Img[i][j] = v;
            Ero[i][j] = 0;
        }

    opening();

    double sum = 0.0;
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++)
            sum += (double)Img[i][j] * (double)(1 + (i * 7 + j) % 13);
    printf("%.10e\n", sum);
    return 0;
}
