/* Gaussian smoothing of an MRI volume before statistical analysis: a separable 7-tap
 * kernel (radius R = 3) applied along z into a scratch volume, along y into a second
 * one, and along x back into the volume, each output summed tap by tap into its array
 * element; each pass covers the voxels at least R from its own axis' ends, the others
 * keep their values. Heap arrays of fixed size, passed as pointers to planes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NX
#define NX 320
#endif
#ifndef NY
#define NY 320
#endif
#ifndef NZ
#define NZ 320
#endif
#define R 3

static void smooth3d(float (*restrict V)[NY][NZ], float (*restrict A)[NY][NZ],
                     float (*restrict B)[NY][NZ], const float w[restrict 2 * R + 1])
{
    int i, j, k, t;
#pragma scop
    for (i = 0; i < NX; i++)
        for (j = 0; j < NY; j++)
            for (k = R; k < NZ - R; k++) {
                A[i][j][k] = 0.0f;
                for (t = 0; t <= 2 * R; t++)
                    A[i][j][k] += w[t] * V[i][j][k - R + t];
            }
    for (i = 0; i < NX; i++)
        for (j = R; j < NY - R; j++)
            for (k = R; k < NZ - R; k++) {
                B[i][j][k] = 0.0f;
                for (t = 0; t <= 2 * R; t++)
                    B[i][j][k] += w[t] * A[i][j - R + t][k];
            }
    for (i = R; i < NX - R; i++)
        for (j = R; j < NY - R; j++)
            for (k = R; k < NZ - R; k++) {
                V[i][j][k] = 0.0f;
                for (t = 0; t <= 2 * R; t++)
                    V[i][j][k] += w[t] * B[i - R + t][j][k];
            }
#pragma endscop
}

int main(void)
{
    float (*V)[NY][NZ] = malloc(sizeof(float[NX][NY][NZ]));
    float (*A)[NY][NZ] = malloc(sizeof(float[NX][NY][NZ]));
    float (*B)[NY][NZ] = malloc(sizeof(float[NX][NY][NZ]));
    float w[2 * R + 1];
    if (!V || !A || !B)
        return 1;
    /* normalised Gaussian weights (sigma 1.5 voxels); intensities between 50 and 950:
     * tissue classes in nested shells plus a ripple (scanner noise stand-in) */
    float ws = 0.0f;
    for (int t = 0; t <= 2 * R; t++) {
        w[t] = expf(-(float)((t - R) * (t - R)) / (2.0f * 1.5f * 1.5f));
        ws += w[t];
    }
    for (int t = 0; t <= 2 * R; t++)
        w[t] /= ws;
    for (int i = 0; i < NX; i++)
        for (int j = 0; j < NY; j++)
            for (int k = 0; k < NZ; k++) {
                int r = abs(2 * i - NX) + abs(2 * j - NY) + abs(2 * k - NZ);
                V[i][j][k] = 150.0f + 200.0f * (float)((r / 40) % 4)
                           + 100.0f * (float)((i * 7 + j * 11 + k * 13) % 19) / 18.0f;
                A[i][j][k] = 0.0f;
                B[i][j][k] = 0.0f;
            }

    smooth3d(V, A, B, w);

    double sum = 0.0;
    for (int i = 0; i < NX; i++)
        for (int j = 0; j < NY; j++)
            for (int k = 0; k < NZ; k++)
                sum += (double)V[i][j][k] * (double)(1 + (i + 2 * j + 5 * k) % 9);
    printf("%.10e\n", sum);
    free(V); free(A); free(B);
    return 0;
}
