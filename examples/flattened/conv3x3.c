/* A 3x3 convolution of an image kept as one array of rows. */
#include <stdio.h>
#include <stdlib.h>

static void conv(int h, int w, const float *restrict img, const float *restrict k,
                 float *restrict out)
{
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      float s = 0.0f;
      for (int dy = 0; dy < 3; dy++)
        for (int dx = 0; dx < 3; dx++)
          s += k[dy * 3 + dx] * img[(y + dy - 1) * w + x + dx - 1];
      out[y * w + x] = s;
    }
}

int main(void)
{
  int h = 3000, w = 4000;
  float *img = malloc(sizeof(float) * h * w), *out = calloc((size_t) h * w, sizeof(float));
  float k[9] = {0.0625f, 0.125f, 0.0625f, 0.125f, 0.25f, 0.125f, 0.0625f, 0.125f, 0.0625f};
  for (int x = 0; x < h * w; x++) img[x] = (float) (x % 251);
  for (int r = 0; r < 3; r++)
    conv(h, w, img, k, out);
  double sum = 0.0;
  for (int x = 0; x < h * w; x += 5) sum += out[x];
  printf("%.6e\n", sum);
  free(img); free(out);
  return 0;
}
