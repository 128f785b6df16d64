/* Reachability in a directed graph: the transitive closure of its boolean adjacency
 * matrix (one byte per entry) by Warshall's algorithm, in place, with the intermediate
 * vertex k outermost. */
#include <stdio.h>

#ifndef N
#define N 1024
#endif

static unsigned char Reach[N][N];

static void closure(void)
{
    int i, j, k;
#pragma scop
    for (k = 0; k < N; k++)
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                Reach[i][j] = Reach[i][j] | (Reach[i][k] & Reach[k][j]);
#pragma endscop
}

int main(void)
{
    /* a chain of links broken every 61 vertices, some skips of three, and a few
     * backward links, so that the closure fills in gradually */
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int e = 0;
            if (j == i + 1 && i % 61 != 60)
                e = 1;
            if (j == i + 3 && i % 5 == 0)
                e = 1;
            if (j < i && (i * 31 + j * 17) % 1999 == 0)
                e = 1;
            Reach[i][j] = (unsigned char)e;
        }

    closure();

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += (double)Reach[i][j] * (double)(1 + (i * 7 + j) % 13);
    printf("%.10e\n", sum);
    return 0;
}
