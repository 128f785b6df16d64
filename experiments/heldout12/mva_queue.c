/* Performance engineering: exact mean value analysis of closed queueing networks, one
 * per capacity-planning scenario (a multi-tier service with K queueing stations and a
 * think-time delay). For populations n = 1 .. N: the residence time of every station
 * R_k = D_k (1 + Q_k(n - 1)), the cycle time Z + sum R_k (block-local reduction), the
 * throughput X(n) = n / cycle time and the response time, then the new queue lengths
 * Q_k = X(n) R_k. Double precision, sizes are arguments passed through local
 * variables. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NSCEN
#define NSCEN 8000
#endif
#ifndef NPOP
#define NPOP 384
#endif
#ifndef NSTAT
#define NSTAT 128
#endif

static void mva(int ns, int np, int nk, const double D[restrict ns][nk],
                const double Z[restrict ns], double Q[restrict ns][nk],
                double R[restrict ns][nk], double X[restrict ns][np],
                double Rt[restrict ns][np])
{
    int s, n, k;
#pragma scop
    for (s = 0; s < ns; s++) {
        for (k = 0; k < nk; k++)
            Q[s][k] = 0.0;
        for (n = 1; n <= np; n++) {
            for (k = 0; k < nk; k++)
                R[s][k] = D[s][k] * (1.0 + Q[s][k]);
            double c = Z[s];
            for (k = 0; k < nk; k++)
                c += R[s][k];
            X[s][n - 1] = n / c;
            Rt[s][n - 1] = c - Z[s];
            for (k = 0; k < nk; k++)
                Q[s][k] = X[s][n - 1] * R[s][k];
        }
    }
#pragma endscop
}

int main(void)
{
    int ns = NSCEN, np = NPOP, nk = NSTAT;
    double (*D)[nk] = malloc(sizeof(double[ns][nk]));
    double *Z = malloc(sizeof(double[ns]));
    double (*Q)[nk] = malloc(sizeof(double[ns][nk]));
    double (*R)[nk] = malloc(sizeof(double[ns][nk]));
    double (*X)[np] = malloc(sizeof(double[ns][np]));
    double (*Rt)[np] = malloc(sizeof(double[ns][np]));
    if (!D || !Z || !Q || !R || !X || !Rt)
        return 1;
    /* service demands 1 to 40 ms per visit-weighted request, one bottleneck of 50 to
     * 80 ms at a scenario-dependent station; think times 0.5 to 5 s */
    for (int s = 0; s < ns; s++) {
        Z[s] = 0.5 + 4.5 * (double)((s * 7) % 31) / 30.0;
        for (int k = 0; k < nk; k++) {
            D[s][k] = 0.001 + 0.039 * (double)((s * 3 + k * 11) % 17) / 16.0;
            if (k == s % nk)
                D[s][k] = 0.05 + 0.03 * (double)(s % 7) / 6.0;
            Q[s][k] = R[s][k] = 0.0;
        }
        for (int n = 0; n < np; n++)
            X[s][n] = Rt[s][n] = 0.0;
    }

    mva(ns, np, nk, D, Z, Q, R, X, Rt);

    double sum = 0.0;
    for (int s = 0; s < ns; s++) {
        for (int n = 0; n < np; n++)
            sum += (X[s][n] + Rt[s][n]) * (double)(1 + (s + 3 * n) % 7);
        for (int k = 0; k < nk; k++)
            sum += Q[s][k] * (double)(1 + (s + k) % 5);
    }
    printf("%.10e\n", sum);
    free(D); free(Z); free(Q); free(R); free(X); free(Rt);
    return 0;
}
