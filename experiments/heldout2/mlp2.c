/* Forward pass of a two-layer perceptron over a batch of inputs, single precision:
 * hidden = relu(W1 x + b1), out = W2 hidden + b2, one dot product per unit. Layer
 * sizes are arguments, as an inference library passes them. */
#include <stdio.h>
#include <stdlib.h>

static void forward(int batch, int nin, int nhid, int nout,
                    const float X[restrict batch][nin], const float W1[restrict nhid][nin],
                    const float b1[restrict nhid], const float W2[restrict nout][nhid],
                    const float b2[restrict nout], float H[restrict batch][nhid],
                    float Y[restrict batch][nout])
{
    int b, o, i;
#pragma scop
    for (b = 0; b < batch; b++)
        for (o = 0; o < nhid; o++) {
            float acc = b1[o];
            for (i = 0; i < nin; i++)
                acc += W1[o][i] * X[b][i];
            H[b][o] = acc > 0.0f ? acc : 0.0f;
        }
    for (b = 0; b < batch; b++)
        for (o = 0; o < nout; o++) {
            float acc = b2[o];
            for (i = 0; i < nhid; i++)
                acc += W2[o][i] * H[b][i];
            Y[b][o] = acc;
        }
#pragma endscop
}

int main(void)
{
    int batch = 384, nin = 1024, nhid = 1024, nout = 512;
    float (*X)[nin] = malloc(sizeof(float[batch][nin]));
    float (*W1)[nin] = malloc(sizeof(float[nhid][nin]));
    float *b1 = malloc(sizeof(float[nhid]));
    float (*W2)[nhid] = malloc(sizeof(float[nout][nhid]));
    float *b2 = malloc(sizeof(float[nout]));
    float (*H)[nhid] = malloc(sizeof(float[batch][nhid]));
    float (*Y)[nout] = malloc(sizeof(float[batch][nout]));
    if (!X || !W1 || !b1 || !W2 || !b2 || !H || !Y)
        return 1;
    for (int b = 0; b < batch; b++)
        for (int i = 0; i < nin; i++)
            X[b][i] = (float)((b * 7 + i * 3) % 29) / 29.0f;
    for (int o = 0; o < nhid; o++) {
        for (int i = 0; i < nin; i++)
            W1[o][i] = ((float)((o * 11 + i * 5) % 31) / 31.0f - 0.48f) / 32.0f;
        b1[o] = (float)(o % 9) / 90.0f - 0.04f;
    }
    for (int o = 0; o < nout; o++) {
        for (int i = 0; i < nhid; i++)
            W2[o][i] = ((float)((o * 13 + i * 7) % 37) / 37.0f - 0.5f) / 32.0f;
        b2[o] = (float)(o % 5) / 50.0f;
    }

    forward(batch, nin, nhid, nout, X, W1, b1, W2, b2, H, Y);

    double sum = 0.0;
    for (int b = 0; b < batch; b++) {
        for (int o = 0; o < nout; o++)
            sum += (double)Y[b][o] * (1 + (b + 3 * o) % 7);
        for (int o = 0; o < nhid; o += 16)
            sum += (double)H[b][o];
    }
    printf("%.10e\n", sum);
    free(X); free(W1); free(b1); free(W2); free(b2); free(H); free(Y);
    return 0;
}
