/* Floyd-Warshall all-pairs shortest paths on doubles, ternary min in the body. */
#include <stdio.h>

#define N 70

static double path[N][N];

int main(void)
{
    int i, j, k;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            path[i][j] = (double)(i * j % 7 + 1);
            if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
                path[i][j] = 999.0;
        }

#pragma scop
    for (k = 0; k < N; k++)
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                path[i][j] = path[i][j] < path[i][k] + path[k][j]
                                 ? path[i][j]
                                 : path[i][k] + path[k][j];
#pragma endscop

    double sum = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            sum += path[i][j];
    printf("%.10e\n", sum);
    printf("%.10e %.10e\n", path[0][N - 1], path[N - 1][3]);
    return 0;
}
