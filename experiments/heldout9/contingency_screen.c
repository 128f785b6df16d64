/* Power systems: hourly N-1 contingency screening (two weeks ahead) of a transmission grid in the DC
 * approximation. For every hour of the plan the base-case line flows are the
 * power transfer distribution factors times the bus injections (block-local
 * accumulator); then for every single-line outage k the post-contingency flow of every
 * line l is F[l] + D[l][k] * F[k] with the line outage distribution factors read down
 * column k, and the worst loading |flow| / rating over the lines is kept by a maximum
 * ternary (block-local) and stored per hour and outage. Two nests in the hour loop;
 * sizes as macros, heap arrays. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NHOUR
#define NHOUR 336
#endif
#ifndef NLINE
#define NLINE 1200
#endif
#ifndef NBUS
#define NBUS 800
#endif

static void screen(double (*restrict PTDF)[NBUS], double (*restrict Pinj)[NBUS],
                   double (*restrict D)[NLINE], double *restrict Rate,
                   double *restrict F, double (*restrict Worst)[NLINE])
{
    int h, l, b, k;
#pragma scop
    for (h = 0; h < NHOUR; h++) {
        for (l = 0; l < NLINE; l++) {
            double f = 0.0;
            for (b = 0; b < NBUS; b++)
                f += PTDF[l][b] * Pinj[h][b];
            F[l] = f;
        }
        for (k = 0; k < NLINE; k++) {
            double worst = 0.0;
            for (l = 0; l < NLINE; l++) {
                double load = fabs(F[l] + D[l][k] * F[k]) / Rate[l];
                worst = load > worst ? load : worst;
            }
            Worst[h][k] = worst;
        }
    }
#pragma endscop
}

int main(void)
{
    double (*PTDF)[NBUS] = malloc(sizeof(double[NLINE][NBUS]));
    double (*Pinj)[NBUS] = malloc(sizeof(double[NHOUR][NBUS]));
    double (*D)[NLINE] = malloc(sizeof(double[NLINE][NLINE]));
    double *Rate = malloc(sizeof(double[NLINE]));
    double *F = malloc(sizeof(double[NLINE]));
    double (*Worst)[NLINE] = malloc(sizeof(double[NHOUR][NLINE]));
    if (!PTDF || !Pinj || !D || !Rate || !F || !Worst)
        return 1;
    /* distribution factors within +-0.3, larger between electrically close lines and
     * buses; injections of -80 to +80 MW following a daily load curve, generation and
     * load balanced bus by bus in pairs; ratings 150 to 450 MW; the outage of a line
     * removes its own flow (D[k][k] = -1) */
    for (int l = 0; l < NLINE; l++) {
        Rate[l] = 150.0 + 300.0 * (double)((l * 29) % 41) / 40.0;
        F[l] = 0.0;
        for (int b = 0; b < NBUS; b++) {
            int dist = (l * 2 / 3 - b + 4 * NBUS) % NBUS;
            PTDF[l][b] = (dist < 24 ? 0.3 - 0.01 * dist : 0.02) * (((l + b) % 3) - 1.0 + 0.1);
        }
        for (int k = 0; k < NLINE; k++) {
            int dist = l > k ? l - k : k - l;
            D[l][k] = l == k ? -1.0 : (dist < 16 ? 0.3 : 0.03) * (double)((l * 5 + k * 3) % 7 - 3) / 3.0 + 0.001;
        }
    }
    for (int h = 0; h < NHOUR; h++) {
        double curve = 0.6 + 0.4 * (double)((h + 18) % 24) / 23.0;
        for (int b = 0; b < NBUS; b++)
            Pinj[h][b] = curve * (b % 2 == 0 ? 1.0 : -1.0) * (20.0 + (double)((b * 11) % 61));
    }

    screen(PTDF, Pinj, D, Rate, F, Worst);

    double sum = 0.0;
    for (int h = 0; h < NHOUR; h++)
        for (int k = 0; k < NLINE; k++)
            sum += Worst[h][k] * (double)(1 + (h + 3 * k) % 7);
    printf("%.10e\n", sum);
    free(PTDF); free(Pinj); free(D); free(Rate); free(F); free(Worst);
    return 0;
}
