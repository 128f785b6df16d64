/* Computational linguistics / distributional semantics: windowed co-occurrence of word
 * classes in a tagged corpus. Every token carries a soft class membership X[t][.] (from
 * a clustering step); every ordered pair of tokens at distance d = 1..WIN adds the
 * outer product of their memberships, weighted 1/d, into C (the window clipped at the
 * corpus end by a min ternary in the loop bound: banded in t and t + d). Then every
 * class's total (block-local sum over a row) and the association matrix
 * C[a][b] / sqrt(R[a] * R[b]). Global arrays, sizes as macros. */
#include <math.h>
#include <stdio.h>

#ifndef NTOK
#define NTOK 200000
#endif
#ifndef NCLS
#define NCLS 96
#endif
#ifndef WIN
#define WIN 5
#endif

static float X[NTOK][NCLS];
static float Wd[WIN + 1];
static float C[NCLS][NCLS];
static float R[NCLS];
static float Assoc[NCLS][NCLS];

static void cooc(void)
{
    int t, d, a, b;
#pragma scop
    for (t = 0; t < NTOK - 1; t++)
        for (d = 1; d <= (NTOK - 1 - t < WIN ? NTOK - 1 - t : WIN); d++)
            for (a = 0; a < NCLS; a++) {
                float wx = Wd[d] * X[t][a];
                for (b = 0; b < NCLS; b++)
                    C[a][b] += wx * X[t + d][b];
            }
    for (a = 0; a < NCLS; a++) {
        float r = 0.0f;
        for (b = 0; b < NCLS; b++)
            r += C[a][b];
        R[a] = r;
    }
    for (a = 0; a < NCLS; a++)
        for (b = 0; b < NCLS; b++)
            Assoc[a][b] = C[a][b] / sqrtf(R[a] * R[b]);
#pragma endscop
}

int main(void)
{
    /* memberships: a main class with weight 0.5 to 0.8, the rest spread thinly (at
     * least 0.002 on every class), the main class following a simple pseudo-grammar so
     * that some class pairs co-occur far more often than others */
    for (int t = 0; t < NTOK; t++) {
        int main_cls = (t * 7 + (t / 3) * 5 + (t % 11)) % NCLS;
        float top = 0.5f + 0.3f * (float)((t * 13) % 11) / 10.0f;
        float rest = (1.0f - top) / (float)(NCLS - 1);
        for (int a = 0; a < NCLS; a++)
            X[t][a] = a == main_cls ? top : rest * (0.5f + (float)((a + t) % 3) * 0.5f);
    }
    for (int d = 0; d <= WIN; d++)
        Wd[d] = d == 0 ? 0.0f : 1.0f / (float)d;
    for (int a = 0; a < NCLS; a++)
        for (int b = 0; b < NCLS; b++)
            C[a][b] = 0.01f;

    cooc();

    double sum = 0.0;
    for (int a = 0; a < NCLS; a++)
        for (int b = 0; b < NCLS; b++)
            sum += (double)Assoc[a][b] * (double)(1 + (a + 3 * b) % 7);
    printf("%.10e\n", sum);
    return 0;
}
