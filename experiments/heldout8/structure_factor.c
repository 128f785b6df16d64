/* Crystallography: diffraction intensities of a large unit cell by the direct sum of
 * the structure factor F(hkl) = sum_j f_j exp(2 pi i (h x_j + k y_j + l z_j)) over all
 * atoms. The phase factor separates by axis, so main tabulates cos and sin of
 * 2 pi h x_j (and likewise for k and l) once; the region multiplies the three complex
 * factors per atom (block-local partial product), accumulates the real and imaginary
 * parts in block-local scalars and stores the intensity |F|^2 for every reflection.
 * Sizes are arguments. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NH
#define NH 32
#endif
#ifndef NK
#define NK 32
#endif
#ifndef NL
#define NL 32
#endif
#ifndef NATOM
#define NATOM 16384
#endif

static void structure_factor(int nh, int nk, int nl, int na, const double f[restrict na],
                             const double Cx[restrict nh][na], const double Sx[restrict nh][na],
                             const double Cy[restrict nk][na], const double Sy[restrict nk][na],
                             const double Cz[restrict nl][na], const double Sz[restrict nl][na],
                             double Iobs[restrict nh][nk][nl])
{
    int h, k, l, j;
#pragma scop
    for (h = 0; h < nh; h++)
        for (k = 0; k < nk; k++)
            for (l = 0; l < nl; l++) {
                double re = 0.0;
                double im = 0.0;
                for (j = 0; j < na; j++) {
                    double pr = Cx[h][j] * Cy[k][j] - Sx[h][j] * Sy[k][j];
                    double pi = Cx[h][j] * Sy[k][j] + Sx[h][j] * Cy[k][j];
                    re += f[j] * (pr * Cz[l][j] - pi * Sz[l][j]);
                    im += f[j] * (pr * Sz[l][j] + pi * Cz[l][j]);
                }
                Iobs[h][k][l] = re * re + im * im;
            }
#pragma endscop
}

int main(void)
{
    int nh = NH, nk = NK, nl = NL, na = NATOM;
    const double twopi = 6.283185307179586;
    double *f = malloc(sizeof(double[na]));
    double (*X)[3] = malloc(sizeof(double[na][3]));
    double (*Cx)[na] = malloc(sizeof(double[nh][na]));
    double (*Sx)[na] = malloc(sizeof(double[nh][na]));
    double (*Cy)[na] = malloc(sizeof(double[nk][na]));
    double (*Sy)[na] = malloc(sizeof(double[nk][na]));
    double (*Cz)[na] = malloc(sizeof(double[nl][na]));
    double (*Sz)[na] = malloc(sizeof(double[nl][na]));
    double (*Iobs)[nk][nl] = malloc(sizeof(double[nh][nk][nl]));
    if (!f || !X || !Cx || !Sx || !Cy || !Sy || !Cz || !Sz || !Iobs)
        return 1;
    /* atoms of four kinds (scattering factors 6, 8, 14, 26 electrons) at fractional
     * coordinates spread by multiplicative hashing, so that no reflection is extinct */
    for (int j = 0; j < na; j++) {
        int kind = (j * 7) % 13 < 6 ? 0 : (j * 7) % 13 < 10 ? 1 : (j * 7) % 13 < 12 ? 2 : 3;
        f[j] = kind == 0 ? 6.0 : kind == 1 ? 8.0 : kind == 2 ? 14.0 : 26.0;
        X[j][0] = (double)((j * 2654435761u) % 100003u) / 100003.0;
        X[j][1] = (double)((j * 40503u + 17u) % 99991u) / 99991.0;
        X[j][2] = (double)((j * 69069u + 5u) % 99989u) / 99989.0;
    }
    for (int j = 0; j < na; j++) {
        for (int h = 0; h < nh; h++) {
            Cx[h][j] = cos(twopi * h * X[j][0]);
            Sx[h][j] = sin(twopi * h * X[j][0]);
        }
        for (int k = 0; k < nk; k++) {
            Cy[k][j] = cos(twopi * k * X[j][1]);
            Sy[k][j] = sin(twopi * k * X[j][1]);
        }
        for (int l = 0; l < nl; l++) {
            Cz[l][j] = cos(twopi * l * X[j][2]);
            Sz[l][j] = sin(twopi * l * X[j][2]);
        }
    }

    structure_factor(nh, nk, nl, na, f, Cx, Sx, Cy, Sy, Cz, Sz, Iobs);

    double sum = 0.0;
    for (int h = 0; h < nh; h++)
        for (int k = 0; k < nk; k++)
            for (int l = 0; l < nl; l++)
                sum += sqrt(Iobs[h][k][l]) * (double)(1 + (h + 3 * k + 5 * l) % 7);
    printf("%.10e\n", sum);
    free(f); free(X); free(Cx); free(Sx); free(Cy); free(Sy); free(Cz); free(Sz); free(Iobs);
    return 0;
}
