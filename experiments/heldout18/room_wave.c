/* Room acoustics: impulse response of a 2-D room section by the finite-difference
 * wave equation (second order in time and space, Courant number 0.5). Per step the
 * new pressure of every inner node with a damping layer along the walls (distance to
 * the nearest wall and the layer's damping by nested ternaries, block-local), the
 * running peak pressure map (ternary), a Ricker-wavelet source at one node (ternary
 * on the step, exp), the time levels shifted by copying, eight microphones along a
 * row recorded and the total energy summed; last the Schroeder backward integration
 * of every microphone's squared response (downward loop). Double precision, sizes
 * are arguments passed through local int variables (VLA parameters). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NY
#define NY 300
#endif
#ifndef NX
#define NX 400
#endif
#ifndef NSTEP
#define NSTEP 900
#endif
#define NMIC 8
#define NLAY 12
#define C2 0.25
#define TSRC 60

static void room_wave(int ny, int nx, int nt, int sy, int sx, int my, int mx, double w,
                      double Pp[restrict ny][nx], double P[restrict ny][nx], double Pn[restrict ny][nx],
                      double Pk[restrict ny][nx], double Rec[restrict NMIC][nt], double En[restrict nt],
                      double Sch[restrict NMIC][nt + 1])
{
    int t, i, j, m;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (i = 1; i < ny - 1; i++)
            for (j = 1; j < nx - 1; j++) {
                int di = i < ny - 1 - i ? i : ny - 1 - i;
                int dj = j < nx - 1 - j ? j : nx - 1 - j;
                int d = di < dj ? di : dj;
                double s = d < NLAY ? 0.4 * (double)((NLAY - d) * (NLAY - d)) / (double)(NLAY * NLAY) : 0.0;
                Pn[i][j] = ((2.0 - 4.0 * C2) * P[i][j]
                            + C2 * (P[i - 1][j] + P[i + 1][j] + P[i][j - 1] + P[i][j + 1])
                            - (1.0 - s) * Pp[i][j]) / (1.0 + s);
                Pk[i][j] = fabs(Pn[i][j]) > Pk[i][j] ? fabs(Pn[i][j]) : Pk[i][j];
            }
        Pn[sy][sx] += t < TSRC ? (1.0 - 2.0 * ((t - TSRC / 2) * w) * ((t - TSRC / 2) * w))
                                     * exp(-((t - TSRC / 2) * w) * ((t - TSRC / 2) * w))
                               : 0.0;
        En[t] = 0.0;
        for (i = 1; i < ny - 1; i++)
            for (j = 1; j < nx - 1; j++) {
                Pp[i][j] = P[i][j];
                P[i][j] = Pn[i][j];
                En[t] += P[i][j] * P[i][j];
            }
        for (m = 0; m < NMIC; m++)
            Rec[m][t] = P[my][mx + 7 * m];
    }
    for (m = 0; m < NMIC; m++) {
        Sch[m][nt] = 0.0;
        for (t = nt - 1; t >= 0; t--)
            Sch[m][t] = Sch[m][t + 1] + Rec[m][t] * Rec[m][t];
    }
#pragma endscop
}

int main(void)
{
    int ny = NY, nx = NX, nt = NSTEP, sy = NY / 3, sx = NX / 5, my = 2 * NY / 3, mx = NX / 4;
    double (*Pp)[NX] = malloc(sizeof(double[NY][NX])), (*P)[NX] = malloc(sizeof(double[NY][NX]));
    double (*Pn)[NX] = malloc(sizeof(double[NY][NX])), (*Pk)[NX] = malloc(sizeof(double[NY][NX]));
    double (*Rec)[NSTEP] = malloc(sizeof(double[NMIC][NSTEP])), *En = malloc(sizeof(double[NSTEP]));
    double (*Sch)[NSTEP + 1] = malloc(sizeof(double[NMIC][NSTEP + 1]));
    if (!Pp || !P || !Pn || !Pk || !Rec || !En || !Sch)
        return 1;
    /* a faint background field of uneven pressure (so that no region stays at zero),
     * walls at zero */
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NX; j++) {
            int wall = i == 0 || j == 0 || i == NY - 1 || j == NX - 1;
            P[i][j] = wall ? 0.0 : 0.01 + 0.02 * (double)((i * 7 + j * 3) % 11) / 11.0;
            Pp[i][j] = wall ? 0.0 : 0.01 + 0.02 * (double)((i * 5 + j * 9) % 13) / 13.0;
            Pn[i][j] = P[i][j];
            Pk[i][j] = 0.0;
        }
    for (int m = 0; m < NMIC; m++) {
        for (int t = 0; t < NSTEP; t++)
            Rec[m][t] = Sch[m][t] = 0.0;
        Sch[m][NSTEP] = 0.0;
    }
    for (int t = 0; t < NSTEP; t++)
        En[t] = 0.0;

    room_wave(ny, nx, nt, sy, sx, my, mx, 3.7 / (TSRC / 2), Pp, P, Pn, Pk, Rec, En, Sch);

    double sum = 0.0;
    for (int i = 0; i < NY; i++)
        for (int j = 0; j < NX; j++)
            sum += (Pp[i][j] + 2.0 * P[i][j] + 3.0 * Pn[i][j] + Pk[i][j]) * (double)(1 + (i + 3 * j) % 7);
    for (int t = 0; t < NSTEP; t++) {
        sum += 1e-3 * En[t] * (double)(1 + t % 5);
        for (int m = 0; m < NMIC; m++)
            sum += (Rec[m][t] + 0.1 * Sch[m][t]) * (double)(1 + (m + t) % 3);
    }
    printf("%.10e\n", sum);
    free(Pp); free(P); free(Pn); free(Pk); free(Rec); free(En); free(Sch);
    return 0;
}
