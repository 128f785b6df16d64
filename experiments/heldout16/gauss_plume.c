/* Air quality: hourly ground-level concentrations of SO2 from the stacks of an
 * industrial area on a receptor grid with a Gaussian plume model. Per hour the wind
 * direction vector (cosf, sinf), the Pasquill-Gifford stability class from the wind
 * speed and day or night (nested ternaries) and with it the dispersion coefficients
 * and the wind profile exponent (ternaries); per hour and stack the wind at stack
 * height (powf) and the Briggs final plume rise (ternary between the momentum and
 * buoyancy regimes, powf); per hour, receptor and stack the downwind and crosswind
 * distances (block-local), the plume spreads (powf, ternary cap) and the reflected
 * Gaussian concentration (expf, ternaries for upwind receptors and negligible
 * tails) summed over the stacks; per receptor the period mean, the highest hourly
 * value and the hours above the limit (ternaries); last the period mean and the row
 * maxima. Single precision, sizes are #define (global arrays). */
#include <math.h>
#include <stdio.h>

#ifndef NHOUR
#define NHOUR 216
#endif
#ifndef NSTACK
#define NSTACK 16
#endif
#ifndef NGX
#define NGX 64
#endif
#ifndef NGY
#define NGY 64
#endif
#define DXR 250.0f
#define ZREC 1.5f
#define LIMIT 350.0f

static float Wsp[NHOUR], Wdir[NHOUR], Cw[NHOUR], Sw[NHOUR], Ay[NHOUR], Az[NHOUR], Bz[NHOUR], Pex[NHOUR];
static int Day[NHOUR], Cls[NHOUR];
static float Xs[NSTACK], Ys[NSTACK], Hs[NSTACK], Qs[NSTACK], Fb[NSTACK];
static float Us[NHOUR][NSTACK], He[NHOUR][NSTACK];
static float Ch[NGY][NGX], Avg[NGY][NGX], Mx[NGY][NGX], RowMax[NGY];
static int Nex[NGY][NGX];

static void dispersion(void)
{
    int h, s, i, j;
#pragma scop
    for (h = 0; h < NHOUR; h++) {
        Cw[h] = cosf(Wdir[h]);
        Sw[h] = sinf(Wdir[h]);
        Cls[h] = Day[h] ? (Wsp[h] < 2.0f ? 0 : Wsp[h] < 3.0f ? 1 : Wsp[h] < 5.0f ? 2 : 3) : (Wsp[h] < 3.0f ? 5 : Wsp[h] < 5.0f ? 4 : 3);
        Ay[h] = Cls[h] == 0 ? 213.0f : Cls[h] == 1 ? 156.0f : Cls[h] == 2 ? 104.0f : Cls[h] == 3 ? 68.0f : Cls[h] == 4 ? 50.5f : 34.0f;
        Az[h] = Cls[h] == 0 ? 440.8f : Cls[h] == 1 ? 106.6f : Cls[h] == 2 ? 61.0f : Cls[h] == 3 ? 33.2f : Cls[h] == 4 ? 22.8f : 14.35f;
        Bz[h] = Cls[h] == 0 ? 1.941f : Cls[h] == 1 ? 1.149f : Cls[h] == 2 ? 0.911f : Cls[h] == 3 ? 0.725f : Cls[h] == 4 ? 0.678f : 0.740f;
        Pex[h] = Cls[h] <= 1 ? 0.07f : Cls[h] == 2 ? 0.10f : Cls[h] == 3 ? 0.15f : Cls[h] == 4 ? 0.35f : 0.55f;
    }
    for (h = 0; h < NHOUR; h++)
        for (s = 0; s < NSTACK; s++) {
            Us[h][s] = Wsp[h] * powf(Hs[s] / 10.0f, Pex[h]);
            He[h][s] = Hs[s] + 1.6f * powf(Fb[s], 1.0f / 3.0f) * powf(3.5f * (Fb[s] < 55.0f ? 14.0f * powf(Fb[s], 0.625f) : 34.0f * powf(Fb[s], 0.4f)), 2.0f / 3.0f) / Us[h][s];
        }
    for (i = 0; i < NGY; i++)
        for (j = 0; j < NGX; j++) {
            Avg[i][j] = 0.0f;
            Mx[i][j] = 0.0f;
            Nex[i][j] = 0;
        }
    for (h = 0; h < NHOUR; h++) {
        for (i = 0; i < NGY; i++)
            for (j = 0; j < NGX; j++)
                Ch[i][j] = 0.0f;
        for (i = 0; i < NGY; i++)
            for (j = 0; j < NGX; j++)
                for (s = 0; s < NSTACK; s++) {
                    float dx = j * DXR - Xs[s], dy = i * DXR - Ys[s];
                    float xd = dx * Sw[h] + dy * Cw[h], yc = dx * Cw[h] - dy * Sw[h];
                    float xk = xd > 100.0f ? xd / 1000.0f : 0.1f;
                    float sy = Ay[h] * powf(xk, 0.894f), sz = Az[h] * powf(xk, Bz[h]);
                    float szc = sz > 3000.0f ? 3000.0f : sz;
                    float ay = yc * yc / (2.0f * sy * sy);
                    float a1 = (ZREC - He[h][s]) * (ZREC - He[h][s]) / (2.0f * szc * szc), a2 = (ZREC + He[h][s]) * (ZREC + He[h][s]) / (2.0f * szc * szc);
                    Ch[i][j] += xd > 100.0f && ay < 40.0f ? 1.0e6f * Qs[s] / (6.2831853f * Us[h][s] * sy * szc) * expf(-ay)
                                                                * ((a1 < 40.0f ? expf(-a1) : 0.0f) + (a2 < 40.0f ? expf(-a2) : 0.0f))
                                                          : 0.0f;
                }
        for (i = 0; i < NGY; i++)
            for (j = 0; j < NGX; j++) {
                Avg[i][j] += Ch[i][j];
                Mx[i][j] = Ch[i][j] > Mx[i][j] ? Ch[i][j] : Mx[i][j];
                Nex[i][j] += Ch[i][j] > LIMIT ? 1 : 0;
            }
    }
    for (i = 0; i < NGY; i++) {
        RowMax[i] = 0.0f;
        for (j = 0; j < NGX; j++) {
            Avg[i][j] = Avg[i][j] / NHOUR;
            RowMax[i] = Mx[i][j] > RowMax[i] ? Mx[i][j] : RowMax[i];
        }
    }
#pragma endscop
}

int main(void)
{
    /* met: wind 1-9 m/s veering slowly with hashed gusts, daytime 7-18 h; stacks of
     * 30-150 m in the middle half of the domain, emissions 20-400 g/s, buoyancy fluxes
     * 5-300 m^4/s^3 */
    for (int h = 0; h < NHOUR; h++) {
        unsigned u = (unsigned)(h + 1) * 2654435761u;
        u ^= u >> 15;
        u *= 2246822519u;
        u ^= u >> 13;
        Wsp[h] = 1.0f + 4.0f * (1.0f + sinf(0.13f * h)) + 0.5f * (float)(u % 100u) / 100.0f;
        Wsp[h] = Wsp[h] > 9.0f ? 9.0f : Wsp[h];
        Wdir[h] = 0.6f + 0.02f * h + 0.8f * sinf(0.05f * h) + 0.3f * (float)((u >> 8) % 100u) / 100.0f;
        Day[h] = h % 24 >= 7 && h % 24 < 18;
        Cw[h] = Sw[h] = Ay[h] = Az[h] = Bz[h] = Pex[h] = 0.0f;
        Cls[h] = 0;
    }
    for (int s = 0; s < NSTACK; s++) {
        Xs[s] = 0.25f * NGX * DXR + 0.5f * NGX * DXR * (float)((s * 7) % 13) / 12.0f;
        Ys[s] = 0.25f * NGY * DXR + 0.5f * NGY * DXR * (float)((s * 5) % 11) / 10.0f;
        Hs[s] = 30.0f + 120.0f * (float)((s * 3) % 7) / 6.0f;
        Qs[s] = 20.0f + 380.0f * (float)((s * 11) % 9) / 8.0f;
        Fb[s] = 5.0f + 295.0f * (float)((s * 13) % 10) / 9.0f;
        for (int h = 0; h < NHOUR; h++)
            Us[h][s] = He[h][s] = 0.0f;
    }
    for (int i = 0; i < NGY; i++) {
        RowMax[i] = 0.0f;
        for (int j = 0; j < NGX; j++) {
            Ch[i][j] = Avg[i][j] = Mx[i][j] = 0.0f;
            Nex[i][j] = 0;
        }
    }

    dispersion();

    double sum = 0.0;
    for (int i = 0; i < NGY; i++) {
        for (int j = 0; j < NGX; j++)
            sum += ((double)Avg[i][j] + 0.1 * Mx[i][j] + Nex[i][j] + 0.01 * Ch[i][j]) * (double)(1 + (i + 3 * j) % 7);
        sum += 0.1 * RowMax[i] * (double)(1 + i % 5);
    }
    for (int h = 0; h < NHOUR; h++)
        for (int s = 0; s < NSTACK; s++)
            sum += 0.01 * He[h][s] * (double)(1 + (h + s) % 3);
    printf("%.10e\n", sum);
    return 0;
}
