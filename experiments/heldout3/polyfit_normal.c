/* Weighted least-squares polynomial fit, assembly stage: the row-scaled Vandermonde
 * (design) matrix V[i][k] = sqrt(w_i) t_i^k is built by a recurrence along each row
 * (the caller fills the first column with sqrt(w_i)), then the lower triangle of the
 * normal matrix G = V^T V is accumulated. Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void normal_matrix(int m, int nk, const double t[restrict m], double V[restrict m][nk],
                          double G[restrict nk][nk])
{
    int i, k, l;
#pragma scop
    for (i = 0; i < m; i++)
        for (k = 1; k < nk; k++)
            V[i][k] = V[i][k - 1] * t[i];
    for (k = 0; k < nk; k++)
        for (l = 0; l <= k; l++) {
            G[k][l] = 0.0;
            for (i = 0; i < m; i++)
                G[k][l] += V[i][k] * V[i][l];
        }
#pragma endscop
}

int main(void)
{
    int m = 200000, nk = 40;
    double *t = malloc(sizeof(double[m]));
    double (*V)[nk] = malloc(sizeof(double[m][nk]));
    double (*G)[nk] = malloc(sizeof(double[nk][nk]));
    if (!t || !V || !G)
        return 1;
    for (int i = 0; i < m; i++) {
        /* abscissae in [-1, 1], denser near the ends; weights 0.5 .. 1.5 */
        double u = -1.0 + 2.0 * (double)i / (m - 1);
        t[i] = u * (1.5 - 0.5 * u * u);
        V[i][0] = sqrt(0.5 + (double)((i * 7) % 11) / 10.0);
    }

    normal_matrix(m, nk, t, V, G);

    double sum = 0.0;
    for (int k = 0; k < nk; k++)
        for (int l = 0; l <= k; l++)
            sum += G[k][l] * (double)(1 + (k * 3 + l) % 7);
    for (int i = 0; i < m; i += 97)
        sum += 1e-3 * V[i][nk - 1] * (double)(1 + i % 5);
    printf("%.10e\n", sum);
    free(t); free(V); free(G);
    return 0;
}
