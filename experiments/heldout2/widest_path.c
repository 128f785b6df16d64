/* Widest (maximum-bottleneck) paths between all pairs of nodes of a capacity
 * network: relaxation through each intermediate node in turn, the capacity of a path
 * being its narrowest link (max of min, written with ternaries). */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 1100
#endif

static double Cap[N][N];

static void widest(void)
{
    int k, i, j;
#pragma scop
    for (k = 0; k < N; k++)
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                double via = Cap[i][k] < Cap[k][j] ? Cap[i][k] : Cap[k][j];
                Cap[i][j] = Cap[i][j] > via ? Cap[i][j] : via;
            }
#pragma endscop
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int h = (i * 37 + j * 101) % 97;
            Cap[i][j] = (i == j) ? 1e9 : (h < 20 ? (double)(h + 1) * 1.5 : 0.0);
        }

    widest();

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            if (i != j)
                sum += Cap[i][j] * (1 + (i * 3 + j) % 5);
    printf("%.10e\n", sum);
    return 0;
}
