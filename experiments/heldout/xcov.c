/* Cross-covariance in single precision between two groups of signals sampled together
 * (X: P channels, Y: Q channels, S samples): column means, centring, then
 * C[p][q] = sum over samples of X[s][p] * Y[s][q] / (S - 1). */
#include <stdio.h>
#include <stdlib.h>

#ifndef S
#define S 4000
#endif
#ifndef P
#define P 600
#endif
#ifndef Q
#define Q 500
#endif

static void cross_covariance(float C[restrict P][Q], float X[restrict S][P],
                             float Y[restrict S][Q], float mx[restrict P], float my[restrict Q])
{
    int s, p, q;
#pragma scop
    for (p = 0; p < P; p++) {
        mx[p] = 0.0f;
        for (s = 0; s < S; s++)
            mx[p] += X[s][p];
        mx[p] = mx[p] / S;
    }
    for (q = 0; q < Q; q++) {
        my[q] = 0.0f;
        for (s = 0; s < S; s++)
            my[q] += Y[s][q];
        my[q] = my[q] / S;
    }
    for (s = 0; s < S; s++) {
        for (p = 0; p < P; p++)
            X[s][p] -= mx[p];
        for (q = 0; q < Q; q++)
            Y[s][q] -= my[q];
    }
    for (p = 0; p < P; p++)
        for (q = 0; q < Q; q++) {
            C[p][q] = 0.0f;
            for (s = 0; s < S; s++)
                C[p][q] += X[s][p] * Y[s][q];
            C[p][q] = C[p][q] / (S - 1);
        }
#pragma endscop
}

int main(void)
{
    float (*X)[P] = malloc(sizeof(float[S][P]));
    float (*Y)[Q] = malloc(sizeof(float[S][Q]));
    float (*C)[Q] = malloc(sizeof(float[P][Q]));
    float *mx = malloc(sizeof(float[P]));
    float *my = malloc(sizeof(float[Q]));
    if (!X || !Y || !C || !mx || !my)
        return 1;
    for (int s = 0; s < S; s++) {
        float common = (float)(s % 10) / 10.0f;     /* a signal both groups share */
        for (int p = 0; p < P; p++)
            X[s][p] = (float)((s * 7 + p * 3) % 17) / 17.0f + 0.5f + common * (1 + p % 3);
        for (int q = 0; q < Q; q++)
            Y[s][q] = (float)((s * 5 + q * 11) % 19) / 19.0f - 0.25f + common * (1 + q % 4);
    }

    cross_covariance(C, X, Y, mx, my);

    double sum = 0.0;
    for (int p = 0; p < P; p++)
        for (int q = 0; q < Q; q++)
            sum += (double)C[p][q] * (1 + (p + 2 * q) % 7);
    printf("%.10e\n", sum);
    free(X);
    free(Y);
    free(C);
    free(mx);
    free(my);
    return 0;
}
