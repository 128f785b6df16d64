/* One 1-D convolution layer of a sequence model (speech features, sensor streams):
 * every output channel starts from its bias, accumulates the valid cross-correlation of
 * every input channel with its kernel of width kw, Out[o][t] += Wt[o][c][k] *
 * In[c][t + k], written the direct way with the channel loop outside the time loop,
 * and finally goes through a ReLU by ternary. Three nests; sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef CIN
#define CIN 64
#endif
#ifndef COUT
#define COUT 64
#endif
#ifndef LEN
#define LEN 32768
#endif
#ifndef KW
#define KW 7
#endif

static void conv1d(int cin, int cout, int len, int kw, const float In[restrict cin][len + kw - 1],
                   const float Wt[restrict cout][cin][kw], const float b[restrict cout],
                   float Out[restrict cout][len])
{
    int o, c, t, k;
#pragma scop
    for (o = 0; o < cout; o++)
        for (t = 0; t < len; t++)
            Out[o][t] = b[o];
    for (o = 0; o < cout; o++)
        for (c = 0; c < cin; c++)
            for (t = 0; t < len; t++)
                for (k = 0; k < kw; k++)
                    Out[o][t] += Wt[o][c][k] * In[c][t + k];
    for (o = 0; o < cout; o++)
        for (t = 0; t < len; t++)
            Out[o][t] = Out[o][t] > 0.0f ? Out[o][t] : 0.0f;
#pragma endscop
}

int main(void)
{
    int cin = CIN, cout = COUT, len = LEN, kw = KW;
    float (*In)[len + kw - 1] = malloc(sizeof(float[cin][len + kw - 1]));
    float (*Wt)[cin][kw] = malloc(sizeof(float[cout][cin][kw]));
    float *b = malloc(sizeof(float[cout]));
    float (*Out)[len] = malloc(sizeof(float[cout][len]));
    if (!In || !Wt || !b || !Out)
        return 1;
    for (int c = 0; c < cin; c++)
        for (int t = 0; t < len + kw - 1; t++)
            In[c][t] = (float)((c * 29 + t * 13 + (t / 50) * (c + 1)) % 97 - 48) / 48.0f;
    /* small weights of both signs, so that about half the outputs pass the ReLU */
    for (int o = 0; o < cout; o++) {
        b[o] = (float)(o % 9 - 4) / 16.0f;
        for (int c = 0; c < cin; c++)
            for (int k = 0; k < kw; k++)
                Wt[o][c][k] = (float)((o * 17 + c * 11 + k * 5) % 23 - 11) / (11.0f * (float)(cin * kw));
    }

    conv1d(cin, cout, len, kw, In, Wt, b, Out);

    double sum = 0.0;
    for (int o = 0; o < cout; o++)
        for (int t = 0; t < len; t++)
            sum += Out[o][t] * (double)(1 + (o * 7 + t) % 13);
    printf("%.10e\n", sum);
    free(In); free(Wt); free(b); free(Out);
    return 0;
}
