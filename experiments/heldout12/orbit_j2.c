/* Space situational awareness: propagation of a catalogue of satellites in low Earth
 * orbit over a few revolutions with the central gravity field plus the J2 oblateness
 * term, in canonical units (Earth radius 1, mu 1). Per step and object: the inverse
 * squared radius and the J2 factor (block-local ir2, k), the common radial factor of
 * the x and y accelerations (block-local f), the z acceleration with its extra
 * -2 k / r^3, then the velocities and positions advanced (symplectic Euler). Double
 * precision, sizes as macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NOBJ
#define NOBJ 16384
#endif
#ifndef NSTEP
#define NSTEP 4000
#endif
#define DT 0.005               /* about 4 s; a low orbit takes 1300 to 1900 steps */
#define KJ2 (1.5 * 1.08263e-3) /* 3/2 J2 */

static double X[NOBJ], Y[NOBJ], Z[NOBJ], VX[NOBJ], VY[NOBJ], VZ[NOBJ];

static void propagate(void)
{
    int t, o;
#pragma scop
    for (t = 0; t < NSTEP; t++)
        for (o = 0; o < NOBJ; o++) {
            double ir2 = 1.0 / (X[o] * X[o] + Y[o] * Y[o] + Z[o] * Z[o]);
            double k = KJ2 * ir2;
            double f = -ir2 * sqrt(ir2) * (1.0 + k - 5.0 * k * Z[o] * Z[o] * ir2);
            VX[o] += DT * f * X[o];
            VY[o] += DT * f * Y[o];
            VZ[o] += DT * (f - 2.0 * k * ir2 * sqrt(ir2)) * Z[o];
            X[o] += DT * VX[o];
            Y[o] += DT * VY[o];
            Z[o] += DT * VZ[o];
        }
#pragma endscop
}

int main(void)
{
    /* near-circular orbits: radius 1.05 to 1.3 Earth radii (300 to 1900 km altitude),
     * inclination 0 to 100 degrees, node and argument spread over the circle, speed
     * 0.98 to 1.02 times circular */
    for (int o = 0; o < NOBJ; o++) {
        double r = 1.05 + 0.25 * (double)((o * 7) % 101) / 100.0;
        double inc = (100.0 * (double)((o * 11) % 51) / 50.0) * M_PI / 180.0;
        double node = 2.0 * M_PI * (double)((o * 13) % 97) / 97.0;
        double u = 2.0 * M_PI * (double)((o * 17) % 89) / 89.0;
        double v = sqrt(1.0 / r) * (0.98 + 0.04 * (double)((o * 3) % 11) / 10.0);
        double cu = cos(u), su = sin(u), cn = cos(node), sn = sin(node), ci = cos(inc), si = sin(inc);
        X[o] = r * (cn * cu - sn * su * ci);
        Y[o] = r * (sn * cu + cn * su * ci);
        Z[o] = r * su * si;
        VX[o] = v * (-cn * su - sn * cu * ci);
        VY[o] = v * (-sn * su + cn * cu * ci);
        VZ[o] = v * cu * si;
    }

    propagate();

    double sum = 0.0;
    for (int o = 0; o < NOBJ; o++)
        sum += (X[o] + 2.0 * Y[o] + 3.0 * Z[o] + VX[o] - VY[o] + 0.5 * VZ[o]) * (double)(1 + o % 7);
    printf("%.10e\n", sum);
    return 0;
}
