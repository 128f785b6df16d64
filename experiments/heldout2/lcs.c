/* Length table of the longest common subsequence of two symbol sequences (say two
 * DNA reads coded 0..3), filled row by row; a match extends the diagonal, otherwise
 * the larger of the two neighbours is kept. Lengths are arguments. */
#include <stdio.h>
#include <stdlib.h>

static void lcs(int n, int m, const int a[restrict n], const int b[restrict m],
                int L[restrict n + 1][m + 1])
{
    int i, j;
#pragma scop
    for (j = 0; j <= m; j++)
        L[0][j] = 0;
    for (i = 1; i <= n; i++) {
        L[i][0] = 0;
        for (j = 1; j <= m; j++)
            L[i][j] = a[i - 1] == b[j - 1]
                          ? L[i - 1][j - 1] + 1
                          : (L[i - 1][j] > L[i][j - 1] ? L[i - 1][j] : L[i][j - 1]);
    }
#pragma endscop
}

int main(void)
{
    int n = 13000, m = 12000;
    int *a = malloc(sizeof(int[n]));
    int *b = malloc(sizeof(int[m]));
    int (*L)[m + 1] = malloc(sizeof(int[n + 1][m + 1]));
    if (!a || !b || !L)
        return 1;
    for (int i = 0; i < n; i++)
        a[i] = (i * 7 + i / 13) % 4;
    for (int j = 0; j < m; j++)
        b[j] = (j * 5 + j / 7) % 4;

    lcs(n, m, a, b, L);

    double sum = 0.0;
    for (int i = 0; i <= n; i += 7)
        for (int j = 0; j <= m; j++)
            sum += (double)L[i][j] * (1 + (i + j) % 3);
    sum += 1000.0 * L[n][m];
    printf("%.10e\n", sum);
    free(a); free(b); free(L);
    return 0;
}
