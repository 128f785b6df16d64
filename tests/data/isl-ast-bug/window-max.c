#include <stdio.h>
double a[14][14][14], b[14][14][14];
void f(int n) {
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++) {
        double m = a[i][j][k];
        for (int di = -1; di <= 1; di++)
          for (int dj = -1; dj <= 1; dj++)
            for (int dk = -1; dk <= 1; dk++)
              m = a[i+di][j+dj][k+dk] > m ? a[i+di][j+dj][k+dk] : m;
        b[i][j][k] = m;
      }
#pragma endscop
}
int main(void) {
  for (int i = 0; i < 14; i++) for (int j = 0; j < 14; j++) for (int k = 0; k < 14; k++) a[i][j][k] = (i * 37 + j * 11 + k * 73) % 101;
  f(13);
  double s = 0; for (int i = 0; i < 14; i++) for (int j = 0; j < 14; j++) for (int k = 0; k < 14; k++) s += b[i][j][k] * (1 + (i + j + k) % 4);
  printf("%.17g\n", s);
  return 0;
}
