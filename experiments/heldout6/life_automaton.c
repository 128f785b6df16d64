/* Conway's Game of Life (cellular automata / artificial life) on a bounded board whose
 * frame of dead cells never changes: each generation counts the eight neighbours of
 * every interior cell into a block-local integer and applies the birth / survival rule
 * by nested ternaries. Ping-pong between two boards, two generations per step. Global
 * byte arrays. */
#include <stdio.h>

#ifndef N
#define N 4000
#endif
#ifndef STEPS
#define STEPS 50
#endif

static unsigned char A[N][N], B[N][N];

static void life(void)
{
    int t, i, j;
#pragma scop
    for (t = 0; t < STEPS; t++) {
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++) {
                int n = A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1]
                      + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1];
                B[i][j] = n == 3 ? 1 : (n == 2 ? A[i][j] : 0);
            }
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++) {
                int n = B[i - 1][j - 1] + B[i - 1][j] + B[i - 1][j + 1] + B[i][j - 1]
                      + B[i][j + 1] + B[i + 1][j - 1] + B[i + 1][j] + B[i + 1][j + 1];
                A[i][j] = n == 3 ? 1 : (n == 2 ? B[i][j] : 0);
            }
    }
#pragma endscop
}

int main(void)
{
    /* about a third of the interior alive, in an irregular pattern; the frame dead */
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int inside = i > 0 && i < N - 1 && j > 0 && j < N - 1;
            A[i][j] = inside && (i * 37 + j * 91 + (i / 7) * (j / 5)) % 11 < 4 ? 1 : 0;
            B[i][j] = 0;
        }

    life();

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += (double)A[i][j] * (double)(1 + (i + 7 * j) % 13);
    printf("%.10e\n", sum);
    return 0;
}
