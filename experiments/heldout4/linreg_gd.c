/* Least-squares linear regression fitted by batch gradient descent: every epoch forms
 * the residuals r = X w - y over all samples, the gradient g = X^T r, and takes a step
 * w -= (lr / m) g. The caller starts from w = 0. Sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NS
#define NS 16384
#endif
#ifndef NF
#define NF 128
#endif
#ifndef EPOCHS
#define EPOCHS 250
#endif

static void gradient_descent(int m, int nf, int epochs, double lr,
                             const double X[restrict m][nf], const double y[restrict m],
                             double w[restrict nf], double r[restrict m], double g[restrict nf])
{
    int e, i, j;
#pragma scop
    for (e = 0; e < epochs; e++) {
        for (i = 0; i < m; i++) {
            r[i] = -y[i];
            for (j = 0; j < nf; j++)
                r[i] += X[i][j] * w[j];
        }
        for (j = 0; j < nf; j++) {
            g[j] = 0.0;
            for (i = 0; i < m; i++)
                g[j] += X[i][j] * r[i];
        }
        for (j = 0; j < nf; j++)
            w[j] -= lr / m * g[j];
    }
#pragma endscop
}

int main(void)
{
    int m = NS, nf = NF, epochs = EPOCHS;
    double (*X)[nf] = malloc(sizeof(double[m][nf]));
    double *y = malloc(sizeof(double[m]));
    double *w = malloc(sizeof(double[nf]));
    double *r = malloc(sizeof(double[m]));
    double *g = malloc(sizeof(double[nf]));
    if (!X || !y || !w || !r || !g)
        return 1;
    /* centred features, targets from a known weight vector plus a small misfit */
    for (int i = 0; i < m; i++) {
        double t = 0.0;
        for (int j = 0; j < nf; j++) {
            X[i][j] = (double)((i * 73 + j * 151 + (i / 7) * (j + 3)) % 257 - 128) / 128.0;
            t += X[i][j] * (double)((j * 5) % 9 - 4) / 4.0;
        }
        y[i] = t + (double)((i * 11) % 19 - 9) / 90.0;
    }
    for (int j = 0; j < nf; j++) {
        w[j] = 0.0;
        g[j] = 0.0;
    }

    gradient_descent(m, nf, epochs, 0.5, X, y, w, r, g);

    double sum = 0.0;
    for (int j = 0; j < nf; j++)
        sum += w[j] * (double)(1 + j % 7) + 1e-2 * g[j] * (double)(1 + j % 3);
    for (int i = 0; i < m; i++)
        sum += 1e-3 * r[i] * (double)(1 + i % 5);
    printf("%.10e\n", sum);
    free(X); free(y); free(w); free(r); free(g);
    return 0;
}
