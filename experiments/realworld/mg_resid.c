/*
 * mg_resid.c - residual r = v - A u of the 27-point Poisson operator
 * used by the NAS Parallel Benchmarks MG (routine resid), in double
 * precision.
 *
 * The grids include one ghost layer on every side and are malloc'ed
 * blocks indexed as u[(i3 * n2 + i2) * n1 + i1].  As in the NAS code,
 * the sums of the neighbours of a whole line in the i2/i3 directions
 * are first gathered into two line buffers u1 and u2 (faces and edges
 * of the 3x3 cross-section), then the residual of the line is formed
 * with the coefficients a0..a3 (centre, faces, edges, corners).
 * main performs a few damped Jacobi sweeps, calling the kernel each time.
 *
 *   -DLARGE_SIZES, or -DGRID_N=.. (interior points per dimension)
 *   -DSWEEPS=..
 */
#include <stdio.h>
#include <stdlib.h>

#ifdef LARGE_SIZES
#ifndef GRID_N
#define GRID_N 256
#endif
#ifndef SWEEPS
#define SWEEPS 3
#endif
#endif

#ifndef GRID_N
#define GRID_N 16
#endif
#ifndef SWEEPS
#define SWEEPS 2
#endif

void resid(const double *u, const double *v, double *r, double *u1,
           double *u2, int n1, int n2, int n3,
           double a0, double a1, double a2, double a3)
{
    int i3, i2, i1;

#pragma scop
    for (i3 = 1; i3 < n3 - 1; i3++)
        for (i2 = 1; i2 < n2 - 1; i2++) {
            for (i1 = 0; i1 < n1; i1++) {
                u1[i1] = u[(i3 * n2 + i2 - 1) * n1 + i1]
                       + u[(i3 * n2 + i2 + 1) * n1 + i1]
                       + u[((i3 - 1) * n2 + i2) * n1 + i1]
                       + u[((i3 + 1) * n2 + i2) * n1 + i1];
                u2[i1] = u[((i3 - 1) * n2 + i2 - 1) * n1 + i1]
                       + u[((i3 - 1) * n2 + i2 + 1) * n1 + i1]
                       + u[((i3 + 1) * n2 + i2 - 1) * n1 + i1]
                       + u[((i3 + 1) * n2 + i2 + 1) * n1 + i1];
            }
            for (i1 = 1; i1 < n1 - 1; i1++) {
                int c = (i3 * n2 + i2) * n1 + i1;
                r[c] = v[c] - a0 * u[c]
                     - a1 * (u[c - 1] + u[c + 1] + u1[i1])
                     - a2 * (u2[i1] + u1[i1 - 1] + u1[i1 + 1])
                     - a3 * (u2[i1 - 1] + u2[i1 + 1]);
            }
        }
#pragma endscop
}

int main(void)
{
    int n = GRID_N, sweeps = SWEEPS;
    int n1 = n + 2, n2 = n + 2, n3 = n + 2;
    size_t total = (size_t)n1 * n2 * n3;
    int i1, i2, i3, it;
    /* NAS MG coefficients of the residual operator (class A..D) */
    double a0 = -8.0 / 3.0, a1 = 0.0, a2 = 1.0 / 6.0, a3 = 1.0 / 12.0;
    double *u = malloc(total * sizeof(double));
    double *v = malloc(total * sizeof(double));
    double *r = malloc(total * sizeof(double));
    double *u1 = malloc((size_t)n1 * sizeof(double));
    double *u2 = malloc((size_t)n1 * sizeof(double));
    if (!u || !v || !r || !u1 || !u2) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }

    for (i3 = 0; i3 < n3; i3++)
        for (i2 = 0; i2 < n2; i2++)
            for (i1 = 0; i1 < n1; i1++) {
                size_t c = ((size_t)i3 * n2 + i2) * n1 + i1;
                int interior = i1 > 0 && i1 < n1 - 1 && i2 > 0 && i2 < n2 - 1
                            && i3 > 0 && i3 < n3 - 1;
                v[c] = interior ? (double)((i1 * 7 + i2 * 13 + i3 * 3) % 17) / 17.0 - 0.5 : 0.0;
                u[c] = interior ? 0.01 * (double)((i1 + 2 * i2 + 5 * i3) % 9) : 0.0;
                r[c] = 0.0;
            }

    for (it = 0; it < sweeps; it++) {
        resid(u, v, r, u1, u2, n1, n2, n3, a0, a1, a2, a3);
        if (it + 1 < sweeps)        /* damped Jacobi update, interior only */
            for (i3 = 1; i3 < n3 - 1; i3++)
                for (i2 = 1; i2 < n2 - 1; i2++)
                    for (i1 = 1; i1 < n1 - 1; i1++) {
                        size_t c = ((size_t)i3 * n2 + i2) * n1 + i1;
                        u[c] += 0.5 * r[c] / a0;
                    }
    }

    double sum = 0.0;
    for (size_t c = 0; c < total; c++)
        sum += r[c] * (1.0 + 1.0e-3 * (double)(c % 7));
    printf("%.10e\n", sum);

    free(u);
    free(v);
    free(r);
    free(u1);
    free(u2);
    return 0;
}
