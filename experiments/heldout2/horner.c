/* Evaluation of a few calibration polynomials (e.g. sensor response curves) at every
 * sample of a long signal by Horner's rule; the inner loop runs over the small number
 * of coefficients. Sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

static void polyval(int npoly, int n, int deg, const double c[restrict npoly][deg + 1],
                    const double x[restrict n], double y[restrict npoly][n])
{
    int q, i, k;
#pragma scop
    for (q = 0; q < npoly; q++)
        for (i = 0; i < n; i++) {
            double p = c[q][0];
            for (k = 1; k <= deg; k++)
                p = p * x[i] + c[q][k];
            y[q][i] = p;
        }
#pragma endscop
}

int main(void)
{
    int npoly = 8, n = 4000000, deg = 31;
    double (*c)[deg + 1] = malloc(sizeof(double[npoly][deg + 1]));
    double *x = malloc(sizeof(double[n]));
    double (*y)[n] = malloc(sizeof(double[npoly][n]));
    if (!c || !x || !y)
        return 1;
    for (int q = 0; q < npoly; q++)
        for (int k = 0; k <= deg; k++)
            c[q][k] = ((double)((q * 7 + k * 5) % 11) / 11.0 - 0.45) / (1 + k);
    for (int i = 0; i < n; i++)
        x[i] = (double)(i % 1999) / 1999.0 * 1.8 - 0.9;

    polyval(npoly, n, deg, c, x, y);

    double sum = 0.0;
    for (int q = 0; q < npoly; q++)
        for (int i = 0; i < n; i++)
            sum += y[q][i] * (1 + (i + q) % 7);
    printf("%.10e\n", sum);
    free(c); free(x); free(y);
    return 0;
}
