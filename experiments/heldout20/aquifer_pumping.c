/* Transient groundwater flow in a confined aquifer with pumping wells: explicit finite
 * differences for S dh/dt = div(T grad h) - Q on a square grid. The west column is a
 * river at fixed stage and the other borders keep their initial head. Per time step:
 * for every inner cell the four face transmissivities as harmonic means of the cell
 * values (block-local), the new head from the face fluxes minus the pumping rate
 * (divided by the cell storativity), then the heads copied back, the largest drawdown
 * below the initial head (ternary) and the net flow from the river into the aquifer for
 * the step. Double precision; sizes are parameters (VLA), passed through local int
 * variables. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NG
#define NG 560
#endif
#ifndef NSTEP
#define NSTEP 400
#endif

static void aquifer(int n, int nt, double dt, double T[n][n], double Sto[n][n],
                    double Q[n][n], double H0[n][n], double H[n][n], double Hn[n][n],
                    double maxdd[nt], double river[nt])
{
    int t, i, j;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < n - 1; j++) {
                double te = 2.0 * T[i][j] * T[i][j + 1] / (T[i][j] + T[i][j + 1]);
                double tw = 2.0 * T[i][j] * T[i][j - 1] / (T[i][j] + T[i][j - 1]);
                double tn = 2.0 * T[i][j] * T[i - 1][j] / (T[i][j] + T[i - 1][j]);
                double ts = 2.0 * T[i][j] * T[i + 1][j] / (T[i][j] + T[i + 1][j]);
                double flux = te * (H[i][j + 1] - H[i][j]) - tw * (H[i][j] - H[i][j - 1])
                            + ts * (H[i + 1][j] - H[i][j]) - tn * (H[i][j] - H[i - 1][j]);
                Hn[i][j] = H[i][j] + dt * (flux - Q[i][j]) / Sto[i][j];
            }
        maxdd[t] = 0.0;
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < n - 1; j++) {
                H[i][j] = Hn[i][j];
                maxdd[t] = H0[i][j] - H[i][j] > maxdd[t] ? H0[i][j] - H[i][j] : maxdd[t];
            }
        river[t] = 0.0;
        for (i = 1; i < n - 1; i++)
            river[t] += 2.0 * T[i][0] * T[i][1] / (T[i][0] + T[i][1]) * (H[i][0] - H[i][1]);
    }
#pragma endscop
}

int main(void)
{
    int n = NG, nt = NSTEP;
    double (*T)[NG] = malloc(sizeof(double) * (size_t)n * n);
    double (*Sto)[NG] = malloc(sizeof(double) * (size_t)n * n);
    double (*Q)[NG] = malloc(sizeof(double) * (size_t)n * n);
    double (*H0)[NG] = malloc(sizeof(double) * (size_t)n * n);
    double (*H)[NG] = malloc(sizeof(double) * (size_t)n * n);
    double (*Hn)[NG] = malloc(sizeof(double) * (size_t)n * n);
    double *maxdd = malloc(sizeof(double) * (size_t)nt);
    double *river = malloc(sizeof(double) * (size_t)nt);
    if (!T || !Sto || !Q || !H0 || !H || !Hn || !maxdd || !river)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            /* transmissivity in grid units, 0.2 .. 1.0; storativity 1.0 .. 1.5 */
            T[i][j] = 0.2 + 0.8 * (double)((i / 16 * 7 + j / 24 * 5 + (i + j) % 3) % 10) / 9.0;
            Sto[i][j] = 1.0 + 0.5 * (double)((i * 13 + j * 7) % 11) / 10.0;
            Q[i][j] = ((i % 97 == 48) && (j % 89 == 60)) ? 0.8 : 0.0;
            H0[i][j] = 50.0 - 4.0 * (double)j / (double)n + 0.5 * (double)((i * 3) % 17) / 16.0;
            H[i][j] = H0[i][j];
            Hn[i][j] = H0[i][j];
        }
    aquifer(n, nt, 0.2, T, Sto, Q, H0, H, Hn, maxdd, river);
    double cs = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            cs += (H[i][j] + 0.5 * Hn[i][j]) * (double)((i * 5 + j * 3) % 103 + 1);
    for (int t = 0; t < nt; t++)
        cs += (maxdd[t] + river[t]) * (double)(t % 31 + 1);
    printf("%.10e\n", cs);
    free(T);
    free(Sto);
    free(Q);
    free(H0);
    free(H);
    free(Hn);
    free(maxdd);
    free(river);
    return 0;
}
