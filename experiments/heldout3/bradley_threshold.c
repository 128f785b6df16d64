/* Adaptive (Bradley-Roth) binarisation of a grey image: the integral image (summed-area
 * table) by a running sum along each row and then down each column, and every interior
 * pixel set to 0 or 255 by comparing it, in integer arithmetic, with its local
 * (2 RAD + 1)^2 mean taken from four corners of the table, less PCT percent. */
#include <stdio.h>
#include <stdlib.h>

#ifndef H
#define H 8000
#endif
#ifndef W
#define W 8000
#endif
#ifndef RAD
#define RAD 15
#endif
#ifndef PCT
#define PCT 12
#endif
#define AREA ((2 * RAD + 1) * (2 * RAD + 1))

static void binarise(const int I[restrict H][W], int S[restrict H + 1][W + 1],
                     int B[restrict H - 2 * RAD][W - 2 * RAD])
{
    int i, j;
#pragma scop
    for (i = 0; i < H; i++)
        for (j = 0; j < W; j++)
            S[i + 1][j + 1] = S[i + 1][j] + I[i][j];
    for (i = 2; i <= H; i++)
        for (j = 1; j <= W; j++)
            S[i][j] += S[i - 1][j];
    for (i = 0; i < H - 2 * RAD; i++)
        for (j = 0; j < W - 2 * RAD; j++)
            B[i][j] = I[i + RAD][j + RAD] * AREA * 100
                          <= (S[i + 2 * RAD + 1][j + 2 * RAD + 1] - S[i][j + 2 * RAD + 1]
                              - S[i + 2 * RAD + 1][j] + S[i][j]) * (100 - PCT)
                      ? 0 : 255;
#pragma endscop
}

int main(void)
{
    int (*I)[W] = malloc(sizeof(int[H][W]));
    int (*S)[W + 1] = calloc(H + 1, sizeof(int[W + 1]));
    int (*B)[W - 2 * RAD] = malloc(sizeof(int[H - 2 * RAD][W - 2 * RAD]));
    if (!I || !S || !B)
        return 1;
    /* 4-bit grey levels: a slow illumination gradient plus text-like stripes */
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++)
            I[i][j] = (i / 600 + j / 750) + ((i * 5 + j * 3) % 7 < 2 ? 0 : 6);

    binarise(I, S, B);

    double sum = 0.0;
    for (int i = 0; i < H - 2 * RAD; i++)
        for (int j = 0; j < W - 2 * RAD; j++)
            sum += (double)B[i][j] * (double)(1 + (i * 3 + j) % 11);
    for (int i = 1; i <= H; i += 37)
        for (int j = 1; j <= W; j += 41)
            sum += 1e-6 * (double)S[i][j];
    printf("%.10e\n", sum);
    free(I); free(S); free(B);
    return 0;
}
