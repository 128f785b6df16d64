/* Polynomial interpolation at many points by Neville's algorithm: a function tabled
 * at Chebyshev nodes is evaluated at every target point, each point's tableau
 * rebuilt in place column by column (triangular, i < n - m), with the last
 * correction kept as the error estimate. Double precision, C99 VLA parameters
 * (nt, n are arguments). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NT
#define NT 220000
#endif
#ifndef NN
#define NN 48
#endif

static void neville(int nt, int n, const double Xn[restrict n], const double Yn[restrict n], const double Xt[restrict nt],
                    double P[restrict nt][n], double V[restrict nt], double E[restrict nt])
{
    int t, m, i;
#pragma scop
    for (t = 0; t < nt; t++) {
        for (i = 0; i < n; i++)
            P[t][i] = Yn[i];
        for (m = 1; m < n; m++) {
            for (i = 0; i < n - m; i++)
                P[t][i] = ((Xt[t] - Xn[i + m]) * P[t][i] + (Xn[i] - Xt[t]) * P[t][i + 1]) / (Xn[i] - Xn[i + m]);
            E[t] = m == n - 2 ? P[t][0] : E[t];
        }
        V[t] = P[t][0];
        E[t] = V[t] - E[t];
    }
#pragma endscop
}

int main(void)
{
    double *Xn = malloc(sizeof(double[NN])), *Yn = malloc(sizeof(double[NN])), *Xt = malloc(sizeof(double[NT]));
    double (*P)[NN] = malloc(sizeof(double[NT][NN])), *V = malloc(sizeof(double[NT])), *E = malloc(sizeof(double[NT]));
    if (!Xn || !Yn || !Xt || !P || !V || !E)
        return 1;
    /* a Runge-type function at the Chebyshev nodes of [-1, 1], taken from both ends
     * inwards (outermost pair first); targets spread over the interval */
    for (int i = 0; i < NN; i++) {
        int p = i % 2 == 0 ? i / 2 : NN - 1 - i / 2;
        Xn[i] = cos(3.14159265358979 * (p + 0.5) / NN);
        Yn[i] = 1.0 / (1.0 + 4.0 * Xn[i] * Xn[i]) + 0.1 * Xn[i];
    }
    for (int t = 0; t < NT; t++) {
        Xt[t] = -1.0 + 2.0 * (t + 0.5) / NT + 0.3 / NT * sin(0.7 * t);
        V[t] = E[t] = 0.0;
        for (int i = 0; i < NN; i++)
            P[t][i] = 0.0;
    }

    neville(NT, NN, Xn, Yn, Xt, P, V, E);

    double sum = 0.0;
    for (int t = 0; t < NT; t++) {
        sum += (V[t] + 10.0 * E[t]) * (double)(1 + t % 7);
        for (int i = 0; i < NN; i++)
            sum += 1e-3 * P[t][i] * (double)(1 + (t + i) % 5);
    }
    printf("%.10e\n", sum);
    free(Xn); free(Yn); free(Xt); free(P); free(V); free(E);
    return 0;
}
