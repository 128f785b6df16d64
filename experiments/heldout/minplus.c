/* All-pairs shortest paths by repeated min-plus squaring of an integer distance matrix
 * (D <- D (x) D, log2(N) rounds), the way a graph-analytics code writes it. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 1280
#endif
#ifndef ROUNDS
#define ROUNDS 4
#endif
#define INF 1000000

static int D[N][N], E[N][N];

static void closure(void)
{
    int r, i, j, k;
#pragma scop
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                int m = D[i][j];
                for (k = 0; k < N; k++)
                    m = m < D[i][k] + D[k][j] ? m : D[i][k] + D[k][j];
                E[i][j] = m;
            }
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                D[i][j] = E[i][j];
    }
#pragma endscop
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            if (i == j)
                D[i][j] = 0;
            else if ((i * 7 + j * 3) % 13 < 3)
                D[i][j] = 1 + (i * 5 + j * 11) % 97;
            else
                D[i][j] = INF;
        }

    closure();

    long long sum = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += (long long)(D[i][j] < INF ? D[i][j] : -1) * (1 + (i + 3 * j) % 7);
    printf("%.10e\n", (double)sum);
    return 0;
}
