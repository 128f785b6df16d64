/*
 * hotspot3d.c - 3-D transient thermal simulation of a stacked chip
 * (in the style of the CPU version of Rodinia "hotspot3D").
 *
 * Grids are malloc'ed and linearized as t[x + y * nx + z * nx * ny].
 * The kernel computes one time step; the indices of the six
 * neighbours are block-local integers clamped to the cell itself at the
 * borders with ternaries on the iterators.  main calls the kernel
 * several times and swaps the two temperature buffers between calls.
 *
 *   -DLARGE_SIZES, or -DNX=.. -DNY=.. -DNZ=.. -DITERATIONS=..
 */
#include <stdio.h>
#include <stdlib.h>

#ifdef LARGE_SIZES
#ifndef NX
#define NX 512
#endif
#ifndef NY
#define NY 512
#endif
#ifndef NZ
#define NZ 16
#endif
#ifndef ITERATIONS
#define ITERATIONS 20
#endif
#endif

#ifndef NX
#define NX 32
#endif
#ifndef NY
#define NY 32
#endif
#ifndef NZ
#define NZ 4
#endif
#ifndef ITERATIONS
#define ITERATIONS 3
#endif

#define MAX_PD (3.0e6)
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5

static const float t_chip = 0.0005f;
static const float chip_height = 0.016f;
static const float chip_width = 0.016f;
static const float amb_temp = 80.0f;

void computeTempCPU(const float *pIn, const float *tIn, float *tOut,
                    int nx, int ny, int nz, float Cap,
                    float cc, float cw, float ce, float cs, float cn,
                    float cb, float ct, float dt)
{
    int x, y, z;

#pragma scop
    for (z = 0; z < nz; z++)
        for (y = 0; y < ny; y++)
            for (x = 0; x < nx; x++) {
                int c = x + y * nx + z * nx * ny;
                int w = (x == 0) ? c : c - 1;
                int e = (x == nx - 1) ? c : c + 1;
                int n = (y == 0) ? c : c - nx;
                int s = (y == ny - 1) ? c : c + nx;
                int b = (z == 0) ? c : c - nx * ny;
                int t = (z == nz - 1) ? c : c + nx * ny;
                tOut[c] = cc * tIn[c] + cw * tIn[w] + ce * tIn[e]
                        + cs * tIn[s] + cn * tIn[n] + cb * tIn[b]
                        + ct * tIn[t] + (dt / Cap) * pIn[c]
                        + ct * amb_temp;
            }
#pragma endscop
}

int main(void)
{
    int nx = NX, ny = NY, nz = NZ, iterations = ITERATIONS;
    size_t size = (size_t)nx * ny * nz;
    int x, y, z, i;
    float *powerIn = malloc(size * sizeof(float));
    float *tempIn = malloc(size * sizeof(float));
    float *tempOut = malloc(size * sizeof(float));
    if (!powerIn || !tempIn || !tempOut) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }

    for (z = 0; z < nz; z++)
        for (y = 0; y < ny; y++)
            for (x = 0; x < nx; x++) {
                size_t c = (size_t)x + (size_t)y * nx + (size_t)z * nx * ny;
                tempIn[c] = 320.0f + (float)((x * 5 + y * 3 + z * 11) % 40) * 0.5f;
                powerIn[c] = 1.0e-3f * (float)((x + 2 * y + 3 * z) % 16);
                tempOut[c] = 0.0f;
            }

    float dx = chip_height / nx;
    float dy = chip_width / ny;
    float dz = t_chip / nz;
    float Cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * dx * dy;
    float Rx = dy / (2.0 * K_SI * t_chip * dx);
    float Ry = dx / (2.0 * K_SI * t_chip * dy);
    float Rz = dz / (K_SI * dx * dy);
    float max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
    float dt = PRECISION / max_slope;
    float stepDivCap = dt / Cap;
    float ce = stepDivCap / Rx, cw = ce;
    float cn = stepDivCap / Ry, cs = cn;
    float ct = stepDivCap / Rz, cb = ct;
    float cc = 1.0f - (2.0f * ce + 2.0f * cn + 3.0f * ct);

    for (i = 0; i < iterations; i++) {
        computeTempCPU(powerIn, tempIn, tempOut, nx, ny, nz, Cap,
                       cc, cw, ce, cs, cn, cb, ct, dt);
        float *tmp = tempIn;
        tempIn = tempOut;
        tempOut = tmp;
    }

    double sum = 0.0;
    for (size_t c = 0; c < size; c++)
        sum += tempIn[c] * (1.0 + 1.0e-3 * (double)(c % 13));
    printf("%.10e\n", sum);

    free(powerIn);
    free(tempIn);
    free(tempOut);
    return 0;
}
