/* Distance map of an occupancy grid for robot path planning: the 3-4 chamfer distance
 * transform (Borgefors) of the obstacle cells, by a forward raster pass (neighbours
 * above and to the left) and a backward pass (below and to the right), each cell
 * taking the minimum of itself and its four already visited neighbours plus 3
 * (straight) or 4 (diagonal). Minima by ternaries into block-local scalars; the grid
 * has a one-cell frame that stays at the initial "far" value. Heap array of fixed size. */
#include <stdio.h>
#include <stdlib.h>

#ifndef H
#define H 8000
#endif
#ifndef W
#define W 8000
#endif
#define FAR (1 << 24)

static void chamfer(int (*restrict D)[W + 2])
{
    int i, j;
#pragma scop
    for (i = 1; i <= H; i++)
        for (j = 1; j <= W; j++) {
            int a = D[i - 1][j - 1] < D[i - 1][j + 1] ? D[i - 1][j - 1] + 4 : D[i - 1][j + 1] + 4;
            int b = D[i - 1][j] < D[i][j - 1] ? D[i - 1][j] + 3 : D[i][j - 1] + 3;
            D[i][j] = a < b ? (a < D[i][j] ? a : D[i][j]) : (b < D[i][j] ? b : D[i][j]);
        }
    for (i = H; i >= 1; i--)
        for (j = W; j >= 1; j--) {
            int a = D[i + 1][j + 1] < D[i + 1][j - 1] ? D[i + 1][j + 1] + 4 : D[i + 1][j - 1] + 4;
            int b = D[i + 1][j] < D[i][j + 1] ? D[i + 1][j] + 3 : D[i][j + 1] + 3;
            D[i][j] = a < b ? (a < D[i][j] ? a : D[i][j]) : (b < D[i][j] ? b : D[i][j]);
        }
#pragma endscop
}

int main(void)
{
    int (*D)[W + 2] = malloc(sizeof(int[H + 2][W + 2]));
    if (!D)
        return 1;
    /* obstacles: scattered single cells plus wall segments; every free cell is within
     * a few hundred cells of one, so no distance comes near FAR */
    for (int i = 0; i < H + 2; i++)
        for (int j = 0; j < W + 2; j++) {
            int inside = i >= 1 && i <= H && j >= 1 && j <= W;
            int occupied = (i * 7 + j * 13) % 1021 == 0
                        || (i % 400 == 137 && j % 530 < 300)
                        || (j % 610 == 211 && i % 450 < 250);
            D[i][j] = inside && occupied ? 0 : FAR;
        }

    chamfer(D);

    double sum = 0.0;
    for (int i = 1; i <= H; i++)
        for (int j = 1; j <= W; j++)
            sum += (double)D[i][j] * (double)(1 + (i + 3 * j) % 7);
    printf("%.10e\n", sum);
    free(D);
    return 0;
}
