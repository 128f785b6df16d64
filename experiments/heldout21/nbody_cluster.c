/* One force evaluation of a star-cluster simulation: the softened gravitational
 * acceleration on every star from every other, a_i = sum_j m_j (r_j - r_i) /
 * (|r_j - r_i|^2 + eps^2)^(3/2), the separations and the inverse distance cubed in
 * block-local scalars (sqrt), the accumulators block-local per star; then the
 * potential energy of each star the same way and the total kinetic energy. Positions
 * on a deterministic spiral, masses in a small range. Double; global arrays, sizes are
 * #defines. Two nests, 16 statements. */
#include <math.h>
#include <stdio.h>

#ifndef NS
#define NS 16384
#endif

static double px[NS], py[NS], pz[NS], vx[NS], vy[NS], vz[NS], m[NS];
static double ax[NS], ay[NS], az[NS], phi[NS];
static double kinetic;

static void forces(void)
{
    int i, j;
#pragma scop
    for (i = 0; i < NS; i++) {
        double sx = 0.0, sy = 0.0, sz = 0.0, sp = 0.0;
        for (j = 0; j < NS; j++) {
            double dx = px[j] - px[i];
            double dy = py[j] - py[i];
            double dz = pz[j] - pz[i];
            double d2 = dx * dx + dy * dy + dz * dz + 1.0e-4;
            double inv = 1.0 / sqrt(d2);
            double inv3 = inv * inv * inv;
            sx += m[j] * dx * inv3;
            sy += m[j] * dy * inv3;
            sz += m[j] * dz * inv3;
            sp -= m[j] * inv;
        }
        ax[i] = sx;
        ay[i] = sy;
        az[i] = sz;
        phi[i] = sp;
    }
    kinetic = 0.0;
    for (i = 0; i < NS; i++)
        kinetic += 0.5 * m[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
#pragma endscop
}

int main(void)
{
    for (int i = 0; i < NS; i++) {
        double t = 0.013 * i, r = 1.0 + 0.0007 * i;
        px[i] = r * cos(t);
        py[i] = r * sin(t);
        pz[i] = 0.05 * sin(3.0 * t) + 0.0001 * (i % 17);
        vx[i] = -0.3 * sin(t);
        vy[i] = 0.3 * cos(t);
        vz[i] = 0.01 * ((i % 7) - 3);
        m[i] = (1.0 + (i % 5) * 0.25) / NS;
    }
    forces();
    double cs = kinetic;
    for (int i = 0; i < NS; i++)
        cs += (ax[i] + 2.0 * ay[i] + 3.0 * az[i] + 0.5 * phi[i]) * (double)(i % 41 + 1) * 1.0e-3;
    printf("%.10e\n", cs);
    return 0;
}
