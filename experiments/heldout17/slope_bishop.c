/* Geotechnical engineering: slope stability search by Bishop's simplified method of
 * slices. A 10 m high embankment slope (1 in 2, ternary piecewise ground surface) is
 * cut by trial slip circles on a grid of centres and radii; for every circle and
 * slice the slice weight from the height between the ground and the circle (sqrtf,
 * block-local, clipped at zero), the sine and cosine of the base inclination and the
 * cohesion of the base where the slice has soil (ternary); the driving moment of each
 * circle (reduction); a fixed number of Bishop iterations of the factor of safety
 * (block-local accumulator, m-alpha clipped from below by a ternary, pore pressure
 * ratio, guard for circles that miss the slope); last per centre the smallest factor
 * of safety over the radii and its radius (ternaries). Single precision, sizes are
 * arguments passed directly from macros (VLA parameters). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NCX
#define NCX 56
#endif
#ifndef NCY
#define NCY 40
#endif
#ifndef NRAD
#define NRAD 28
#endif
#ifndef NSL
#define NSL 96
#endif
#ifndef NITER
#define NITER 20
#endif
#define HS 10.0f
#define TANB 0.5f
#define GAM 19.0f
#define COH 12.0f
#define TANP 0.5774f
#define RU 0.2f

static void bishop(int ncx, int ncy, int nr, int ns, int nit, float Wt[restrict ncx][ncy][nr][ns],
                   float Sa[restrict ncx][ncy][nr][ns], float Ca[restrict ncx][ncy][nr][ns],
                   float Cb[restrict ncx][ncy][nr][ns], float Dm[restrict ncx][ncy][nr], float Fs[restrict ncx][ncy][nr],
                   float Fmin[restrict ncx][ncy], int Rcrit[restrict ncx][ncy])
{
    int a, b, r, s, it;
#pragma scop
    for (a = 0; a < ncx; a++)
        for (b = 0; b < ncy; b++)
            for (r = 0; r < nr; r++)
                for (s = 0; s < ns; s++) {
                    float xc = -5.0f + 30.0f * a / ncx, yc = 12.0f + 18.0f * b / ncy;
                    float rad = yc - 3.0f + 14.0f * r / nr;
                    float x = xc - 0.98f * rad + 1.96f * rad * (s + 0.5f) / ns;
                    float yb = yc - sqrtf(rad * rad - (x - xc) * (x - xc));
                    float yg = x < 0.0f ? 0.0f : (x < HS / TANB ? TANB * x : HS);
                    float h = yg - yb > 0.0f ? yg - yb : 0.0f;
                    Sa[a][b][r][s] = (x - xc) / rad;
                    Ca[a][b][r][s] = (yc - yb) / rad;
                    Wt[a][b][r][s] = GAM * h * 1.96f * rad / ns;
                    Cb[a][b][r][s] = h > 0.0f ? COH * 1.96f * rad / ns : 0.0f;
                }
    for (a = 0; a < ncx; a++)
        for (b = 0; b < ncy; b++)
            for (r = 0; r < nr; r++) {
                Dm[a][b][r] = 0.0f;
                Fs[a][b][r] = 1.5f;
                for (s = 0; s < ns; s++)
                    Dm[a][b][r] += Wt[a][b][r][s] * Sa[a][b][r][s];
            }
    for (it = 0; it < nit; it++)
        for (a = 0; a < ncx; a++)
            for (b = 0; b < ncy; b++)
                for (r = 0; r < nr; r++) {
                    float num = 0.0f;
                    for (s = 0; s < ns; s++) {
                        float ma = Ca[a][b][r][s] + Sa[a][b][r][s] * TANP / Fs[a][b][r];
                        num += (Cb[a][b][r][s] + Wt[a][b][r][s] * (1.0f - RU) * TANP) / (ma < 0.2f ? 0.2f : ma);
                    }
                    Fs[a][b][r] = Dm[a][b][r] > 1.0f ? num / Dm[a][b][r] : 99.0f;
                }
    for (a = 0; a < ncx; a++)
        for (b = 0; b < ncy; b++) {
            Fmin[a][b] = 100.0f;
            Rcrit[a][b] = -1;
            for (r = 0; r < nr; r++) {
                Rcrit[a][b] = Fs[a][b][r] < Fmin[a][b] ? r : Rcrit[a][b];
                Fmin[a][b] = Fs[a][b][r] < Fmin[a][b] ? Fs[a][b][r] : Fmin[a][b];
            }
        }
#pragma endscop
}

int main(void)
{
    float (*Wt)[NCY][NRAD][NSL] = malloc(sizeof(float[NCX][NCY][NRAD][NSL]));
    float (*Sa)[NCY][NRAD][NSL] = malloc(sizeof(float[NCX][NCY][NRAD][NSL]));
    float (*Ca)[NCY][NRAD][NSL] = malloc(sizeof(float[NCX][NCY][NRAD][NSL]));
    float (*Cb)[NCY][NRAD][NSL] = malloc(sizeof(float[NCX][NCY][NRAD][NSL]));
    float (*Dm)[NCY][NRAD] = malloc(sizeof(float[NCX][NCY][NRAD])), (*Fs)[NCY][NRAD] = malloc(sizeof(float[NCX][NCY][NRAD]));
    float (*Fmin)[NCY] = malloc(sizeof(float[NCX][NCY]));
    int (*Rcrit)[NCY] = malloc(sizeof(int[NCX][NCY]));
    if (!Wt || !Sa || !Ca || !Cb || !Dm || !Fs || !Fmin || !Rcrit)
        return 1;
    for (int a = 0; a < NCX; a++)
        for (int b = 0; b < NCY; b++) {
            Fmin[a][b] = 0.0f;
            Rcrit[a][b] = 0;
            for (int r = 0; r < NRAD; r++) {
                Dm[a][b][r] = Fs[a][b][r] = 0.0f;
                for (int s = 0; s < NSL; s++)
                    Wt[a][b][r][s] = Sa[a][b][r][s] = Ca[a][b][r][s] = Cb[a][b][r][s] = 0.0f;
            }
        }

    bishop(NCX, NCY, NRAD, NSL, NITER, Wt, Sa, Ca, Cb, Dm, Fs, Fmin, Rcrit);

    double sum = 0.0;
    for (int a = 0; a < NCX; a++)
        for (int b = 0; b < NCY; b++) {
            for (int r = 0; r < NRAD; r++) {
                sum += ((double)Fs[a][b][r] + 1e-4 * (double)Dm[a][b][r]) * (double)(1 + (a + 2 * b + 3 * r) % 7);
                for (int s = 0; s < NSL; s += 1)
                    sum += (1e-3 * (double)Wt[a][b][r][s] + (double)Sa[a][b][r][s] + (double)Ca[a][b][r][s] + 1e-2 * (double)Cb[a][b][r][s])
                           * (double)(1 + (a + b + r + 3 * s) % 5) * 1e-2;
            }
            sum += ((double)Fmin[a][b] + (double)Rcrit[a][b]) * (double)(1 + (a + b) % 3);
        }
    printf("%.10e\n", sum);
    free(Wt); free(Sa); free(Ca); free(Cb); free(Dm); free(Fs); free(Fmin); free(Rcrit);
    return 0;
}
