/* A counter-flow heat exchanger, two fluid streams in thermal contact along a tube of
 * n cells: per step the hot stream advected forward (upwind from i - 1) and the cold
 * stream backward (upwind from i + 1), both exchanging heat with the wall cell, the wall
 * relaxing toward both; inlet temperatures fixed at the two ends; then the copies back,
 * and the outlet temperatures recorded per step. Explicit, double; sizes are function
 * parameters (local int variables in main). One nest (the time loop with three
 * inside), 9 statements. */
#include <stdio.h>
#include <stdlib.h>

static void exchanger(int nt, int n, double *restrict th, double *restrict tc,
                      double *restrict tw, double *restrict nh, double *restrict nc,
                      double *restrict hot_out, double *restrict cold_out,
                      double ah, double ac, double kh, double kc, double kw)
{
    int t, i;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (i = 1; i < n - 1; i++) {
            nh[i] = th[i] - ah * (th[i] - th[i - 1]) - kh * (th[i] - tw[i]);
            nc[i] = tc[i] - ac * (tc[i] - tc[i + 1]) - kc * (tc[i] - tw[i]);
        }
        for (i = 1; i < n - 1; i++)
            tw[i] = tw[i] + kw * (th[i] - tw[i]) + kw * (tc[i] - tw[i]);
        for (i = 1; i < n - 1; i++) {
            th[i] = nh[i];
            tc[i] = nc[i];
        }
        th[n - 1] = th[n - 2];
        tc[0] = tc[1];
        hot_out[t] = th[n - 1];
        cold_out[t] = tc[0];
    }
#pragma endscop
}

int main(void)
{
    int nt = 2600, n = 60000;
    double *th = malloc(sizeof(double) * n), *tc = malloc(sizeof(double) * n);
    double *tw = malloc(sizeof(double) * n), *nh = malloc(sizeof(double) * n);
    double *nc = malloc(sizeof(double) * n);
    double *ho = malloc(sizeof(double) * nt), *co = malloc(sizeof(double) * nt);
    if (!th || !tc || !tw || !nh || !nc || !ho || !co)
        return 1;
    for (int i = 0; i < n; i++) {
        th[i] = 300.0 + 0.001 * (i % 97);
        tc[i] = 290.0 - 0.001 * (i % 89);
        tw[i] = 295.0;
        nh[i] = nc[i] = 0.0;
    }
    th[0] = 360.0;
    tc[n - 1] = 280.0;
    exchanger(nt, n, th, tc, tw, nh, nc, ho, co, 0.45, 0.35, 0.02, 0.015, 0.01);
    double cs = 0.0;
    for (int t = 0; t < nt; t++)
        cs += (ho[t] - co[t]) * (double)(t % 29 + 1);
    for (int i = 0; i < n; i++)
        cs += (th[i] + 2.0 * tc[i] + 3.0 * tw[i]) * (double)(i % 31 + 1) * 1.0e-3;
    printf("%.10e\n", cs);
    free(th);
    free(tc);
    free(tw);
    free(nh);
    free(nc);
    free(ho);
    free(co);
    return 0;
}
