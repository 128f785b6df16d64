/* Loops whose statements are guarded by affine if conditions (with %, !, &&, ||, else). */
#include <stdio.h>

#define N 64

static double A[N][N], B[N][N], D[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        D[i] = (double)(i % 5) / 5.0;
        for (int j = 0; j < N; j++) {
            A[i][j] = (double)((i * j + 2) % N) / N;
            B[i][j] = 0.0;
        }
    }

#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            if (i <= j && (i + j) % 2 == 0)
                B[i][j] = A[i][j] + A[j][i];
            if (!(i == j))
                A[i][j] = 0.5 * A[i][j];
            else
                A[i][j] = A[i][j] + 1.0;
        }
    for (int i = 1; i < N; i++) {
        if (i < 10 || i >= N - 10)
            D[i] = D[i - 1] + B[i][i];
        else
            D[i] = 0.5 * (D[i] + A[i][0]);
        for (int j = 0; j < N; j++)
            if (j % 3 == 1 && !(j > i))
                B[i][j] += D[i];
    }
#pragma endscop

    double sa = 0.0, sb = 0.0, sd = 0.0;
    for (int i = 0; i < N; i++) {
        sd += D[i];
        for (int j = 0; j < N; j++) {
            sa += A[i][j];
            sb += B[i][j];
        }
    }
    printf("%.10e %.10e %.10e\n", sa, sb, sd);
    printf("%.10e %.10e\n", B[N - 1][N - 2], D[N - 1]);
    return 0;
}
