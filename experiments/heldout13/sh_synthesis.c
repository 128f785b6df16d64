/* Geodesy: synthesis of a geoid-undulation grid from a spherical-harmonic gravity model.
 * Per latitude, in a workspace reused by all latitudes: the fully normalised associated
 * Legendre functions by the standard recurrences (the sectoral P_mm a recurrence in m,
 * P_{m+1,m} from it, then P_nm = a_nm t P_{n-1,m} - b_nm P_{n-2,m} for n >= m + 2:
 * triangular), the order-wise latitude sums A_m = R sum_n C_nm P_nm and B_m with S_nm
 * (block-local, the coefficient tables read down their columns), and the grid row as
 * the sum over the orders of A_m cos(m lambda) + B_m sin(m lambda) (tabulated),
 * accumulated order by order. Double precision, sizes are arguments passed through
 * local variables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NLATG
#define NLATG 720
#endif
#ifndef NLONG
#define NLONG 2048
#endif
#ifndef NMAX
#define NMAX 360
#endif
#define RE 6378137.0

static void synth(int nlat, int nlon, int nmax, const double St[restrict nlat],
                  const double Ct[restrict nlat], const double Fs[restrict nmax + 1],
                  const double Fd[restrict nmax + 1], const double A[restrict nmax + 1][nmax + 1],
                  const double B[restrict nmax + 1][nmax + 1], const double C[restrict nmax + 1][nmax + 1],
                  const double S[restrict nmax + 1][nmax + 1], const double Cl[restrict nmax + 1][nlon],
                  const double Sl[restrict nmax + 1][nlon], double P[restrict nmax + 1][nmax + 1],
                  double Am[restrict nmax + 1], double Bm[restrict nmax + 1],
                  double G[restrict nlat][nlon])
{
    int i, j, n, m;
#pragma scop
    for (i = 0; i < nlat; i++) {
        for (m = 1; m <= nmax; m++)
            P[m][m] = Fs[m] * Ct[i] * P[m - 1][m - 1];
        for (m = 0; m < nmax; m++)
            P[m + 1][m] = Fd[m] * St[i] * P[m][m];
        for (m = 0; m <= nmax; m++)
            for (n = m + 2; n <= nmax; n++)
                P[n][m] = A[n][m] * St[i] * P[n - 1][m] - B[n][m] * P[n - 2][m];
        for (m = 0; m <= nmax; m++) {
            double a = 0.0;
            double b = 0.0;
            for (n = m; n <= nmax; n++) {
                a += C[n][m] * P[n][m];
                b += S[n][m] * P[n][m];
            }
            Am[m] = RE * a;
            Bm[m] = RE * b;
        }
        for (j = 0; j < nlon; j++)
            G[i][j] = 0.0;
        for (m = 0; m <= nmax; m++)
            for (j = 0; j < nlon; j++)
                G[i][j] += Am[m] * Cl[m][j] + Bm[m] * Sl[m][j];
    }
#pragma endscop
}

int main(void)
{
    int nlat = NLATG, nlon = NLONG, nmax = NMAX, n1 = NMAX + 1;
    double *St = malloc(sizeof(double[nlat]));
    double *Ct = malloc(sizeof(double[nlat]));
    double *Fs = malloc(sizeof(double[n1]));
    double *Fd = malloc(sizeof(double[n1]));
    double *Am = malloc(sizeof(double[n1]));
    double *Bm = malloc(sizeof(double[n1]));
    double (*A)[n1] = malloc(sizeof(double[n1][n1]));
    double (*B)[n1] = malloc(sizeof(double[n1][n1]));
    double (*C)[n1] = malloc(sizeof(double[n1][n1]));
    double (*S)[n1] = malloc(sizeof(double[n1][n1]));
    double (*P)[n1] = malloc(sizeof(double[n1][n1]));
    double (*Cl)[nlon] = malloc(sizeof(double[n1][nlon]));
    double (*Sl)[nlon] = malloc(sizeof(double[n1][nlon]));
    double (*G)[nlon] = malloc(sizeof(double[nlat][nlon]));
    if (!St || !Ct || !Fs || !Fd || !Am || !Bm || !A || !B || !C || !S || !P || !Cl || !Sl || !G)
        return 1;
    /* latitudes -60 to +60 degrees (the sectoral functions stay above 1e-110 at degree
     * 360); recurrence factors of the fully normalised functions; coefficients by
     * Kaula's rule 1e-5 / n^2 with hashed signs and magnitudes (a disturbing potential:
     * the reference ellipsoid's flattening term removed), degrees 0 and 1 zero */
    for (int i = 0; i < nlat; i++) {
        double phi = (-60.0 + 120.0 * (i + 0.5) / nlat) * 3.14159265358979 / 180.0;
        St[i] = sin(phi);
        Ct[i] = cos(phi);
    }
    for (int m = 0; m <= nmax; m++) {
        Fs[m] = m == 1 ? sqrt(3.0) : sqrt((2.0 * m + 1.0) / (2.0 * m > 0 ? 2.0 * m : 1.0));
        Fd[m] = sqrt(2.0 * m + 3.0);
        Am[m] = Bm[m] = 0.0;
        for (int j = 0; j < nlon; j++) {
            Cl[m][j] = cos(m * 2.0 * 3.14159265358979 * j / nlon);
            Sl[m][j] = sin(m * 2.0 * 3.14159265358979 * j / nlon);
        }
    }
    for (int n = 0; n <= nmax; n++)
        for (int m = 0; m <= nmax; m++) {
            A[n][m] = B[n][m] = C[n][m] = S[n][m] = P[n][m] = 0.0;
            if (m <= n - 2) {
                double nn = n, mm = m;
                A[n][m] = sqrt((2 * nn - 1) * (2 * nn + 1) / ((nn - mm) * (nn + mm)));
                B[n][m] = sqrt((2 * nn + 1) * (nn + mm - 1) * (nn - mm - 1) / ((nn - mm) * (nn + mm) * (2 * nn - 3)));
            }
            if (m <= n && n >= 2) {
                double mag = 1e-5 / ((double)n * n) * (0.5 + (double)((n * 7 + m * 13) % 17) / 16.0);
                C[n][m] = ((n * 3 + m * 5) % 7 < 3 ? -mag : mag);
                S[n][m] = m == 0 ? 0.0 : ((n * 11 + m * 2) % 5 < 2 ? -mag : mag);
            }
        }
    P[0][0] = 1.0;
    for (int i = 0; i < nlat; i++)
        for (int j = 0; j < nlon; j++)
            G[i][j] = 0.0;

    synth(nlat, nlon, nmax, St, Ct, Fs, Fd, A, B, C, S, Cl, Sl, P, Am, Bm, G);

    double sum = 0.0;
    for (int i = 0; i < nlat; i++)
        for (int j = 0; j < nlon; j++)
            sum += G[i][j] * (double)(1 + (i + 3 * j) % 7);
    printf("%.10e\n", sum);
    free(St); free(Ct); free(Fs); free(Fd); free(Am); free(Bm); free(A); free(B); free(C);
    free(S); free(P); free(Cl); free(Sl); free(G);
    return 0;
}
