/* Wireless communications: linear MMSE detection in an 8 x 8 MIMO-OFDM receiver, in the
 * real-valued equivalent model (16 x 16 real channel matrix [Re H, -Im H; Im H, Re H]
 * per subcarrier). Per subcarrier the regularised Gram matrix H^T H + sigma^2 I (lower
 * triangle, block-local sums over the receive dimensions, ternary for the diagonal
 * load) factorised in place by Cholesky (block-local sums over the row prefix,
 * sqrtf, triangular bounds); then per OFDM symbol on that subcarrier the matched
 * filter H^T y (channel read down its columns), forward substitution with L and back
 * substitution with L^T in place (triangular, the back substitution descending);
 * last the QPSK hard decisions per real dimension and the error vector magnitude
 * accumulated per subcarrier (ternaries, fabsf). Single precision (byte decisions),
 * sizes as macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NSC
#define NSC 2048        /* subcarriers */
#endif
#ifndef NSYM
#define NSYM 448        /* OFDM symbols */
#endif
#define NA 8            /* transmit streams = receive antennas */
#define N2 (2 * NA)
#define S2 0.08f        /* noise variance over symbol energy per real dimension */
#define AQ 0.70710678f  /* QPSK amplitude per real dimension */

static float H[NSC][N2][N2];       /* real-valued channel, row = receive dimension */
static float L[NSC][N2][N2];       /* Gram matrix, then its Cholesky factor */
static float Y[NSC][NSYM][N2];     /* received samples */
static float Z[NSC][NSYM][N2];     /* matched filter, then the equalised symbols */
static unsigned char Dec[NSC][NSYM][N2]; /* hard decisions */
static float Evm[NSC];

static void detect(void)
{
    int k, n, i, j, m, r;
#pragma scop
    for (k = 0; k < NSC; k++)
        for (i = 0; i < N2; i++)
            for (j = 0; j <= i; j++) {
                float g = i == j ? S2 : 0.0f;
                for (r = 0; r < N2; r++)
                    g += H[k][r][i] * H[k][r][j];
                L[k][i][j] = g;
            }
    for (k = 0; k < NSC; k++)
        for (j = 0; j < N2; j++) {
            float d = L[k][j][j];
            for (m = 0; m < j; m++)
                d -= L[k][j][m] * L[k][j][m];
            L[k][j][j] = sqrtf(d);
            for (i = j + 1; i < N2; i++) {
                float s = L[k][i][j];
                for (m = 0; m < j; m++)
                    s -= L[k][i][m] * L[k][j][m];
                L[k][i][j] = s / L[k][j][j];
            }
        }
    for (k = 0; k < NSC; k++)
        for (n = 0; n < NSYM; n++)
            for (i = 0; i < N2; i++) {
                float z = 0.0f;
                for (r = 0; r < N2; r++)
                    z += H[k][r][i] * Y[k][n][r];
                Z[k][n][i] = z;
            }
    for (k = 0; k < NSC; k++)
        for (n = 0; n < NSYM; n++)
            for (i = 0; i < N2; i++) {
                float s = Z[k][n][i];
                for (m = 0; m < i; m++)
                    s -= L[k][i][m] * Z[k][n][m];
                Z[k][n][i] = s / L[k][i][i];
            }
    for (k = 0; k < NSC; k++)
        for (n = 0; n < NSYM; n++)
            for (i = N2 - 1; i >= 0; i--) {
                float s = Z[k][n][i];
                for (m = i + 1; m < N2; m++)
                    s -= L[k][m][i] * Z[k][n][m];
                Z[k][n][i] = s / L[k][i][i];
            }
    for (k = 0; k < NSC; k++) {
        Evm[k] = 0.0f;
        for (n = 0; n < NSYM; n++)
            for (i = 0; i < N2; i++) {
                Dec[k][n][i] = Z[k][n][i] > 0.0f ? 1 : 0;
                Evm[k] += (fabsf(Z[k][n][i]) - AQ) * (fabsf(Z[k][n][i]) - AQ);
            }
    }
#pragma endscop
}

int main(void)
{
    /* channel: per antenna pair two propagation paths with delays of 0 to 7 and 5 to
     * 40 samples (the frequency response rotates across the subcarriers), gains 0.25
     * to 0.6 and phases from the antenna indices; transmitted QPSK symbols from a hash
     * of (subcarrier, symbol, stream); noise of about sigma = 0.2 per dimension from
     * a second hash (received samples are noisy, decisions mostly right) */
    const float pi = 3.14159265f;
    for (int k = 0; k < NSC; k++) {
        for (int r = 0; r < NA; r++)
            for (int a = 0; a < NA; a++) {
                float g1 = 0.25f + 0.35f * (float)((r * 5 + a * 3) % 7) / 6.0f;
                float g2 = 0.25f + 0.35f * (float)((r * 3 + a * 5 + 2) % 11) / 10.0f;
                float p1 = 0.9f * r + 1.7f * a - 2.0f * pi * k * (float)((r + 2 * a) % 8) / NSC;
                float p2 = 2.3f * r - 0.6f * a - 2.0f * pi * k * (5.0f + (float)((7 * r + a) % 36)) / NSC;
                float hr = g1 * cosf(p1) + g2 * cosf(p2), hi = g1 * sinf(p1) + g2 * sinf(p2);
                H[k][r][a] = hr;
                H[k][r][a + NA] = -hi;
                H[k][r + NA][a] = hi;
                H[k][r + NA][a + NA] = hr;
            }
        for (int i = 0; i < N2; i++)
            for (int j = 0; j < N2; j++)
                L[k][i][j] = 0.0f;
        for (int n = 0; n < NSYM; n++) {
            float x[N2];
            for (int a = 0; a < N2; a++)
                x[a] = ((k * 7 + n * 13 + a * 5 + (k * n) % 3) % 4) < 2 ? AQ : -AQ;
            for (int r = 0; r < N2; r++) {
                float y = 0.0f;
                for (int a = 0; a < N2; a++)
                    y += H[k][r][a] * x[a];
                unsigned h = (unsigned)(k * NSYM + n) * 2654435761u ^ (unsigned)(r + 1) * 2246822519u;
                h ^= h >> 15;
                h *= 2654435761u;
                h ^= h >> 13;
                Y[k][n][r] = y + 0.35f * ((float)(h % 2001u) / 1000.0f - 1.0f);
                Z[k][n][r] = 0.0f;
                Dec[k][n][r] = 0;
            }
        }
        Evm[k] = 0.0f;
    }

    detect();

    double sum = 0.0;
    for (int k = 0; k < NSC; k++) {
        for (int n = 0; n < NSYM; n++)
            for (int i = 0; i < N2; i++)
                sum += ((double)Z[k][n][i] + 1.0 + 1e-4 * Dec[k][n][i]) * (double)(1 + (k + 3 * n + 5 * i) % 7);
        sum += 1e-2 * (double)Evm[k] * (double)(1 + k % 5);
    }
    printf("%.10e\n", sum);
    return 0;
}
