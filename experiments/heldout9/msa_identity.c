/* Phylogenetics: pairwise identity matrix of a multiple sequence alignment, the first
 * step of a distance-based guide tree. Residues are coded 0..19, GAP (20) marks a gap.
 * For every pair of sequences j < i (lower triangle) the alignment columns are scanned:
 * a column counts as identical when both residues are equal and not gaps (nested
 * ternaries on == and <), and as aligned when at least one of them is not a gap; both
 * counts are block-local, and the identity in tenths of a percent is stored. Global
 * arrays, sizes as macros. */
#include <stdio.h>

#ifndef NSEQ
#define NSEQ 3072
#endif
#ifndef ALEN
#define ALEN 1024
#endif
#define GAP 20

static unsigned char A[NSEQ][ALEN];
static int Id[NSEQ][NSEQ];

static void identity(void)
{
    int i, j, p;
#pragma scop
    for (i = 1; i < NSEQ; i++)
        for (j = 0; j < i; j++) {
            int same = 0;
            int cols = 0;
            for (p = 0; p < ALEN; p++) {
                same += A[i][p] == A[j][p] ? (A[i][p] < GAP ? 1 : 0) : 0;
                cols += A[i][p] < GAP ? 1 : (A[j][p] < GAP ? 1 : 0);
            }
            Id[i][j] = 1000 * same / cols;
        }
#pragma endscop
}

int main(void)
{
    /* sequences of 16 families, each a mutated copy of its family's ancestor (about a
     * fifth of the residues changed per sequence), gaps in runs near the ends and at a
     * few internal columns; no column is a gap in every sequence */
    for (int i = 0; i < NSEQ; i++) {
        int fam = i % 16;
        for (int p = 0; p < ALEN; p++) {
            int anc = (p * 7 + fam * 11 + (p * p) % 13) % 20;
            int mut = (i * 31 + p * 17) % 23 < 5;
            int res = mut ? (anc + 1 + (i + p) % 19) % 20 : anc;
            int gap = (p < (i % 9)) || (p >= ALEN - (i % 7)) || ((p + fam) % 97 == 0 && i % 3 == 0);
            A[i][p] = (unsigned char)(gap ? GAP : res);
        }
    }

    identity();

    double sum = 0.0;
    for (int i = 1; i < NSEQ; i++)
        for (int j = 0; j < i; j++)
            sum += (double)Id[i][j] * (double)(1 + (i + 3 * j) % 7);
    printf("%.10e\n", sum);
    return 0;
}
