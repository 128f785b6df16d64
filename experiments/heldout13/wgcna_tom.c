/* Systems biology / gene co-expression networks (WGCNA): the topological overlap
 * matrix of a set of genes from their expression profiles. Per gene the mean and the
 * inverse norm of the centred profile (block-local sums), the standardised profiles;
 * the unsigned soft-thresholded adjacency |r_ij|^6 of every pair from the correlation
 * (block-local dot product, ternary for the zero diagonal); every gene's connectivity;
 * the shared-neighbour counts sum_u a_iu a_uj accumulated with u in the middle loop
 * (i, u, j order, starting from a_ij); last the topological overlap
 * (l_ij + a_ij) / (min(k_i, k_j) + 1 - a_ij) with the minimum as a ternary, stored as a
 * dissimilarity 1 - TOM. Single precision, sizes are arguments passed as macros. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NGENE
#define NGENE 1792
#endif
#ifndef NSAMP
#define NSAMP 96
#endif

static void tom(int ng, int ns, const float X[restrict ng][ns], float Mu[restrict ng],
                float Z[restrict ng][ns], float A[restrict ng][ng], float K[restrict ng],
                float L[restrict ng][ng], float D[restrict ng][ng])
{
    int i, j, u, s;
#pragma scop
    for (i = 0; i < ng; i++) {
        float m = 0.0f;
        for (s = 0; s < ns; s++)
            m += X[i][s];
        Mu[i] = m / ns;
    }
    for (i = 0; i < ng; i++) {
        float q = 0.0f;
        for (s = 0; s < ns; s++)
            q += (X[i][s] - Mu[i]) * (X[i][s] - Mu[i]);
        for (s = 0; s < ns; s++)
            Z[i][s] = (X[i][s] - Mu[i]) / sqrtf(q);
    }
    for (i = 0; i < ng; i++)
        for (j = 0; j < ng; j++) {
            float r = 0.0f;
            for (s = 0; s < ns; s++)
                r += Z[i][s] * Z[j][s];
            A[i][j] = i == j ? 0.0f : r * r * r * r * r * r;
        }
    for (i = 0; i < ng; i++) {
        K[i] = 0.0f;
        for (j = 0; j < ng; j++)
            K[i] += A[i][j];
    }
    for (i = 0; i < ng; i++)
        for (j = 0; j < ng; j++)
            L[i][j] = A[i][j];
    for (i = 0; i < ng; i++)
        for (u = 0; u < ng; u++)
            for (j = 0; j < ng; j++)
                L[i][j] += A[i][u] * A[u][j];
    for (i = 0; i < ng; i++)
        for (j = 0; j < ng; j++)
            D[i][j] = 1.0f - L[i][j] / ((K[i] < K[j] ? K[i] : K[j]) + 1.0f - A[i][j]);
#pragma endscop
}

int main(void)
{
    float (*X)[NSAMP] = malloc(sizeof(float[NGENE][NSAMP]));
    float (*Z)[NSAMP] = malloc(sizeof(float[NGENE][NSAMP]));
    float (*A)[NGENE] = malloc(sizeof(float[NGENE][NGENE]));
    float (*L)[NGENE] = malloc(sizeof(float[NGENE][NGENE]));
    float (*D)[NGENE] = malloc(sizeof(float[NGENE][NGENE]));
    float *Mu = malloc(sizeof(float[NGENE]));
    float *K = malloc(sizeof(float[NGENE]));
    if (!X || !Z || !A || !L || !D || !Mu || !K)
        return 1;
    /* log-expression of genes in 12 modules: each module follows its own eigengene
     * (a sine over the samples with a module-dependent frequency and phase), loaded
     * with a gene-dependent weight 0.3 to 1, plus hashed noise; baselines 4 to 12 */
    for (int i = 0; i < NGENE; i++) {
        int mod = i % 12;
        float w = 0.3f + 0.7f * (float)((i * 17) % 29) / 28.0f;
        float base = 4.0f + 8.0f * (float)((i * 5) % 13) / 12.0f;
        for (int s = 0; s < NSAMP; s++) {
            float eg = sinf(0.11f * (mod + 1) * s + 0.7f * mod);
            float nz = (float)((i * 131 + s * 71 + (i / 12) * s) % 101 - 50) / 60.0f;
            X[i][s] = base + w * 2.0f * eg + nz;
            Z[i][s] = 0.0f;
        }
        Mu[i] = K[i] = 0.0f;
    }
    for (int i = 0; i < NGENE; i++)
        for (int j = 0; j < NGENE; j++)
            A[i][j] = L[i][j] = D[i][j] = 0.0f;

    tom(NGENE, NSAMP, X, Mu, Z, A, K, L, D);

    double sum = 0.0;
    for (int i = 0; i < NGENE; i++) {
        for (int j = 0; j < NGENE; j++)
            sum += (1.0 - (double)D[i][j]) * (double)(1 + (i + 3 * j) % 7);
        sum += (double)K[i] * (double)(1 + i % 5);
    }
    printf("%.10e\n", sum);
    free(X); free(Z); free(A); free(L); free(D); free(Mu); free(K);
    return 0;
}
