/* Column-wise running totals of an event-count table, as a log-analytics or census tool
 * keeps them: T[i][j] = T[i-1][j] + E[i][j] down every column (a recurrence on i,
 * independent columns), then each column's share per row in parts per million of the
 * column's total (integer division guarded by a ternary for an empty column), and the
 * first row where each column passes half its total (a min by ternary). 64-bit
 * integers. Sizes are parameters (VLA), local int variables. Three nests, 5 statements. */
#include <stdio.h>
#include <stdlib.h>

static void running_totals(int nr, int nc, long long E[nr][nc], long long T[nr][nc],
                           long long P[nr][nc], int half[nc])
{
    int i, j;
#pragma scop
    for (j = 0; j < nc; j++)
        T[0][j] = E[0][j];
    for (i = 1; i < nr; i++)
        for (j = 0; j < nc; j++)
            T[i][j] = T[i - 1][j] + E[i][j];
    for (i = 0; i < nr; i++)
        for (j = 0; j < nc; j++)
            P[i][j] = T[nr - 1][j] > 0 ? T[i][j] * 1000000 / T[nr - 1][j] : 0;
    for (j = 0; j < nc; j++)
        half[j] = nr;
    for (i = 0; i < nr; i++)
        for (j = 0; j < nc; j++)
            half[j] = 2 * T[i][j] >= T[nr - 1][j] && i < half[j] ? i : half[j];
#pragma endscop
}

int main(void)
{
    int nr = 4800, nc = 4096;
    long long (*E)[nc] = malloc(sizeof(long long) * (size_t)nr * nc);
    long long (*T)[nc] = malloc(sizeof(long long) * (size_t)nr * nc);
    long long (*P)[nc] = malloc(sizeof(long long) * (size_t)nr * nc);
    int *half = malloc(sizeof(int) * nc);
    if (!E || !T || !P || !half)
        return 1;
    for (int i = 0; i < nr; i++)
        for (int j = 0; j < nc; j++)
            E[i][j] = (i * 31 + j * 17 + (i * j) % 11) % 23 > 15 ? (i * 7 + j) % 9 : 0;
    running_totals(nr, nc, E, T, P, half);
    long long cs = 0;
    for (int i = 0; i < nr; i++)
        for (int j = 0; j < nc; j++)
            cs += P[i][j] * ((i * 5 + j * 3) % 61 + 1);
    for (int j = 0; j < nc; j++)
        cs += (long long)half[j] * (j % 7 + 1);
    printf("%lld\n", cs);
    free(E);
    free(T);
    free(P);
    free(half);
    return 0;
}
