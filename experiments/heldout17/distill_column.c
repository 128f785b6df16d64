/* Chemical process engineering: open-loop dynamics of a bank of binary distillation
 * columns (tray-by-tray model with constant molar overflow, in the style of the
 * textbook "column A") after a step in the feed composition and a later step in the reflux. Per time step the vapour
 * composition of every stage from the relative volatility (equilibrium curve), the
 * liquid leaving every tray from a linearised Francis weir (ternary adds the feed
 * below the feed tray), the tray holdups and compositions by explicit Euler
 * (block-local holdups; trays updated in place from the tray above's composition not
 * yet advanced, feed only on the feed tray, ternaries on the time for the feed and reflux steps),
 * the reboiler under level control and the total condenser, and the accumulated
 * impurity in the distillate; last per column the product purities, recovery and
 * the number of trays in the separating zone. Double precision, sizes are arguments
 * passed from local int variables (VLA parameters). */
#include <stdio.h>
#include <stdlib.h>

#ifndef NCOL
#define NCOL 256
#endif
#ifndef NTRAY
#define NTRAY 41
#endif
#ifndef NSTEP
#define NSTEP 16000
#endif
#define DT 0.01
#define M0 0.5
#define TAUL 0.063
#define FEED 1.0
#define ZF0 0.5

static void columns(int nc, int ns, int nst, int nf, const double Alpha[restrict nc], const double L0[restrict nc],
                    const double V[restrict nc], double X[restrict nc][ns], double Mh[restrict nc][ns],
                    double Y[restrict nc][ns], double L[restrict nc][ns], double Imp[restrict nc], double Xd[restrict nc],
                    double Xb[restrict nc], double Rec[restrict nc], int Nsep[restrict nc])
{
    int c, t, i;
#pragma scop
    for (t = 0; t < nst; t++) {
        for (c = 0; c < nc; c++)
            for (i = 0; i < ns - 1; i++)
                Y[c][i] = Alpha[c] * X[c][i] / (1.0 + (Alpha[c] - 1.0) * X[c][i]);
        for (c = 0; c < nc; c++) {
            for (i = 1; i < ns - 1; i++)
                L[c][i] = L0[c] * (5 * t < 3 * nst ? 1.0 : 1.03) + (Mh[c][i] - M0) / TAUL + (i <= nf ? FEED : 0.0);
            L[c][ns - 1] = L0[c] * (5 * t < 3 * nst ? 1.0 : 1.03);
        }
        for (c = 0; c < nc; c++) {
            for (i = 1; i < ns - 1; i++) {
                double m = Mh[c][i];
                double mn = m + DT * (L[c][i + 1] - L[c][i] + (i == nf ? FEED : 0.0));
                X[c][i] = (m * X[c][i] + DT * (L[c][i + 1] * X[c][i + 1] - L[c][i] * X[c][i] + V[c] * (Y[c][i - 1] - Y[c][i])
                                               + (i == nf ? FEED * (5 * t < nst ? ZF0 : ZF0 + 0.05) : 0.0))) / mn;
                Mh[c][i] = mn;
            }
            X[c][0] = X[c][0] + DT / M0 * (L[c][1] * X[c][1] - V[c] * Y[c][0] - (L[c][1] - V[c]) * X[c][0]);
            X[c][ns - 1] = X[c][ns - 1] + DT / M0 * V[c] * (Y[c][ns - 2] - X[c][ns - 1]);
            Imp[c] += DT * (V[c] - L[c][ns - 1]) * (1.0 - X[c][ns - 1]);
        }
    }
    for (c = 0; c < nc; c++) {
        Xd[c] = X[c][ns - 1];
        Xb[c] = X[c][0];
        Rec[c] = (V[c] - L[c][ns - 1]) * Xd[c] / (FEED * (ZF0 + 0.05));
        Nsep[c] = 0;
        for (i = 0; i < ns; i++)
            Nsep[c] += X[c][i] > 0.1 && X[c][i] < 0.9 ? 1 : 0;
    }
#pragma endscop
}

int main(void)
{
    int nc = NCOL, ns = NTRAY, nst = NSTEP, nf = NTRAY / 2;
    double *Alpha = malloc(sizeof(double[NCOL])), *L0 = malloc(sizeof(double[NCOL])), *V = malloc(sizeof(double[NCOL]));
    double (*X)[NTRAY] = malloc(sizeof(double[NCOL][NTRAY])), (*Mh)[NTRAY] = malloc(sizeof(double[NCOL][NTRAY]));
    double (*Y)[NTRAY] = malloc(sizeof(double[NCOL][NTRAY])), (*L)[NTRAY] = malloc(sizeof(double[NCOL][NTRAY]));
    double *Imp = malloc(sizeof(double[NCOL])), *Xd = malloc(sizeof(double[NCOL])), *Xb = malloc(sizeof(double[NCOL]));
    double *Rec = malloc(sizeof(double[NCOL]));
    int *Nsep = malloc(sizeof(int[NCOL]));
    if (!Alpha || !L0 || !V || !X || !Mh || !Y || !L || !Imp || !Xd || !Xb || !Rec || !Nsep)
        return 1;
    /* relative volatilities 1.3-2.2, reflux 2.2-3.0 with boilup half a feed above
     * it; the columns start from a linear composition profile at nominal holdups */
    for (int c = 0; c < NCOL; c++) {
        Alpha[c] = 1.3 + 0.9 * (double)((c * 7) % 16) / 15.0;
        L0[c] = 2.2 + 0.8 * (double)((c * 5) % 6) / 5.0;
        V[c] = L0[c] + 0.5;
        Imp[c] = Xd[c] = Xb[c] = Rec[c] = 0.0;
        Nsep[c] = 0;
        for (int i = 0; i < NTRAY; i++) {
            X[c][i] = 0.02 + 0.96 * (double)i / (NTRAY - 1);
            Mh[c][i] = M0 + 0.02 * (double)((c + 3 * i) % 5) / 4.0;
            Y[c][i] = L[c][i] = 0.0;
        }
    }

    columns(nc, ns, nst, nf, Alpha, L0, V, X, Mh, Y, L, Imp, Xd, Xb, Rec, Nsep);

    double sum = 0.0;
    for (int c = 0; c < NCOL; c++) {
        for (int i = 0; i < NTRAY; i++)
            sum += (X[c][i] + Mh[c][i] + Y[c][i] + 0.1 * L[c][i]) * (double)(1 + (c + 3 * i) % 7);
        sum += (Imp[c] + Xd[c] + Xb[c] + Rec[c] + Nsep[c]) * (double)(1 + c % 5);
    }
    printf("%.10e\n", sum);
    free(Alpha); free(L0); free(V); free(X); free(Mh); free(Y); free(L);
    free(Imp); free(Xd); free(Xb); free(Rec); free(Nsep);
    return 0;
}
