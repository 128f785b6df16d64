/* Fixed income: bootstrapping discount curves from par yields and pricing a bond book
 * on every curve. Each scenario curve gives the par coupon per month of the par bonds
 * maturing after 1 .. NMAT months (monthly coupons); month k's discount factor follows
 * from pricing the k-th par bond at par with the factors already found, D_k = (1 -
 * c_k * sum_{j<k} D_j) / (1 + c_k) (triangular, block-local running sum), with its
 * continuously compounded zero rate -12 log(D_k) / (k + 1); then the one-month
 * forward rates 12 log(D_{k-1} / D_k) (month 0 left at zero); finally every bond of
 * the book is priced on every curve from its dense cash-flow row (block-local sum).
 * Double precision, sizes as macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NCURVE
#define NCURVE 2000
#endif
#ifndef NMAT
#define NMAT 360     /* months (30 years) */
#endif
#ifndef NBOND
#define NBOND 512
#endif

static double Cpn[NCURVE][NMAT];   /* par coupon per month */
static double D[NCURVE][NMAT];     /* discount factors */
static double Zr[NCURVE][NMAT];    /* zero rates, per year */
static double Fw[NCURVE][NMAT];    /* one-month forward rates, per year */
static double CF[NBOND][NMAT];     /* cash flows per 100 face */
static double Px[NCURVE][NBOND];   /* bond prices */

static void bootstrap(void)
{
    int c, k, j, b;
#pragma scop
    for (c = 0; c < NCURVE; c++)
        for (k = 0; k < NMAT; k++) {
            double s = 0.0;
            for (j = 0; j < k; j++)
                s += D[c][j];
            D[c][k] = (1.0 - Cpn[c][k] * s) / (1.0 + Cpn[c][k]);
            Zr[c][k] = -12.0 * log(D[c][k]) / (k + 1);
        }
    for (c = 0; c < NCURVE; c++)
        for (k = 1; k < NMAT; k++)
            Fw[c][k] = 12.0 * log(D[c][k - 1] / D[c][k]);
    for (c = 0; c < NCURVE; c++)
        for (b = 0; b < NBOND; b++) {
            double p = 0.0;
            for (k = 0; k < NMAT; k++)
                p += CF[b][k] * D[c][k];
            Px[c][b] = p;
        }
#pragma endscop
}

int main(void)
{
    /* Nelson-Siegel-shaped par curves: level 2.5 % to 5 %, slope -2 % to +1.5 %, a
     * hump of up to 1 %, decay 1 to 4 years; all annual par rates stay between about
     * 0.5 % and 6.5 %, so the discount factors fall from about 1 to 0.15 or more */
    for (int c = 0; c < NCURVE; c++) {
        double lev = 0.025 + 0.025 * (double)(c % 11) / 10.0;
        double slo = -0.02 + 0.035 * (double)((c * 7) % 13) / 12.0;
        double hum = 0.01 * (double)((c * 5) % 9) / 8.0;
        double tau = 1.0 + 3.0 * (double)((c * 3) % 17) / 16.0;
        for (int k = 0; k < NMAT; k++) {
            double t = (k + 1) / 12.0, x = t / tau;
            double f = (1.0 - exp(-x)) / x;
            double r = lev + slo * f + hum * (f - exp(-x));
            Cpn[c][k] = r / 12.0;
            D[c][k] = 0.0;
            Zr[c][k] = 0.0;
            Fw[c][k] = 0.0;
        }
    }
    /* bonds with semi-annual coupons of 1 % to 7 % a year maturing after 6 to 360
     * months, plus the face of 100 at maturity */
    for (int b = 0; b < NBOND; b++) {
        int mat = 6 * (1 + (b * 37) % 60);
        double cpn = 1.0 + 6.0 * (double)((b * 11) % 25) / 24.0;
        for (int k = 0; k < NMAT; k++)
            CF[b][k] = (k + 1 <= mat && (mat - k - 1) % 6 == 0 ? cpn / 2.0 : 0.0)
                     + (k + 1 == mat ? 100.0 : 0.0);
    }

    bootstrap();

    double sum = 0.0;
    for (int c = 0; c < NCURVE; c++) {
        for (int k = 0; k < NMAT; k++)
            sum += (D[c][k] + 10.0 * Zr[c][k] + 10.0 * Fw[c][k]) * (double)(1 + (c + 3 * k) % 7);
        for (int b = 0; b < NBOND; b++)
            sum += 1e-2 * Px[c][b] * (double)(1 + (c + b) % 5);
    }
    printf("%.10e\n", sum);
    return 0;
}
