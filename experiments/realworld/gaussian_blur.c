/*
 * gaussian_blur.c - unsharp masking of a grayscale image: a 5x5
 * Gaussian blur followed by out = img + amount * (img - blurred).
 *
 * The image is one malloc'ed block indexed as img[y * width + x]; the
 * filter weights are a constant 5x5 table.  The two-pixel frame, where
 * the 5x5 window does not fit, is copied unblurred by separate loop
 * nests; the blur is computed on the interior with a block-local
 * accumulator; the sharpening pass covers the whole image.
 *
 *   -DLARGE_SIZES, or -DWIDTH=.. -DHEIGHT=..
 */
#include <stdio.h>
#include <stdlib.h>

#ifdef LARGE_SIZES
#ifndef WIDTH
#define WIDTH 4096
#endif
#ifndef HEIGHT
#define HEIGHT 4096
#endif
#endif

#ifndef WIDTH
#define WIDTH 64
#endif
#ifndef HEIGHT
#define HEIGHT 64
#endif

/* binomial approximation of a Gaussian, normalised to sum 1 */
static const float k[5][5] = {
    {1.0f / 256, 4.0f / 256, 6.0f / 256, 4.0f / 256, 1.0f / 256},
    {4.0f / 256, 16.0f / 256, 24.0f / 256, 16.0f / 256, 4.0f / 256},
    {6.0f / 256, 24.0f / 256, 36.0f / 256, 24.0f / 256, 6.0f / 256},
    {4.0f / 256, 16.0f / 256, 24.0f / 256, 16.0f / 256, 4.0f / 256},
    {1.0f / 256, 4.0f / 256, 6.0f / 256, 4.0f / 256, 1.0f / 256},
};

void unsharp_mask(const float *img, float *tmp, float *out,
                  int width, int height, float amount)
{
    int x, y, dx, dy;

#pragma scop
    /* frame: copy the two outermost rows and columns unblurred */
    for (y = 0; y < 2; y++)
        for (x = 0; x < width; x++)
            tmp[y * width + x] = img[y * width + x];
    for (y = height - 2; y < height; y++)
        for (x = 0; x < width; x++)
            tmp[y * width + x] = img[y * width + x];
    for (y = 2; y < height - 2; y++) {
        for (x = 0; x < 2; x++)
            tmp[y * width + x] = img[y * width + x];
        for (x = width - 2; x < width; x++)
            tmp[y * width + x] = img[y * width + x];
    }

    /* interior: 5x5 Gaussian blur */
    for (y = 2; y < height - 2; y++)
        for (x = 2; x < width - 2; x++) {
            float sum = 0.0f;
            for (dy = 0; dy < 5; dy++)
                for (dx = 0; dx < 5; dx++)
                    sum += k[dy][dx] * img[(y + dy - 2) * width + (x + dx - 2)];
            tmp[y * width + x] = sum;
        }

    /* sharpen: add back the detail removed by the blur */
    for (y = 0; y < height; y++)
        for (x = 0; x < width; x++) {
            int p = y * width + x;
            float v = img[p] + amount * (img[p] - tmp[p]);
            out[p] = v < 0.0f ? 0.0f : (v > 255.0f ? 255.0f : v);
        }
#pragma endscop
}

int main(void)
{
    int width = WIDTH, height = HEIGHT;
    int x, y;
    size_t n = (size_t)width * height;
    float *img = malloc(n * sizeof(float));
    float *tmp = malloc(n * sizeof(float));
    float *out = malloc(n * sizeof(float));
    if (!img || !tmp || !out) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }

    /* a synthetic picture: smooth gradient plus a checkerboard texture */
    for (y = 0; y < height; y++)
        for (x = 0; x < width; x++) {
            float g = 255.0f * (float)(x + y) / (float)(width + height);
            float t = (((x / 4) + (y / 4)) % 2) ? 24.0f : -24.0f;
            float v = 0.75f * g + t + (float)((x * 7 + y * 3) % 11);
            img[(size_t)y * width + x] = v < 0.0f ? 0.0f : v;
            tmp[(size_t)y * width + x] = 0.0f;
            out[(size_t)y * width + x] = 0.0f;
        }

    unsharp_mask(img, tmp, out, width, height, 0.6f);

    double sum = 0.0;
    for (y = 0; y < height; y++)
        for (x = 0; x < width; x++)
            sum += out[(size_t)y * width + x] * (1.0 + 1.0e-3 * ((x + 2 * y) % 9));
    printf("%.10e\n", sum);

    free(img);
    free(tmp);
    free(out);
    return 0;
}
