/* Ternaries and compound *=, -=, /= in statement bodies at several nesting depths. */
#include <stdio.h>

#define N 48

static double A[N][N], B[N][N][4], x[N];

int main(void)
{
    int i, j, k;
    for (i = 0; i < N; i++) {
        x[i] = (double)(i % 6 + 1) / 6.0;
        for (j = 0; j < N; j++) {
            A[i][j] = (double)((i * 5 + j) % N) / N;
            for (k = 0; k < 4; k++)
                B[i][j][k] = (double)((i + j + k) % 9) / 9.0;
        }
    }

#pragma scop
    for (i = 0; i < N; i++) {
        x[i] *= (x[i] > 0.5 ? 0.5 : 1.5);
        for (j = 0; j < N; j++) {
            A[i][j] -= (A[i][j] > x[i] ? x[i] : 0.25 * A[i][j]);
            for (k = 0; k < 4; k++)
                B[i][j][k] *= (k % 2 == 0 ? A[i][j] : 1.0 - A[i][j]);
            A[i][j] /= (j > i ? 2.0 : 1.0 + x[i]);
        }
        x[i] -= A[i][i] < 0.1 ? A[i][i] : 0.1;
    }
#pragma endscop

    double sa = 0.0, sb = 0.0, sx = 0.0;
    for (i = 0; i < N; i++) {
        sx += x[i];
        for (j = 0; j < N; j++) {
            sa += A[i][j];
            for (k = 0; k < 4; k++)
                sb += B[i][j][k];
        }
    }
    printf("%.10e %.10e %.10e\n", sa, sb, sx);
    printf("%.10e %.10e\n", A[N - 1][0], B[1][2][3]);
    return 0;
}
