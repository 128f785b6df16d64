/* Inference of one LSTM layer over a sequence (keyword spotting on acoustic feature
 * frames): at every time step the four gate pre-activations of all units (input,
 * forget, cell, output; rows g of the stacked weight matrices) from the frame and the
 * previous hidden state, with a block-local accumulator, then the cell state and the
 * new hidden state, the logistic function and tanh written with expf. The hidden
 * states of all steps are kept (H[t + 1] from H[t]). Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NT
#define NT 384
#endif
#ifndef NIN
#define NIN 256
#endif
#ifndef NHID
#define NHID 512
#endif

static void lstm(int nt, int nin, int nh, const float X[restrict nt][nin],
                 const float Wx[restrict 4 * nh][nin], const float Wh[restrict 4 * nh][nh],
                 const float B[restrict 4 * nh], float Z[restrict 4 * nh],
                 float Cst[restrict nh], float H[restrict nt + 1][nh])
{
    int t, g, k, j;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (g = 0; g < 4 * nh; g++) {
            float z = B[g];
            for (k = 0; k < nin; k++)
                z += Wx[g][k] * X[t][k];
            for (k = 0; k < nh; k++)
                z += Wh[g][k] * H[t][k];
            Z[g] = z;
        }
        for (j = 0; j < nh; j++) {
            Cst[j] = Cst[j] / (1.0f + expf(-Z[nh + j]))
                   + (2.0f / (1.0f + expf(-2.0f * Z[2 * nh + j])) - 1.0f) / (1.0f + expf(-Z[j]));
            H[t + 1][j] = (2.0f / (1.0f + expf(-2.0f * Cst[j])) - 1.0f) / (1.0f + expf(-Z[3 * nh + j]));
        }
    }
#pragma endscop
}

int main(void)
{
    int nt = NT, nin = NIN, nh = NHID;
    float (*X)[nin] = malloc(sizeof(float[nt][nin]));
    float (*Wx)[nin] = malloc(sizeof(float[4 * nh][nin]));
    float (*Wh)[nh] = malloc(sizeof(float[4 * nh][nh]));
    float *B = malloc(sizeof(float[4 * nh]));
    float *Z = malloc(sizeof(float[4 * nh]));
    float *Cst = malloc(sizeof(float[nh]));
    float (*H)[nh] = malloc(sizeof(float[nt + 1][nh]));
    if (!X || !Wx || !Wh || !B || !Z || !Cst || !H)
        return 1;
    /* weights within +-0.04 and features within +-1: every pre-activation stays below
     * 31 in size, so no expf comes near overflow or the denormals; the forget gates get
     * a bias of +1, as is usual */
    for (int t = 0; t < nt; t++)
        for (int k = 0; k < nin; k++)
            X[t][k] = (float)((t * 7 + k * 11 + (t / 3) * (k % 4)) % 41 - 20) / 20.0f;
    for (int g = 0; g < 4 * nh; g++) {
        for (int k = 0; k < nin; k++)
            Wx[g][k] = 0.04f * (float)((g * 13 + k * 29) % 37 - 18) / 18.0f;
        for (int k = 0; k < nh; k++)
            Wh[g][k] = 0.04f * (float)((g * 17 + k * 7 + 5) % 31 - 15) / 15.0f;
        B[g] = (g >= nh && g < 2 * nh ? 1.0f : 0.0f) + 0.1f * (float)(g % 5 - 2) / 2.0f;
        Z[g] = 0.0f;
    }
    for (int j = 0; j < nh; j++) {
        Cst[j] = 0.0f;
        H[0][j] = 0.0f;
    }

    lstm(nt, nin, nh, X, Wx, Wh, B, Z, Cst, H);

    double sum = 0.0;
    for (int t = 1; t <= nt; t++)
        for (int j = 0; j < nh; j++)
            sum += (double)H[t][j] * (double)(1 + (t + 3 * j) % 7);
    for (int j = 0; j < nh; j++)
        sum += (double)Cst[j] * (double)(1 + j % 5);
    printf("%.10e\n", sum);
    free(X); free(Wx); free(Wh); free(B); free(Z); free(Cst); free(H);
    return 0;
}
