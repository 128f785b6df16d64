/* Hidden Markov model decoding, forward pass of the Viterbi algorithm in integer
 * (scaled log-probability) arithmetic: the best score of a path ending in each state at
 * each time step, a max over the previous states by ternary (block-local accumulator),
 * plus the emission score. The caller fills step 0. Sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

static void viterbi(int nt, int ns, const int A[restrict ns][ns], const int E[restrict nt][ns],
                    int D[restrict nt][ns])
{
    int t, i, j;
#pragma scop
    for (t = 1; t < nt; t++)
        for (j = 0; j < ns; j++) {
            int best = D[t - 1][0] + A[0][j];
            for (i = 1; i < ns; i++)
                best = D[t - 1][i] + A[i][j] > best ? D[t - 1][i] + A[i][j] : best;
            D[t][j] = best + E[t][j];
        }
#pragma endscop
}

int main(void)
{
    int nt = 8000, ns = 256;
    int (*A)[ns] = malloc(sizeof(int[ns][ns]));
    int (*E)[ns] = malloc(sizeof(int[nt][ns]));
    int (*D)[ns] = malloc(sizeof(int[nt][ns]));
    if (!A || !E || !D)
        return 1;
    /* transition scores: staying is cheap, near states cheaper than far ones */
    for (int i = 0; i < ns; i++)
        for (int j = 0; j < ns; j++) {
            int d = i > j ? i - j : j - i;
            A[i][j] = (i == j) ? -1 : -(4 + d / 8 + (i * 7 + j * 11) % 50);
        }
    for (int t = 0; t < nt; t++)
        for (int j = 0; j < ns; j++)
            E[t][j] = -((t * 13 + j * 5) % 37) - ((t / 100 + j) % 16 == 0 ? 0 : 8);
    for (int j = 0; j < ns; j++)
        D[0][j] = -(j % 9) + E[0][j];

    viterbi(nt, ns, A, E, D);

    double sum = 0.0;
    for (int t = 0; t < nt; t += 50)
        for (int j = 0; j < ns; j++)
            sum += (double)(D[t][j] - D[t][0]) * (double)(1 + (t / 50 + j) % 7);
    for (int j = 0; j < ns; j++)
        sum += 1e-3 * (double)D[nt - 1][j] * (double)(1 + j % 5);
    printf("%.10e\n", sum);
    free(A); free(E); free(D);
    return 0;
}
