/* Satellite navigation: dilution of precision of a GNSS constellation over a grid of
 * receiver sites through a day. Every epoch, site and satellite: the unit line of
 * sight (block-local, 1/sqrtf), the elevation sine against the site's vertical and the
 * visibility weight above a 10 degree mask (ternary), the geometry row (-u, 1); per
 * site the weighted normal matrix G^T W G (4 x 4 lower triangle, a contraction over
 * the satellites, with a small prior on the diagonal), its Cholesky factor in place
 * (triangular, sqrtf), the inverse of the factor by forward substitution (triangular)
 * and from it the position and geometric DOP (sums of squares, sqrtf), the number of
 * visible satellites, the mean GDOP and the worst PDOP (ternary) over the day. Single
 * precision, sizes are #define (global arrays), fixed inner dimension four. */
#include <math.h>
#include <stdio.h>

#ifndef NSITE
#define NSITE 10240
#endif
#ifndef NSAT
#define NSAT 32
#endif
#ifndef NEPOCH
#define NEPOCH 144
#endif

static float Sat[NEPOCH][NSAT][3], Rx[NSITE][3], Up[NSITE][3];
static float G[NSITE][NSAT][4], Wv[NSITE][NSAT], N[NSITE][4][4], Li[NSITE][4][4];
static float Gdop[NSITE], Pworst[NSITE];
static int Nvis[NSITE];

static void dop(void)
{
    int e, r, s, a, b, m;
#pragma scop
    for (r = 0; r < NSITE; r++) {
        Gdop[r] = 0.0f;
        Pworst[r] = 0.0f;
        Nvis[r] = 0;
    }
    for (e = 0; e < NEPOCH; e++) {
        for (r = 0; r < NSITE; r++)
            for (s = 0; s < NSAT; s++) {
                float dx = Sat[e][s][0] - Rx[r][0], dy = Sat[e][s][1] - Rx[r][1], dz = Sat[e][s][2] - Rx[r][2];
                float ri = 1.0f / sqrtf(dx * dx + dy * dy + dz * dz);
                float el = (dx * Up[r][0] + dy * Up[r][1] + dz * Up[r][2]) * ri;
                Wv[r][s] = el > 0.17365f ? 1.0f : 0.0f;
                G[r][s][0] = -dx * ri;
                G[r][s][1] = -dy * ri;
                G[r][s][2] = -dz * ri;
                G[r][s][3] = 1.0f;
            }
        for (r = 0; r < NSITE; r++)
            for (a = 0; a < 4; a++)
                for (b = 0; b <= a; b++) {
                    N[r][a][b] = a == b ? 1e-3f : 0.0f;
                    for (s = 0; s < NSAT; s++)
                        N[r][a][b] += Wv[r][s] * G[r][s][a] * G[r][s][b];
                }
        for (r = 0; r < NSITE; r++)
            for (a = 0; a < 4; a++) {
                for (b = 0; b < a; b++) {
                    for (m = 0; m < b; m++)
                        N[r][a][b] -= N[r][a][m] * N[r][b][m];
                    N[r][a][b] /= N[r][b][b];
                }
                for (m = 0; m < a; m++)
                    N[r][a][a] -= N[r][a][m] * N[r][a][m];
                N[r][a][a] = sqrtf(N[r][a][a]);
            }
        for (r = 0; r < NSITE; r++)
            for (b = 0; b < 4; b++)
                for (a = b; a < 4; a++) {
                    Li[r][a][b] = a == b ? 1.0f : 0.0f;
                    for (m = b; m < a; m++)
                        Li[r][a][b] -= N[r][a][m] * Li[r][m][b];
                    Li[r][a][b] /= N[r][a][a];
                }
        for (r = 0; r < NSITE; r++) {
            float p = 0.0f, g = 0.0f;
            for (a = 0; a < 4; a++)
                for (b = 0; b <= a; b++) {
                    p += a < 3 ? Li[r][a][b] * Li[r][a][b] : 0.0f;
                    g += Li[r][a][b] * Li[r][a][b];
                }
            for (s = 0; s < NSAT; s++)
                Nvis[r] += Wv[r][s] > 0.5f ? 1 : 0;
            Gdop[r] += sqrtf(g) / NEPOCH;
            Pworst[r] = sqrtf(p) > Pworst[r] ? sqrtf(p) : Pworst[r];
        }
    }
#pragma endscop
}

int main(void)
{
    /* Walker-like constellation: 32 satellites on 8 planes inclined 55 degrees, orbit
     * radius 26560 km, positions every 10 minutes (Earth-fixed, rotation ignored);
     * sites on a latitude-longitude grid within +-70 degrees on a 6371 km sphere (units
     * of 1000 km); the first 32 are the ones read in the checksum in detail */
    for (int e = 0; e < NEPOCH; e++)
        for (int s = 0; s < NSAT; s++) {
            float raan = 0.7853982f * (s % 8), u = 6.2831853f * ((float)(s / 8) / 4.0f + (float)(s % 8) / 32.0f) + 1.4584e-4f * 600.0f * e * 1.002f;
            float ci = 0.5735764f, si = 0.8191520f, rr = 26.56f;
            Sat[e][s][0] = rr * (cosf(raan) * cosf(u) - sinf(raan) * sinf(u) * ci);
            Sat[e][s][1] = rr * (sinf(raan) * cosf(u) + cosf(raan) * sinf(u) * ci);
            Sat[e][s][2] = rr * sinf(u) * si;
        }
    for (int r = 0; r < NSITE; r++) {
        float lat = -1.2217305f + 2.443461f * (float)((r * 61) % 97) / 96.0f, lon = 6.2831853f * (float)((r * 29) % 89) / 89.0f + 0.001f * r;
        Up[r][0] = cosf(lat) * cosf(lon);
        Up[r][1] = cosf(lat) * sinf(lon);
        Up[r][2] = sinf(lat);
        for (int k = 0; k < 3; k++)
            Rx[r][k] = 6.371f * Up[r][k];
        Gdop[r] = Pworst[r] = 0.0f;
        Nvis[r] = 0;
    }

    dop();

    double sum = 0.0;
    for (int r = 0; r < NSITE; r++) {
        sum += ((double)Gdop[r] + 0.1 * Pworst[r] + 1e-4 * Nvis[r]) * (double)(1 + r % 7);
        for (int a = 0; a < 4; a++)
            for (int b = 0; b <= a; b++)
                sum += 1e-3 * Li[r][a][b] * (double)(1 + (r + a + 2 * b) % 5);
    }
    printf("%.10e\n", sum);
    return 0;
}
