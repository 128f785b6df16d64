/*
 * pathfinder.c - minimum-cost path from the top row to the bottom row
 * of a grid, moving straight down or diagonally
 * (in the style of the CPU version of Rodinia "pathfinder").
 *
 * The wall of costs is one malloc'ed block indexed as
 * wall[r * cols + c]; src/dst hold the best cost of the previous and the
 * current row.  The neighbours of column n are clamped to n itself at
 * the edges with ternaries on the iterator, and the local named min
 * keeps the smallest of the three with ternaries.  dst is copied back
 * into src by a second loop nest inside the row loop.
 *
 *   -DLARGE_SIZES, or -DROWS=.. -DCOLS=..
 */
#include <stdio.h>
#include <stdlib.h>

#ifdef LARGE_SIZES
#ifndef ROWS
#define ROWS 1500
#endif
#ifndef COLS
#define COLS 100000
#endif
#endif

#ifndef ROWS
#define ROWS 100
#endif
#ifndef COLS
#define COLS 1000
#endif

void pathfinder(const int *wall, int *src, int *dst, int rows, int cols)
{
    int t, n;

#pragma scop
    for (t = 0; t < rows - 1; t++) {
        for (n = 0; n < cols; n++) {
            int left = n > 0 ? n - 1 : n;
            int right = n < cols - 1 ? n + 1 : n;
            int min = src[n];
            min = src[left] < min ? src[left] : min;
            min = src[right] < min ? src[right] : min;
            dst[n] = wall[(t + 1) * cols + n] + min;
        }
        for (n = 0; n < cols; n++)
            src[n] = dst[n];
    }
#pragma endscop
}

int main(void)
{
    int rows = ROWS, cols = COLS;
    int r, c;
    int *wall = malloc(sizeof(int) * (size_t)rows * cols);
    int *src = malloc(sizeof(int) * (size_t)cols);
    int *dst = malloc(sizeof(int) * (size_t)cols);
    if (!wall || !src || !dst) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }

    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            wall[(size_t)r * cols + c] = (r * 37 + c * 101 + (r * c) % 7) % 10;
    for (c = 0; c < cols; c++) {
        src[c] = wall[c];
        dst[c] = 0;
    }

    pathfinder(wall, src, dst, rows, cols);

    long sum = 0;
    for (c = 0; c < cols; c++)
        sum += (long)src[c] * (c % 9 + 1);
    printf("%ld\n", sum);

    free(wall);
    free(src);
    free(dst);
    return 0;
}
