/* Bioinformatics: local alignment scores of sequencing reads against their candidate
 * reference windows by the Smith-Waterman recurrence with a linear gap penalty: per
 * read the first row and column of the score table zeroed, every cell the maximum of
 * the diagonal move (match or mismatch by a ternary on the two bases), the move down
 * and the move right (both minus the gap), and zero (block-local ints, ternaries),
 * the best score of the read and its cell kept (ternaries); the table is a workspace
 * shared by the reads. Integer arithmetic, sizes are passed through local int
 * variables (VLA parameters). */
#include <stdio.h>
#include <stdlib.h>

#ifndef NREAD
#define NREAD 10000
#endif
#ifndef RLEN
#define RLEN 100
#endif
#ifndef WLEN
#define WLEN 400
#endif
#define MATCH 2
#define MISMATCH (-3)
#define GAP 2

static void sw_scores(int nr, int m, int n, const int Rd[restrict nr][m], const int Wn[restrict nr][n],
                      int H[restrict m + 1][n + 1], int Best[restrict nr], int Bi[restrict nr], int Bj[restrict nr])
{
    int r, i, j;
#pragma scop
    for (r = 0; r < nr; r++) {
        for (j = 0; j <= n; j++)
            H[0][j] = 0;
        for (i = 1; i <= m; i++)
            H[i][0] = 0;
        Best[r] = 0;
        Bi[r] = 0;
        Bj[r] = 0;
        for (i = 1; i <= m; i++)
            for (j = 1; j <= n; j++) {
                int diag = H[i - 1][j - 1] + (Rd[r][i - 1] == Wn[r][j - 1] ? MATCH : MISMATCH);
                int up = H[i - 1][j] - GAP;
                int left = H[i][j - 1] - GAP;
                int h = diag > up ? diag : up;
                h = h > left ? h : left;
                H[i][j] = h > 0 ? h : 0;
                Bi[r] = H[i][j] > Best[r] ? i : Bi[r];
                Bj[r] = H[i][j] > Best[r] ? j : Bj[r];
                Best[r] = H[i][j] > Best[r] ? H[i][j] : Best[r];
            }
    }
#pragma endscop
}

int main(void)
{
    int nr = NREAD, m = RLEN, n = WLEN;
    int (*Rd)[m] = malloc(sizeof(int[nr][m]));
    int (*Wn)[n] = malloc(sizeof(int[nr][n]));
    int (*H)[n + 1] = malloc(sizeof(int[m + 1][n + 1]));
    int *Best = malloc(sizeof(int[nr])), *Bi = malloc(sizeof(int[nr])), *Bj = malloc(sizeof(int[nr]));
    if (!Rd || !Wn || !H || !Best || !Bi || !Bj)
        return 1;
    /* windows from an LCG over the four bases; most reads copied from their window at
     * an offset with substitutions every 9th base and a deleted base every 37th, every
     * fifth read unrelated */
    unsigned int seed = 2024u;
    for (int r = 0; r < nr; r++)
        for (int j = 0; j < n; j++) {
            seed = seed * 1103515245u + 12345u;
            Wn[r][j] = (int)((seed >> 16) & 3u);
        }
    for (int r = 0; r < nr; r++) {
        int off = (r * 37) % (n - m - m / 37 - 1), src = off;
        for (int i = 0; i < m; i++) {
            if (r % 5 == 4) {
                seed = seed * 1103515245u + 12345u;
                Rd[r][i] = (int)((seed >> 16) & 3u);
                continue;
            }
            if (i % 37 == 36)
                src++;
            Rd[r][i] = i % 9 == 8 ? (Wn[r][src] + 1) % 4 : Wn[r][src];
            src++;
        }
        Best[r] = Bi[r] = Bj[r] = 0;
    }
    for (int i = 0; i <= m; i++)
        for (int j = 0; j <= n; j++)
            H[i][j] = 0;

    sw_scores(nr, m, n, Rd, Wn, H, Best, Bi, Bj);

    double sum = 0.0;
    for (int r = 0; r < nr; r++)
        sum += ((double)Best[r] + 1e-2 * (double)Bi[r] + 1e-3 * (double)Bj[r]) * (double)(1 + r % 7);
    for (int i = 0; i <= m; i++)
        for (int j = 0; j <= n; j++)
            sum += 1e-2 * (double)H[i][j] * (double)(1 + (i + 2 * j) % 5);
    printf("%.10e\n", sum);
    free(Rd); free(Wn); free(H); free(Best); free(Bi); free(Bj);
    return 0;
}
