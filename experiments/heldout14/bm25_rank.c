/* Information retrieval: Okapi BM25 ranking of a document collection for a batch of
 * queries over a term-document count table. First every document's length (integer
 * sum of its term counts), the mean document length, every term's document frequency
 * (the count table read down its columns, a ternary on a positive count) and inverse
 * document frequency log(1 + (N - df + 0.5) / (df + 0.5)); the length normaliser of
 * every document; the saturated BM25 term weight of every document and term (ternary
 * on a zero count); then the score of every query and document as the query-term
 * weighted sum of the document's term weights (block-local sum, a contraction over
 * the vocabulary); last per query the best score and its document (ternaries) and
 * the number of documents scoring above half of it. Single precision, int counts,
 * sizes are arguments passed through local variables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NDOC
#define NDOC 4096
#endif
#ifndef NTERM
#define NTERM 768
#endif
#ifndef NQUERY
#define NQUERY 192
#endif
#define K1 1.2f
#define BB 0.75f

static void bm25(int nd, int nt, int nq, const int Tf[restrict nd][nt], const int Qt[restrict nq][nt],
                 int Len[restrict nd], float Avg[restrict 1], int Df[restrict nt],
                 float Idf[restrict nt], float Kd[restrict nd], float W[restrict nd][nt],
                 float S[restrict nq][nd], float Best[restrict nq], int Arg[restrict nq],
                 int Nhi[restrict nq])
{
    int q, d, t;
#pragma scop
    for (d = 0; d < nd; d++) {
        Len[d] = 0;
        for (t = 0; t < nt; t++)
            Len[d] += Tf[d][t];
    }
    Avg[0] = 0.0f;
    for (d = 0; d < nd; d++)
        Avg[0] += (float)Len[d] / nd;
    for (t = 0; t < nt; t++) {
        Df[t] = 0;
        for (d = 0; d < nd; d++)
            Df[t] += Tf[d][t] > 0 ? 1 : 0;
        Idf[t] = logf(1.0f + (nd - Df[t] + 0.5f) / (Df[t] + 0.5f));
    }
    for (d = 0; d < nd; d++)
        Kd[d] = K1 * (1.0f - BB + BB * Len[d] / Avg[0]);
    for (d = 0; d < nd; d++)
        for (t = 0; t < nt; t++)
            W[d][t] = Tf[d][t] > 0 ? Idf[t] * Tf[d][t] * (K1 + 1.0f) / (Tf[d][t] + Kd[d]) : 0.0f;
    for (q = 0; q < nq; q++)
        for (d = 0; d < nd; d++) {
            float s = 0.0f;
            for (t = 0; t < nt; t++)
                s += Qt[q][t] * W[d][t];
            S[q][d] = s;
        }
    for (q = 0; q < nq; q++) {
        Best[q] = S[q][0];
        Arg[q] = 0;
        for (d = 1; d < nd; d++) {
            Arg[q] = S[q][d] > Best[q] ? d : Arg[q];
            Best[q] = S[q][d] > Best[q] ? S[q][d] : Best[q];
        }
        Nhi[q] = 0;
        for (d = 0; d < nd; d++)
            Nhi[q] += S[q][d] > 0.5f * Best[q] ? 1 : 0;
    }
#pragma endscop
}

int main(void)
{
    int nd = NDOC, nt = NTERM, nq = NQUERY;
    int (*Tf)[nt] = malloc(sizeof(int[nd][nt]));
    int (*Qt)[nt] = malloc(sizeof(int[nq][nt]));
    float (*W)[nt] = malloc(sizeof(float[nd][nt]));
    float (*S)[nd] = malloc(sizeof(float[nq][nd]));
    int *Len = malloc(sizeof(int[nd]));
    int *Df = malloc(sizeof(int[nt]));
    float *Idf = malloc(sizeof(float[nt]));
    float *Kd = malloc(sizeof(float[nd]));
    float *Best = malloc(sizeof(float[nq]));
    int *Arg = malloc(sizeof(int[nq]));
    int *Nhi = malloc(sizeof(int[nq]));
    float Avg[1] = {0.0f};
    if (!Tf || !Qt || !W || !S || !Len || !Df || !Idf || !Kd || !Best || !Arg || !Nhi)
        return 1;
    /* counts: a term occurs in a document with a probability that falls with the
     * term's rank (Zipf-like, every term in some documents, the commonest in most)
     * and rises with the document's topic match; counts 1 to 12; every document
     * has some terms (term 0 in all of them). Queries: 3 to 9 terms with counts 1 or 2 */
    for (int d = 0; d < nd; d++)
        for (int t = 0; t < nt; t++) {
            unsigned h = (unsigned)d * 2654435761u ^ (unsigned)(t + 1) * 2246822519u;
            h ^= h >> 15;
            h *= 2246822519u;
            h ^= h >> 13;
            int thr = 4000 / (t + 8) + ((d / 64) % 16 == t % 16 ? 40 : 0);
            Tf[d][t] = t == 0 || (int)(h % 1000u) < thr ? 1 + (int)((h >> 10) % 12u) * (int)((h >> 20) % 3u == 0) : 0;
            W[d][t] = 0.0f;
        }
    for (int q = 0; q < nq; q++) {
        for (int t = 0; t < nt; t++)
            Qt[q][t] = 0;
        int nterm = 3 + q % 7;
        for (int k = 0; k < nterm; k++)
            Qt[q][(q * 37 + k * 101 + k * k * 13) % nt] = 1 + (q + k) % 2;
        for (int d = 0; d < nd; d++)
            S[q][d] = 0.0f;
        Best[q] = 0.0f;
        Arg[q] = Nhi[q] = 0;
    }
    for (int d = 0; d < nd; d++) {
        Len[d] = 0;
        Kd[d] = 0.0f;
    }
    for (int t = 0; t < nt; t++) {
        Df[t] = 0;
        Idf[t] = 0.0f;
    }

    bm25(nd, nt, nq, Tf, Qt, Len, Avg, Df, Idf, Kd, W, S, Best, Arg, Nhi);

    double sum = 0.0;
    for (int q = 0; q < nq; q++) {
        for (int d = 0; d < nd; d++)
            sum += (double)S[q][d] * (double)(1 + (q + 3 * d) % 7);
        sum += ((double)Best[q] + 1e-3 * (Arg[q] + Nhi[q])) * (double)(1 + q % 5);
    }
    printf("%.10e\n", sum);
    free(Tf); free(Qt); free(W); free(S); free(Len); free(Df); free(Idf); free(Kd);
    free(Best); free(Arg); free(Nhi);
    return 0;
}
