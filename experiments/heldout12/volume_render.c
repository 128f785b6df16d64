/* Scientific visualisation: direct volume rendering of a scalar field along the z axis
 * for a series of transfer-function windows (one image per window, as in an
 * interactive threshold sweep). Every ray composites front to back: the opacity of a
 * sample rises as 1 - exp(-(d - lo_v) SLOPE) above the window's threshold lo_v (a
 * ternary, block-local a), the emission is the density itself, and the transmittance
 * and colour are block-local along the ray, the pixel storing the colour plus a quarter
 * of the remaining transmittance (background); then a maximum-intensity projection along x
 * (the rows of the volume, block-local running maximum by a ternary). Single
 * precision, sizes as macros, heap arrays. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NZ
#define NZ 192
#endif
#ifndef NY
#define NY 192
#endif
#ifndef NX
#define NX 192
#endif
#ifndef NV
#define NV 18
#endif
#define LO 0.15f       /* threshold of the first window */
#define DLO 0.05f      /* threshold step between windows */
#define AMAX 0.12f     /* largest opacity of one sample */
#define SLOPE 6.0f

static void render(float (*restrict Vol)[NY][NX], float (*restrict Img)[NY][NX],
                   float (*restrict Mip)[NY])
{
    int v, z, y, x;
#pragma scop
    for (v = 0; v < NV; v++)
        for (y = 0; y < NY; y++)
            for (x = 0; x < NX; x++) {
                float tr = 1.0f;
                float c = 0.0f;
                for (z = 0; z < NZ; z++) {
                    float a = Vol[z][y][x] > LO + DLO * v ? AMAX * (1.0f - expf(-(Vol[z][y][x] - LO - DLO * v) * SLOPE)) : 0.0f;
                    c += tr * a * Vol[z][y][x];
                    tr *= 1.0f - a;
                }
                Img[v][y][x] = c + 0.25f * tr;
            }
    for (z = 0; z < NZ; z++)
        for (y = 0; y < NY; y++) {
            float m = Vol[z][y][0];
            for (x = 1; x < NX; x++)
                m = Vol[z][y][x] > m ? Vol[z][y][x] : m;
            Mip[z][y] = m;
        }
#pragma endscop
}

int main(void)
{
    float (*Vol)[NY][NX] = malloc(sizeof(float[NZ][NY][NX]));
    float (*Img)[NY][NX] = malloc(sizeof(float[NV][NY][NX]));
    float (*Mip)[NY] = malloc(sizeof(float[NZ][NY]));
    if (!Vol || !Img || !Mip)
        return 1;
    /* density 0.02 to about 1: two overlapping soft blobs and a shell, plus a ripple */
    for (int z = 0; z < NZ; z++)
        for (int y = 0; y < NY; y++)
            for (int x = 0; x < NX; x++) {
                float u = (float)x / NX - 0.5f, w = (float)y / NY - 0.5f, s = (float)z / NZ - 0.5f;
                float r1 = (u - 0.1f) * (u - 0.1f) + w * w + (s + 0.05f) * (s + 0.05f);
                float r2 = (u + 0.15f) * (u + 0.15f) + (w - 0.1f) * (w - 0.1f) + s * s;
                float r = u * u + w * w + s * s;
                float d = 0.6f / (1.0f + 40.0f * r1) + 0.5f / (1.0f + 60.0f * r2)
                        + (r > 0.12f && r < 0.16f ? 0.3f : 0.0f)
                        + 0.02f * (float)((x * 7 + y * 3 + z * 5) % 11) / 10.0f + 0.02f;
                Vol[z][y][x] = d;
            }
    for (int v = 0; v < NV; v++)
        for (int y = 0; y < NY; y++)
            for (int x = 0; x < NX; x++)
                Img[v][y][x] = 0.0f;

    render(Vol, Img, Mip);

    double sum = 0.0;
    for (int v = 0; v < NV; v++)
        for (int y = 0; y < NY; y++)
            for (int x = 0; x < NX; x++)
                sum += (double)Img[v][y][x] * (double)(1 + (v + 3 * y + 5 * x) % 7);
    for (int z = 0; z < NZ; z++)
        for (int y = 0; y < NY; y++)
            sum += (double)Mip[z][y] * (double)(1 + (z + 3 * y) % 5);
    printf("%.10e\n", sum);
    free(Vol); free(Img); free(Mip);
    return 0;
}
