/* An affine scop followed by a scop with an indirect subscript A[idx[i]] (not affine). */
#include <stdio.h>

#define N 200

static double A[N], B[N][N], v[N];
static int idx[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        idx[i] = (i * 37 + 11) % N; /* 37 coprime with 200: a permutation */
        A[i] = (double)(i % 13) / 13.0;
        v[i] = 0.0;
        for (int j = 0; j < N; j++)
            B[i][j] = (double)((i + j) % 17) / 17.0;
    }

#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            v[i] += B[i][j] * A[j];
#pragma endscop

#pragma scop
    for (int i = 1; i < N; i++)
        A[idx[i]] = 0.5 * (A[idx[i]] + A[idx[i - 1]]) + 0.001 * v[i];
#pragma endscop

    double sa = 0.0, sv = 0.0;
    for (int i = 0; i < N; i++) {
        sa += A[i];
        sv += v[i];
    }
    printf("%.10e %.10e\n", sa, sv);
    printf("%.10e %.10e\n", A[idx[N - 1]], v[N / 2]);
    return 0;
}
