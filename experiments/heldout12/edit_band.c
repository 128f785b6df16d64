/* Data cleaning / record linkage: banded (Ukkonen) edit distance between the pairs of
 * candidate records of a deduplication run. Only the diagonals |i - j| <= K of the
 * Levenshtein table are computed, stored by diagonal offset d = j - i + K + 1 in a
 * workspace reused for every pair; columns 0 and 2 K + 2 of the workspace are
 * sentinels (set once in main) that stand for the cells outside the band. Per pair:
 * the first row and column inside the band, then every row i over the band clipped to
 * the table (max/min bounds as ternaries), the three candidate costs block-local, the
 * cell the minimum of them (ternaries); the distance and a match flag (distance at
 * most THR) are recorded. int, sizes are arguments passed through local variables. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NPAIR
#define NPAIR 12000
#endif
#ifndef SLEN
#define SLEN 600
#endif
#ifndef KBAND
#define KBAND 16
#endif
#define THR 60
#define BIG (1 << 20)

static void edit_band(int np, int n, int k, const char S[restrict np][n],
                      const char T[restrict np][n], int D[restrict n + 1][2 * k + 3],
                      int Dist[restrict np], int Match[restrict np])
{
    int p, i, d;
#pragma scop
    for (p = 0; p < np; p++) {
        for (d = k + 1; d <= 2 * k + 1; d++)
            D[0][d] = d - k - 1;
        for (i = 1; i <= k; i++)
            D[i][k + 1 - i] = i;
        for (i = 1; i <= n; i++)
            for (d = (k + 2 - i > 1 ? k + 2 - i : 1); d <= (n - i + k + 1 < 2 * k + 1 ? n - i + k + 1 : 2 * k + 1); d++) {
                int a = D[i - 1][d] + (S[p][i - 1] != T[p][i + d - k - 2]);
                int b = D[i - 1][d + 1] + 1;
                int c = D[i][d - 1] + 1;
                D[i][d] = a < b ? (a < c ? a : c) : (b < c ? b : c);
            }
        Dist[p] = D[n][k + 1];
        Match[p] = D[n][k + 1] <= THR ? 1 : 0;
    }
#pragma endscop
}

int main(void)
{
    int np = NPAIR, n = SLEN, k = KBAND;
    char (*S)[n] = malloc(sizeof(char[np][n]));
    char (*T)[n] = malloc(sizeof(char[np][n]));
    int (*D)[2 * k + 3] = malloc(sizeof(int[n + 1][2 * k + 3]));
    int *Dist = malloc(sizeof(int[np]));
    int *Match = malloc(sizeof(int[np]));
    if (!S || !T || !D || !Dist || !Match)
        return 1;
    /* records: letters from a formula of the pair and position; the candidate is the
     * record shifted by -3 to +3 positions in stretches (insertions/deletions), with a
     * pair-dependent rate of substitutions; workspace: sentinels BIG, the rest BIG too */
    for (int p = 0; p < np; p++)
        for (int j = 0; j < n; j++)
            S[p][j] = (char)('a' + (p * 7 + j * 13 + (j / 5) * (p % 11)) % 26);
    for (int p = 0; p < np; p++)
        for (int j = 0; j < n; j++) {
            int sh = ((j / 40 + p) % 7) - 3, src = j + sh;
            src = src < 0 ? 0 : src >= n ? n - 1 : src;
            T[p][j] = (j * 17 + p * 3) % (5 + p % 23) == 0 ? (char)('a' + (j + p) % 26) : S[p][src];
        }
    for (int i = 0; i <= n; i++)
        for (int d = 0; d < 2 * k + 3; d++)
            D[i][d] = BIG;
    for (int p = 0; p < np; p++)
        Dist[p] = Match[p] = 0;

    edit_band(np, n, k, S, T, D, Dist, Match);

    double sum = 0.0;
    for (int p = 0; p < np; p++)
        sum += (double)(Dist[p] + 100 * Match[p]) * (double)(1 + p % 7);
    printf("%.10e\n", sum);
    free(S); free(T); free(D); free(Dist); free(Match);
    return 0;
}
