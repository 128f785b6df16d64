#include <stdio.h>
double a[12][12][12], b[12][12][12], w[3][3][3];
void st27(int n) {
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++) {
        double acc = 0.0;
        for (int di = -1; di <= 1; di++)
          for (int dj = -1; dj <= 1; dj++)
            for (int dk = -1; dk <= 1; dk++)
              acc += w[di+1][dj+1][dk+1] * a[i+di][j+dj][k+dk];
        b[i][j][k] = acc;
      }
#pragma endscop
}
int main(void) {
  int n = 12;
  for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) for (int k = 0; k < 3; k++) w[i][j][k] = 1.0 + i + 2 * j + 4 * k;
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) a[i][j][k] = (double)((i * 5 + j * 3 + k) % 9);
  st27(n);
  double s = 0;
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) s += b[i][j][k] * (1 + (i + j * k) % 3);
  printf("%.17g\n", s);
  return 0;
}
