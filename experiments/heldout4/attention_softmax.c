/* Attention weights of a multi-head self-attention layer: for every head the scaled
 * dot products of each query row with every key row, then a numerically stable softmax
 * of each row of scores (the row maximum is subtracted before the exponential), in
 * place. Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NH
#define NH 8
#endif
#ifndef SEQ
#define SEQ 1024
#endif
#ifndef DK
#define DK 64
#endif

static void attention_weights(int nh, int seq, int dk, float scale,
                              const float Q[restrict nh][seq][dk],
                              const float K[restrict nh][seq][dk],
                              float S[restrict nh][seq][seq])
{
    int h, i, j, d;
#pragma scop
    for (h = 0; h < nh; h++)
        for (i = 0; i < seq; i++)
            for (j = 0; j < seq; j++) {
                S[h][i][j] = 0.0f;
                for (d = 0; d < dk; d++)
                    S[h][i][j] += Q[h][i][d] * K[h][j][d];
                S[h][i][j] = scale * S[h][i][j];
            }
    for (h = 0; h < nh; h++)
        for (i = 0; i < seq; i++) {
            float mx = S[h][i][0];
            for (j = 1; j < seq; j++)
                mx = S[h][i][j] > mx ? S[h][i][j] : mx;
            float den = 0.0f;
            for (j = 0; j < seq; j++) {
                S[h][i][j] = expf(S[h][i][j] - mx);
                den += S[h][i][j];
            }
            for (j = 0; j < seq; j++)
                S[h][i][j] = S[h][i][j] / den;
        }
#pragma endscop
}

int main(void)
{
    int nh = NH, seq = SEQ, dk = DK;
    float (*Q)[seq][dk] = malloc(sizeof(float[nh][seq][dk]));
    float (*K)[seq][dk] = malloc(sizeof(float[nh][seq][dk]));
    float (*S)[seq][seq] = malloc(sizeof(float[nh][seq][seq]));
    if (!Q || !K || !S)
        return 1;
    /* projected activations in [-0.5, 0.5], a positional pattern per head */
    for (int h = 0; h < nh; h++)
        for (int i = 0; i < seq; i++)
            for (int d = 0; d < dk; d++) {
                Q[h][i][d] = (float)((i * 7 + d * 13 + h * 5) % 29 - 14) / 28.0f;
                K[h][i][d] = (float)((i * 11 + d * 3 + h * 17) % 31 - 15) / 30.0f;
            }

    attention_weights(nh, seq, dk, 1.0f / sqrtf((float)dk), Q, K, S);

    double sum = 0.0;
    for (int h = 0; h < nh; h++)
        for (int i = 0; i < seq; i++)
            for (int j = 0; j < seq; j++)
                sum += (double)S[h][i][j] * (double)(1 + (h + i * 3 + j) % 11);
    printf("%.10e\n", sum);
    free(Q); free(K); free(S);
    return 0;
}
