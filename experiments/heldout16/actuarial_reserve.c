/* Life insurance: valuation and profit test of level-premium endowment assurances
 * under a set of valuation bases (Makeham mortality parameters and interest rates of
 * sex, smoker and underwriting classes). Per basis the mortality rates of every age
 * (exp, capped by a ternary, certain death at the last age), the life table (a
 * recurrence over age), the commutation columns D and C (pow) and their backward sums
 * N and M (a recurrence from the last age down), the curtate life expectancy at
 * birth; the net annual premium of every issue age and term from the commutation
 * columns; last for every issue age the prospective net premium reserves of all
 * terms and policy years (triangular, years below the term) summed over the
 * portfolio (ternary on the maturity age) and the present value of the profits of a
 * loaded premium (block-local reserves at the start and end of the year, ternaries
 * for the maturity year and the first year's expenses). Double precision, sizes are
 * arguments passed through local variables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NBASIS
#define NBASIS 2048
#endif
#ifndef NAGE
#define NAGE 120
#endif
#ifndef NISSUE
#define NISSUE 46
#endif
#ifndef NTERM
#define NTERM 40
#endif
#define AGE0 20
#define RADIX 100000.0

static void valuation(int nc, int nw, int na, int nn, const double Ma[restrict nc], const double Mb[restrict nc],
                      const double Mg[restrict nc], const double Ir[restrict nc], double Q[restrict nc][nw + 1],
                      double L[restrict nc][nw + 1], double D[restrict nc][nw + 1], double C[restrict nc][nw + 1],
                      double N[restrict nc][nw + 2], double M[restrict nc][nw + 2], double Ex[restrict nc],
                      double P[restrict nc][na][nn + 1], double Res[restrict nc][na], double Pv[restrict nc][na])
{
    int c, x, n, k;
#pragma scop
    for (c = 0; c < nc; c++)
        for (x = 0; x <= nw; x++) {
            double q = 1.0 - exp(-Ma[c] - Mb[c] * exp(Mg[c] * x) * (exp(Mg[c]) - 1.0) / Mg[c]);
            Q[c][x] = x == nw ? 1.0 : q > 0.95 ? 0.95 : q;
        }
    for (c = 0; c < nc; c++) {
        L[c][0] = RADIX;
        for (x = 0; x < nw; x++)
            L[c][x + 1] = L[c][x] * (1.0 - Q[c][x]);
    }
    for (c = 0; c < nc; c++)
        for (x = 0; x <= nw; x++) {
            D[c][x] = pow(1.0 + Ir[c], -x) * L[c][x];
            C[c][x] = pow(1.0 + Ir[c], -x - 1) * L[c][x] * Q[c][x];
        }
    for (c = 0; c < nc; c++) {
        N[c][nw + 1] = 0.0;
        M[c][nw + 1] = 0.0;
        for (x = nw; x >= 0; x--) {
            N[c][x] = N[c][x + 1] + D[c][x];
            M[c][x] = M[c][x + 1] + C[c][x];
        }
    }
    for (c = 0; c < nc; c++) {
        Ex[c] = 0.0;
        for (x = 1; x <= nw; x++)
            Ex[c] += L[c][x] / L[c][0];
    }
    for (c = 0; c < nc; c++)
        for (x = AGE0; x < AGE0 + na; x++)
            for (n = 1; n <= nn; n++)
                P[c][x - AGE0][n] = (M[c][x] - M[c][x + n] + D[c][x + n]) / (N[c][x] - N[c][x + n]);
    for (c = 0; c < nc; c++)
        for (x = AGE0; x < AGE0 + na; x++) {
            Res[c][x - AGE0] = 0.0;
            Pv[c][x - AGE0] = 0.0;
            for (n = 1; n <= nn; n++)
                for (k = 0; k < n; k++) {
                    double g = 1.08 * P[c][x - AGE0][n] + 0.002;
                    double v0 = (M[c][x + k] - M[c][x + n] + D[c][x + n] - P[c][x - AGE0][n] * (N[c][x + k] - N[c][x + n])) / D[c][x + k];
                    double v1 = k + 1 < n ? (M[c][x + k + 1] - M[c][x + n] + D[c][x + n] - P[c][x - AGE0][n] * (N[c][x + k + 1] - N[c][x + n])) / D[c][x + k + 1]
                                          : 1.0;
                    double pr = (v0 + g - (k == 0 ? 0.02 : 0.001)) * (1.01 + Ir[c]) - Q[c][x + k] - (1.0 - Q[c][x + k]) * v1;
                    Res[c][x - AGE0] += x + n <= 75 ? v0 : 0.0;
                    Pv[c][x - AGE0] += pr * D[c][x + k] / D[c][x];
                }
        }
#pragma endscop
}

int main(void)
{
    int nc = NBASIS, nw = NAGE, na = NISSUE, nn = NTERM;
    double *Ma = malloc(sizeof(double[nc])), *Mb = malloc(sizeof(double[nc])), *Mg = malloc(sizeof(double[nc]));
    double *Ir = malloc(sizeof(double[nc])), *Ex = malloc(sizeof(double[nc]));
    double (*Q)[nw + 1] = malloc(sizeof(double[nc][nw + 1])), (*L)[nw + 1] = malloc(sizeof(double[nc][nw + 1]));
    double (*D)[nw + 1] = malloc(sizeof(double[nc][nw + 1])), (*C)[nw + 1] = malloc(sizeof(double[nc][nw + 1]));
    double (*N)[nw + 2] = malloc(sizeof(double[nc][nw + 2])), (*M)[nw + 2] = malloc(sizeof(double[nc][nw + 2]));
    double (*P)[na][nn + 1] = malloc(sizeof(double[nc][na][nn + 1]));
    double (*Res)[na] = malloc(sizeof(double[nc][na])), (*Pv)[na] = malloc(sizeof(double[nc][na]));
    if (!Ma || !Mb || !Mg || !Ir || !Ex || !Q || !L || !D || !C || !N || !M || !P || !Res || !Pv)
        return 1;
    /* Makeham bases: age-independent hazard 0.0004-0.001, senescent level 3e-5 to 6e-5 at
     * birth growing 8.8% to 9.8% a year; valuation interest 1% to 5% */
    for (int c = 0; c < nc; c++) {
        Ma[c] = 0.0004 + 0.0003 * (c % 3);
        Mb[c] = 3.0e-5 * (1.0 + 0.25 * ((c / 3) % 5));
        Mg[c] = 0.088 + 0.0025 * ((c / 15) % 5);
        Ir[c] = 0.01 + 0.04 * ((c * 13) % 17) / 16.0;
        Ex[c] = 0.0;
        for (int x = 0; x <= nw; x++)
            Q[c][x] = L[c][x] = D[c][x] = C[c][x] = N[c][x] = M[c][x] = 0.0;
        N[c][nw + 1] = M[c][nw + 1] = 0.0;
        for (int x = 0; x < na; x++) {
            Res[c][x] = Pv[c][x] = 0.0;
            for (int n = 0; n <= nn; n++)
                P[c][x][n] = 0.0;
        }
    }

    valuation(nc, nw, na, nn, Ma, Mb, Mg, Ir, Q, L, D, C, N, M, Ex, P, Res, Pv);

    double sum = 0.0;
    for (int c = 0; c < nc; c++) {
        for (int x = 0; x < na; x++) {
            sum += (Res[c][x] + 10.0 * Pv[c][x]) * (double)(1 + (c + 3 * x) % 7);
            for (int n = 1; n <= nn; n += 7)
                sum += 100.0 * P[c][x][n] * (double)(1 + (x + n) % 5);
        }
        sum += (1e-2 * Ex[c] + 1e-3 * N[c][40] / D[c][40]) * (double)(1 + c % 5);
    }
    printf("%.10e\n", sum);
    free(Ma); free(Mb); free(Mg); free(Ir); free(Ex); free(Q); free(L); free(D); free(C); free(N); free(M); free(P); free(Res); free(Pv);
    return 0;
}
