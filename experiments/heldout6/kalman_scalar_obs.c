/* Sequential Kalman measurement update (navigation / data assimilation): a state of N
 * components with a dense error covariance P is corrected by NOBS scalar observations
 * processed one after another, observation k measuring state component k * STRIDE with
 * noise variance ROBS. For each observation the observed row of P is saved (it is also
 * the column, P being symmetric), the innovation stored, the gain formed, and the state
 * and the whole covariance updated by the rank-1 term P -= g h^T. Global arrays. */
#include <stdio.h>

#ifndef N
#define N 2048
#endif
#ifndef STRIDE
#define STRIDE 8
#endif
#ifndef NOBS
#define NOBS 256
#endif
#ifndef ROBS
#define ROBS 0.5
#endif

static double P[N][N], x[N], h[N], g[N], z[NOBS], innov[NOBS];

static void kalman_update(void)
{
    int k, i, j;
#pragma scop
    for (k = 0; k < NOBS; k++) {
        for (j = 0; j < N; j++)
            h[j] = P[k * STRIDE][j];
        innov[k] = z[k] - x[k * STRIDE];
        for (i = 0; i < N; i++)
            g[i] = h[i] / (h[k * STRIDE] + ROBS);
        for (i = 0; i < N; i++) {
            x[i] += g[i] * innov[k];
            for (j = 0; j < N; j++)
                P[i][j] -= g[i] * h[j];
        }
    }
#pragma endscop
}

int main(void)
{
    /* prior covariance: a Cauchy correlation (positive definite) of length 20 plus a
     * nugget on the diagonal that no other component's observation reduces, so every
     * observed variance is still 0.5 or more when its observation comes: no pivot
     * h[k * STRIDE] + ROBS below 1, entries of P at most 1.5 in size */
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            double d = (double)(i - j) / 20.0;
            P[i][j] = 1.0 / (1.0 + d * d) + (i == j ? 0.5 : 0.0);
        }
        x[i] = 1.0 + 0.5 * (double)((i * 7) % 13) / 13.0;
    }
    for (int k = 0; k < NOBS; k++)
        z[k] = 1.5 + 0.4 * (double)((k * 11) % 17 - 8) / 8.0;

    kalman_update();

    double sum = 0.0;
    for (int k = 0; k < NOBS; k++)
        sum += innov[k] * (double)(1 + k % 5);
    for (int i = 0; i < N; i++) {
        sum += x[i] * (double)(1 + i % 7);
        for (int j = 0; j < N; j++)
            sum += P[i][j] * (double)(1 + (i + 2 * j) % 11);
    }
    printf("%.10e\n", sum);
    return 0;
}
