/* Recommender systems: item-item collaborative filtering. The ratings of NU users on
 * NI items come as a byte matrix R[u][i] (1 to 5 stars, 0 = not rated). First every
 * item's norm, the square root of its integer sum of squared ratings down its column
 * (read across the users: transposed); then the cosine similarity of every pair of
 * items j < i (triangular) from their integer co-rating dot product over the users
 * (block-local accumulator, both columns read down), divided by the two norms. Sizes
 * as macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NU
#define NU 2000
#endif
#ifndef NI
#define NI 2048
#endif

static unsigned char R[NU][NI];
static float Nrm[NI];
static float S[NI][NI];

static void similarities(void)
{
    int i, j, u;
#pragma scop
    for (i = 0; i < NI; i++) {
        int s = 0;
        for (u = 0; u < NU; u++)
            s += R[u][i] * R[u][i];
        Nrm[i] = sqrtf((float)s);
    }
    for (i = 0; i < NI; i++)
        for (j = 0; j < i; j++) {
            int d = 0;
            for (u = 0; u < NU; u++)
                d += R[u][i] * R[u][j];
            S[i][j] = (float)d / (Nrm[i] * Nrm[j]);
        }
#pragma endscop
}

int main(void)
{
    /* about 40 % of the entries rated; popular items (low index) rated more often;
     * user u always rates item u % NI, so (with NU >= NI) every item has a rating and
     * a positive norm */
    for (int u = 0; u < NU; u++)
        for (int i = 0; i < NI; i++) {
            int h = (u * 37 + i * 91 + (u / 7) * (i / 5)) % 101;
            int rated = h < 30 + 25 * (NI - i) / NI || i == u % NI;
            R[u][i] = (unsigned char)(rated ? 1 + (u * 3 + i * 5 + h) % 5 : 0);
        }

    similarities();

    double sum = 0.0;
    for (int i = 0; i < NI; i++) {
        sum += (double)Nrm[i] * (double)(1 + i % 3);
        for (int j = 0; j < i; j++)
            sum += (double)S[i][j] * (double)(1 + (i + 3 * j) % 7);
    }
    printf("%.10e\n", sum);
    return 0;
}
