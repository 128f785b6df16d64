/* Longest common subsequence lengths for a batch of string pairs (e.g. sequence reads
 * against references over a four-letter alphabet) by dynamic programming with two
 * rows per pair: the current row from the previous one and its own left neighbour
 * (match by a ternary, maximum by a ternary), then copied back into the previous row;
 * per pair the length and the number of rows on which the table grew. Integer,
 * sizes are arguments passed through local int variables (VLA parameters). */
#include <stdio.h>
#include <stdlib.h>

#ifndef NPAIR
#define NPAIR 960
#endif
#ifndef LEN1
#define LEN1 520
#endif
#ifndef LEN2
#define LEN2 480
#endif

static void lcs_batch(int np, int n, int m, const int S1[restrict np][n], const int S2[restrict np][m],
                      int Prev[restrict np][m + 1], int Cur[restrict np][m + 1], int Len[restrict np],
                      int Grow[restrict np])
{
    int p, i, j;
#pragma scop
    for (p = 0; p < np; p++) {
        Grow[p] = 0;
        for (i = 1; i <= n; i++) {
            for (j = 1; j <= m; j++)
                Cur[p][j] = S1[p][i - 1] == S2[p][j - 1] ? Prev[p][j - 1] + 1
                            : (Prev[p][j] > Cur[p][j - 1] ? Prev[p][j] : Cur[p][j - 1]);
            Grow[p] += Cur[p][m] > Prev[p][m] ? 1 : 0;
            for (j = 1; j <= m; j++)
                Prev[p][j] = Cur[p][j];
        }
        Len[p] = Prev[p][m];
    }
#pragma endscop
}

int main(void)
{
    int np = NPAIR, n = LEN1, m = LEN2;
    int (*S1)[LEN1] = malloc(sizeof(int[NPAIR][LEN1])), (*S2)[LEN2] = malloc(sizeof(int[NPAIR][LEN2]));
    int (*Prev)[LEN2 + 1] = malloc(sizeof(int[NPAIR][LEN2 + 1])), (*Cur)[LEN2 + 1] = malloc(sizeof(int[NPAIR][LEN2 + 1]));
    int *Len = malloc(sizeof(int[NPAIR])), *Grow = malloc(sizeof(int[NPAIR]));
    if (!S1 || !S2 || !Prev || !Cur || !Len || !Grow)
        return 1;
    /* pseudo-random letters; the second string of a pair copies the first at a
     * shift with every fifth letter mutated, so the pairs are related */
    for (int p = 0; p < NPAIR; p++) {
        for (int i = 0; i < LEN1; i++)
            S1[p][i] = (int)(((unsigned)(p * 7919 + i * 104729) * 2654435761u) >> 29) & 3;
        for (int j = 0; j < LEN2; j++)
            S2[p][j] = j % 5 == 2 ? (int)(((unsigned)(p * 31 + j * 17) * 2246822519u) >> 30)
                                  : S1[p][(j + p % 13) % LEN1];
        for (int j = 0; j <= LEN2; j++)
            Prev[p][j] = Cur[p][j] = 0;
        Len[p] = Grow[p] = 0;
    }

    lcs_batch(np, n, m, S1, S2, Prev, Cur, Len, Grow);

    double sum = 0.0;
    for (int p = 0; p < NPAIR; p++) {
        for (int j = 0; j <= LEN2; j++)
            sum += 1e-3 * (double)(Prev[p][j] + 2 * Cur[p][j]) * (double)(1 + (p + j) % 7);
        sum += (double)(Len[p] + 3 * Grow[p]) * (double)(1 + p % 5);
    }
    printf("%.10e\n", sum);
    free(S1); free(S2); free(Prev); free(Cur); free(Len); free(Grow);
    return 0;
}
