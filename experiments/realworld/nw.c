/*
 * nw.c - Needleman-Wunsch global sequence alignment
 * (in the style of the CPU version of Rodinia "nw").
 *
 * The score matrix and the substitution-score (reference) matrix are
 * malloc'ed integer blocks indexed as m[i * cols + j].  The first row
 * and column hold the gap penalties and are filled in main.  The kernel
 * scores the pair under several scoring schemes (a per-scheme match
 * bonus); for each scheme it fills the matrix row by row, taking the
 * maximum of the three neighbours with ternaries, and records the
 * final alignment score.
 *
 *   -DLARGE_SIZES, or -DMAX_ROWS=.. -DMAX_COLS=.. -DSCHEMES=..
 *   (MAX_ROWS/MAX_COLS include the border row/column)
 */
#include <stdio.h>
#include <stdlib.h>

#ifdef LARGE_SIZES
#ifndef MAX_ROWS
#define MAX_ROWS 4097
#endif
#ifndef MAX_COLS
#define MAX_COLS 4097
#endif
#ifndef SCHEMES
#define SCHEMES 16
#endif
#endif

#ifndef MAX_ROWS
#define MAX_ROWS 65
#endif
#ifndef MAX_COLS
#define MAX_COLS 65
#endif
#ifndef SCHEMES
#define SCHEMES 2
#endif

#ifndef PENALTY
#define PENALTY 10
#endif

void nw_align(int *input_itemsets, const int *referrence, const int *bonus,
              int *final_score, int max_rows, int max_cols, int nschemes,
              int penalty)
{
    int q, i, j;

#pragma scop
    for (q = 0; q < nschemes; q++) {
        for (i = 1; i < max_rows; i++) {
            for (j = 1; j < max_cols; j++) {
                int diag = input_itemsets[(i - 1) * max_cols + j - 1]
                         + referrence[i * max_cols + j] + bonus[q];
                int left = input_itemsets[i * max_cols + j - 1] - penalty;
                int up = input_itemsets[(i - 1) * max_cols + j] - penalty;
                int best = diag > left ? diag : left;
                best = up > best ? up : best;
                input_itemsets[i * max_cols + j] = best;
            }
        }
        final_score[q] = input_itemsets[(max_rows - 1) * max_cols + max_cols - 1];
    }
#pragma endscop
}

int main(void)
{
    int max_rows = MAX_ROWS, max_cols = MAX_COLS, nschemes = SCHEMES;
    int penalty = PENALTY;
    int i, j, q;
    size_t n = (size_t)max_rows * max_cols;
    int *input_itemsets = malloc(n * sizeof(int));
    int *referrence = malloc(n * sizeof(int));
    int *seq1 = malloc((size_t)max_rows * sizeof(int));
    int *seq2 = malloc((size_t)max_cols * sizeof(int));
    int *bonus = malloc((size_t)nschemes * sizeof(int));
    int *final_score = malloc((size_t)nschemes * sizeof(int));
    if (!input_itemsets || !referrence || !seq1 || !seq2 || !bonus || !final_score) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }

    /* two deterministic "sequences" over a 20-letter alphabet */
    for (i = 0; i < max_rows; i++)
        seq1[i] = (i * 7 + 3) % 20;
    for (j = 0; j < max_cols; j++)
        seq2[j] = (j * 11 + 5 + j / 13) % 20;
    for (q = 0; q < nschemes; q++)
        bonus[q] = q % 4;

    /* substitution scores: reward a match, small penalty otherwise */
    for (i = 0; i < max_rows; i++)
        for (j = 0; j < max_cols; j++) {
            int a = seq1[i], b = seq2[j];
            referrence[i * max_cols + j] = (a == b) ? 5 + a % 4 : -((a + b) % 4) - 1;
            input_itemsets[i * max_cols + j] = 0;
        }
    for (i = 0; i < max_rows; i++)
        input_itemsets[i * max_cols] = -i * penalty;
    for (j = 0; j < max_cols; j++)
        input_itemsets[j] = -j * penalty;

    nw_align(input_itemsets, referrence, bonus, final_score,
             max_rows, max_cols, nschemes, penalty);

    long sum = 0;
    for (q = 0; q < nschemes; q++)
        sum += (long)final_score[q] * (q + 1);
    for (i = 0; i < max_rows; i++)
        for (j = 0; j < max_cols; j++)
            sum += (long)input_itemsets[i * max_cols + j] * ((i + 2 * j) % 5 + 1);
    printf("%ld\n", sum);

    free(input_itemsets);
    free(referrence);
    free(seq1);
    free(seq2);
    free(bonus);
    free(final_score);
    return 0;
}
