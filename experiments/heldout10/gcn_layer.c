/* Graph machine learning: one graph convolutional network (GCN) layer on a citation-
 * style graph held as a dense byte adjacency matrix. With self-loops added (A + I),
 * first every node's degree (block-local integer count, started at 1 for the
 * self-loop) and its inverse square root; then the feature transform T = X W (W read
 * down its columns, accumulated into the zeroed T); then the symmetrically normalised
 * propagation D^-1/2 (A + I) D^-1/2 T, the neighbours' rows T[j][o] read down column
 * o (block-local accumulator that starts with the self-loop term), plus the bias and a
 * ReLU by ternary. Float features, sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NNODE
#define NNODE 3000
#endif
#ifndef FIN
#define FIN 128
#endif
#ifndef FOUT
#define FOUT 64
#endif

static void gcn(int n, int fi, int fo, const unsigned char Adj[restrict n][n],
                const float X[restrict n][fi], const float W[restrict fi][fo],
                const float bias[restrict fo], float Dinv[restrict n],
                float T[restrict n][fo], float Out[restrict n][fo])
{
    int i, j, c, o;
#pragma scop
    for (i = 0; i < n; i++) {
        int d = 1;
        for (j = 0; j < n; j++)
            d += Adj[i][j];
        Dinv[i] = 1.0f / sqrtf((float)d);
    }
    for (i = 0; i < n; i++)
        for (o = 0; o < fo; o++)
            for (c = 0; c < fi; c++)
                T[i][o] += X[i][c] * W[c][o];
    for (i = 0; i < n; i++)
        for (o = 0; o < fo; o++) {
            float s = Dinv[i] * T[i][o];
            for (j = 0; j < n; j++)
                s += Adj[i][j] * Dinv[j] * T[j][o];
            Out[i][o] = Dinv[i] * s + bias[o] > 0.0f ? Dinv[i] * s + bias[o] : 0.0f;
        }
#pragma endscop
}

int main(void)
{
    float (*X)[FIN] = malloc(sizeof(float[NNODE][FIN]));
    float (*W)[FOUT] = malloc(sizeof(float[FIN][FOUT]));
    float *bias = malloc(sizeof(float[FOUT]));
    float *Dinv = malloc(sizeof(float[NNODE]));
    float (*T)[FOUT] = malloc(sizeof(float[NNODE][FOUT]));
    float (*Out)[FOUT] = malloc(sizeof(float[NNODE][FOUT]));
    unsigned char (*Adj)[NNODE] = malloc(sizeof(unsigned char[NNODE][NNODE]));
    if (!X || !W || !bias || !Dinv || !T || !Out || !Adj)
        return 1;
    /* symmetric graph without self-loops: dense communities of 50 nodes (a third of
     * the pairs linked) plus sparse long-range links, degrees 16 to 48; bag-of-
     * words-like features 0 to 1; Glorot-scale weights +-0.15; biases +-0.05 */
    for (int i = 0; i < NNODE; i++)
        for (int j = 0; j < NNODE; j++)
            Adj[i][j] = (unsigned char)(i != j && ((i / 50 == j / 50 && (i + j) % 3 == 0)
                                                   || (i * j + i + j) % 97 == 0));
    for (int i = 0; i < NNODE; i++)
        for (int c = 0; c < FIN; c++)
            X[i][c] = (float)((i * 13 + c * 7 + (i / 50) * c) % 10) / 9.0f;
    for (int c = 0; c < FIN; c++)
        for (int o = 0; o < FOUT; o++)
            W[c][o] = 0.15f * (float)((c * 11 + o * 5) % 21 - 10) / 10.0f;
    for (int o = 0; o < FOUT; o++)
        bias[o] = 0.05f * (float)(o % 5 - 2) / 2.0f;
    for (int i = 0; i < NNODE; i++) {
        Dinv[i] = 0.0f;
        for (int o = 0; o < FOUT; o++) {
            T[i][o] = 0.0f;
            Out[i][o] = 0.0f;
        }
    }

    gcn(NNODE, FIN, FOUT, Adj, X, W, bias, Dinv, T, Out);

    double sum = 0.0;
    for (int i = 0; i < NNODE; i++) {
        sum += (double)Dinv[i] * (double)(1 + i % 3);
        for (int o = 0; o < FOUT; o++)
            sum += (double)Out[i][o] * (double)(1 + (i + 3 * o) % 7);
    }
    printf("%.10e\n", sum);
    free(X); free(W); free(bias); free(Dinv); free(T); free(Out); free(Adj);
    return 0;
}
