/* Time-delay estimation between paired sensors: the cross-correlation of each pair of
 * signals at every lag 0 .. nlag - 1 over a fixed window of n - nlag samples, one
 * scalar accumulator per (pair, lag), scaled to a mean. Sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

static void xcorr(int npair, int n, int nlag, const double x[restrict npair][n],
                  const double y[restrict npair][n], double Rxy[restrict npair][nlag])
{
    int c, l, t;
#pragma scop
    for (c = 0; c < npair; c++)
        for (l = 0; l < nlag; l++) {
            double s = 0.0;
            for (t = 0; t < n - nlag; t++)
                s += x[c][t] * y[c][t + l];
            Rxy[c][l] = s / (n - nlag);
        }
#pragma endscop
}

int main(void)
{
    int npair = 16, n = 262144, nlag = 512;
    double (*x)[n] = malloc(sizeof(double[npair][n]));
    double (*y)[n] = malloc(sizeof(double[npair][n]));
    double (*Rxy)[nlag] = malloc(sizeof(double[npair][nlag]));
    if (!x || !y || !Rxy)
        return 1;
    for (int c = 0; c < npair; c++) {
        int delay = 17 + 13 * c; /* y is x delayed by this many samples, plus noise */
        for (int t = 0; t < n; t++)
            x[c][t] = (double)((t * 7 + c * 3) % 31) / 31.0 - 0.5 + ((t / 5 + c) % 3 == 0 ? 0.3 : -0.15);
        for (int t = 0; t < n; t++)
            y[c][t] = (t >= delay ? 0.8 * x[c][t - delay] : 0.0)
                    + 0.2 * ((double)((t * 13 + c) % 17) / 17.0 - 0.5);
    }

    xcorr(npair, n, nlag, x, y, Rxy);

    double sum = 0.0;
    for (int c = 0; c < npair; c++)
        for (int l = 0; l < nlag; l++)
            sum += Rxy[c][l] * (double)(1 + (c * 5 + l) % 13);
    printf("%.10e\n", sum);
    free(x); free(y); free(Rxy);
    return 0;
}
