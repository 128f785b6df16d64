/* Maximal-scoring segments of many integer score tracks (log-odds per position, as in
 * the search for hydrophobic stretches of protein sequences or enriched regions of a
 * genome): for every track and every threshold q the score of the best segment of
 * A[i][j] - thr[q], by Kadane's recurrence along the track with block-local running
 * and best sums updated by ternaries (the running sum restarts at 0 when it would go
 * negative). Sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NT
#define NT 2048
#endif
#ifndef LEN
#define LEN 16384
#endif
#ifndef NQ
#define NQ 16
#endif

static void best_segments(int nt, int len, int nq, const int A[restrict nt][len],
                          const int thr[restrict nq], int best[restrict nt][nq])
{
    int i, q, j;
#pragma scop
    for (i = 0; i < nt; i++)
        for (q = 0; q < nq; q++) {
            int run = 0;
            int top = 0;
            for (j = 0; j < len; j++) {
                run = run + A[i][j] - thr[q] > 0 ? run + A[i][j] - thr[q] : 0;
                top = run > top ? run : top;
            }
            best[i][q] = top;
        }
#pragma endscop
}

int main(void)
{
    int nt = NT, len = LEN, nq = NQ;
    int (*A)[len] = malloc(sizeof(int[nt][len]));
    int *thr = malloc(sizeof(int[nq]));
    int (*best)[nq] = malloc(sizeof(int[nt][nq]));
    if (!A || !thr || !best)
        return 1;
    /* scores in [-8, 8] with stretches of raised mean; thresholds from -4 to 11 */
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < len; j++)
            A[i][j] = (i * 37 + j * 11 + (j / 7) * (i % 3)) % 17 - 8
                    + (((j + 97 * i) / 300) % 5 == 0 ? 4 : 0);
    for (int q = 0; q < nq; q++)
        thr[q] = q - 4;
    for (int i = 0; i < nt; i++)
        for (int q = 0; q < nq; q++)
            best[i][q] = -1;

    best_segments(nt, len, nq, A, thr, best);

    double sum = 0.0;
    for (int i = 0; i < nt; i++)
        for (int q = 0; q < nq; q++)
            sum += (double)best[i][q] * (double)(1 + (i * 3 + q) % 11);
    printf("%.10e\n", sum);
    free(A); free(thr); free(best);
    return 0;
}
