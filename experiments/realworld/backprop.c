/*
 * backprop.c - forward pass of a fully connected layer with a logistic
 * squashing function, over a batch of input vectors
 * (in the style of bpnn_layerforward in the CPU version of Rodinia
 * "backprop").
 *
 * Unit 0 of every layer is the bias unit (fixed to 1), so a layer of n
 * units has n + 1 entries.  The weights are one malloc'ed block indexed
 * as w[k * (n2 + 1) + j] (input unit k to output unit j), the batch of
 * inputs as l1[b * (n1 + 1) + k] and the outputs as l2[b * (n2 + 1) + j].
 *
 *   -DLARGE_SIZES, or -DIN_UNITS=.. -DHID_UNITS=.. -DBATCH=..
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#ifdef LARGE_SIZES
#ifndef IN_UNITS
#define IN_UNITS 65536
#endif
#ifndef HID_UNITS
#define HID_UNITS 16
#endif
#ifndef BATCH
#define BATCH 256
#endif
#endif

#ifndef IN_UNITS
#define IN_UNITS 256
#endif
#ifndef HID_UNITS
#define HID_UNITS 16
#endif
#ifndef BATCH
#define BATCH 4
#endif

void bpnn_layerforward(const float *l1, float *l2, const float *conn,
                       int n1, int n2, int nbatch)
{
    int b, j, k;

#pragma scop
    for (b = 0; b < nbatch; b++) {
        for (j = 1; j <= n2; j++) {
            float sum = 0.0f;
            for (k = 0; k <= n1; k++)
                sum += conn[k * (n2 + 1) + j] * l1[b * (n1 + 1) + k];
            l2[b * (n2 + 1) + j] = 1.0f / (1.0f + expf(-sum));
        }
    }
#pragma endscop
}

int main(void)
{
    int n1 = IN_UNITS, n2 = HID_UNITS, nbatch = BATCH;
    int b, j, k;
    float *input = malloc(sizeof(float) * (size_t)nbatch * (n1 + 1));
    float *hidden = malloc(sizeof(float) * (size_t)nbatch * (n2 + 1));
    float *weights = malloc(sizeof(float) * (size_t)(n1 + 1) * (n2 + 1));
    if (!input || !hidden || !weights) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }

    for (b = 0; b < nbatch; b++) {
        input[(size_t)b * (n1 + 1)] = 1.0f;          /* bias unit */
        for (k = 1; k <= n1; k++)
            input[(size_t)b * (n1 + 1) + k] =
                (float)((k * 13 + b * 7) % 101) / 101.0f;
        for (j = 0; j <= n2; j++)
            hidden[(size_t)b * (n2 + 1) + j] = 0.0f;
        hidden[(size_t)b * (n2 + 1)] = 1.0f;        /* bias unit */
    }
    /* small weights of both signs, scaled with the fan-in */
    for (k = 0; k <= n1; k++)
        for (j = 0; j <= n2; j++)
            weights[(size_t)k * (n2 + 1) + j] =
                ((float)((k * 31 + j * 17) % 61) / 61.0f - 0.5f) * 8.0f / (float)n1;

    bpnn_layerforward(input, hidden, weights, n1, n2, nbatch);

    double sum = 0.0;
    for (b = 0; b < nbatch; b++)
        for (j = 1; j <= n2; j++)
            sum += hidden[(size_t)b * (n2 + 1) + j] * (1.0 + 1.0e-2 * ((b + 3 * j) % 7));
    printf("%.10e\n", sum);

    free(input);
    free(hidden);
    free(weights);
    return 0;
}
