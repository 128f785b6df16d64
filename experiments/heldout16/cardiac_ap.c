/* Cardiac electrophysiology: re-entry in a sheet of ventricular tissue with the
 * Aliev-Panfilov model, started by an S1-S2 cross-field protocol. Every step: no-flux
 * ghost rows and columns copied from the edge; per cell the normalised excitation
 * (block-local), the five-point Laplacian of the membrane potential (mV), the S1 and
 * S2 stimuli (ternary on the time window and region), the cubic ionic current and
 * the recovery variable (explicit Euler), the activation time at the first upstroke
 * (ternary); the pseudo-ECG of an electrode as a weighted sum of the potential
 * changes and the copy back. Last per row the latest activation and the activated
 * cells (ternaries). Single precision, sizes are arguments passed through local
 * variables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NY
#define NY 128
#endif
#ifndef NX
#define NX 128
#endif
#ifndef NSTEP
#define NSTEP 4500
#endif
#define DT 0.02f
#define DX 0.25f
#define DIFFU 0.2f
#define KAP 8.0f
#define AEXC 0.15f
#define BREC 0.15f
#define EPS0 0.002f
#define MU1 0.2f
#define MU2 0.3f
#define S2ON 1900

static void tissue(int ny, int nx, int nt, float V[restrict ny + 2][nx + 2], float R[restrict ny + 2][nx + 2],
                   float Vn[restrict ny + 2][nx + 2], float Rn[restrict ny + 2][nx + 2], const float Wl[restrict ny + 2][nx + 2],
                   float Tact[restrict ny + 2][nx + 2], float Ecg[restrict nt], float Tlast[restrict ny + 2], int Nact[restrict ny + 2])
{
    int t, i, j;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (i = 1; i <= ny; i++) {
            V[i][0] = V[i][1];
            V[i][nx + 1] = V[i][nx];
        }
        for (j = 0; j <= nx + 1; j++) {
            V[0][j] = V[1][j];
            V[ny + 1][j] = V[ny][j];
        }
        for (i = 1; i <= ny; i++)
            for (j = 1; j <= nx; j++) {
                float e = (V[i][j] + 80.0f) / 100.0f;
                float lap = (V[i - 1][j] + V[i + 1][j] + V[i][j - 1] + V[i][j + 1] - 4.0f * V[i][j]) / (DX * DX);
                float st = (t < 100 && j <= 4) || (t >= S2ON && t < S2ON + 100 && 2 * i <= ny && 2 * j <= nx + 8) ? 0.25f : 0.0f;
                Vn[i][j] = V[i][j] + DT * (DIFFU * lap + 100.0f * (-KAP * e * (e - AEXC) * (e - 1.0f) - e * R[i][j] + st));
                Rn[i][j] = R[i][j] + DT * (EPS0 + MU1 * R[i][j] / (MU2 + e)) * (-R[i][j] - KAP * e * (e - BREC - 1.0f));
                Tact[i][j] = Tact[i][j] < 0.0f && Vn[i][j] > -40.0f ? t * DT : Tact[i][j];
            }
        Ecg[t] = 0.0f;
        for (i = 1; i <= ny; i++)
            for (j = 1; j <= nx; j++) {
                Ecg[t] += Wl[i][j] * (Vn[i][j] - V[i][j]) / DT;
                V[i][j] = Vn[i][j];
                R[i][j] = Rn[i][j];
            }
    }
    for (i = 1; i <= ny; i++) {
        Tlast[i] = 0.0f;
        Nact[i] = 0;
        for (j = 1; j <= nx; j++) {
            Tlast[i] = Tact[i][j] > Tlast[i] ? Tact[i][j] : Tlast[i];
            Nact[i] += Tact[i][j] >= 0.0f ? 1 : 0;
        }
    }
#pragma endscop
}

int main(void)
{
    int ny = NY, nx = NX, nt = NSTEP;
    float (*V)[nx + 2] = malloc(sizeof(float[ny + 2][nx + 2])), (*R)[nx + 2] = malloc(sizeof(float[ny + 2][nx + 2]));
    float (*Vn)[nx + 2] = malloc(sizeof(float[ny + 2][nx + 2])), (*Rn)[nx + 2] = malloc(sizeof(float[ny + 2][nx + 2]));
    float (*Wl)[nx + 2] = malloc(sizeof(float[ny + 2][nx + 2])), (*Tact)[nx + 2] = malloc(sizeof(float[ny + 2][nx + 2]));
    float *Ecg = malloc(sizeof(float[nt])), *Tlast = malloc(sizeof(float[ny + 2]));
    int *Nact = malloc(sizeof(int[ny + 2]));
    if (!V || !R || !Vn || !Rn || !Wl || !Tact || !Ecg || !Tlast || !Nact)
        return 1;
    /* resting tissue at -80 mV; the unipolar electrode sits 2 mm above the middle of
     * the sheet's right half, its weights the inverse distance */
    for (int i = 0; i < ny + 2; i++) {
        Tlast[i] = 0.0f;
        Nact[i] = 0;
        for (int j = 0; j < nx + 2; j++) {
            float dx = (j - 0.75f * nx) * DX, dy = (i - 0.5f * ny) * DX;
            V[i][j] = Vn[i][j] = -80.0f;
            R[i][j] = Rn[i][j] = 0.0f;
            Wl[i][j] = 1.0f / sqrtf(dx * dx + dy * dy + 4.0f);
            Tact[i][j] = -1.0f;
        }
    }
    for (int t = 0; t < nt; t++)
        Ecg[t] = 0.0f;

    tissue(ny, nx, nt, V, R, Vn, Rn, Wl, Tact, Ecg, Tlast, Nact);

    double sum = 0.0;
    for (int i = 1; i <= ny; i++) {
        for (int j = 1; j <= nx; j++)
            sum += ((double)V[i][j] + 10.0 * R[i][j] + Tact[i][j]) * (double)(1 + (i + 3 * j) % 7);
        sum += (Tlast[i] + Nact[i]) * (double)(1 + i % 5);
    }
    for (int t = 0; t < nt; t++)
        sum += 1e-3 * Ecg[t] * (double)(1 + t % 3);
    printf("%.10e\n", sum);
    free(V); free(R); free(Vn); free(Rn); free(Wl); free(Tact); free(Ecg); free(Tlast); free(Nact);
    return 0;
}
