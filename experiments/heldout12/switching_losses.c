/* Power electronics: loss and junction-temperature table of a two-level inverter leg
 * for a library of IGBT/diode modules and many operating points. Over one fundamental
 * period sampled at NS points, the phase current i = Ipk sin(wt - phi) (block-local)
 * and the sinusoidal PWM duty m; the IGBT conducts positive current with V_ce0 + R_ce i
 * for the fraction m of the switching period and the diode negative current with
 * V_f + R_d |i| for 1 - m (ternary), and every switching period costs the energy
 * E_sw |i| scaled by the dc-link voltage (fabsf). The average loss gives the junction
 * temperature through a four-stage Foster thermal network (constant-trip inner loop,
 * block-local tj). Single precision, sizes as macros, heap arrays. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NDEV
#define NDEV 48
#endif
#ifndef NOP
#define NOP 12288
#endif
#ifndef NS
#define NS 512
#endif
#define FSW 10.0e3f     /* switching frequency, Hz */
#define VREF 600.0f     /* dc-link voltage of the datasheet switching energies */
#define TA 40.0f        /* heatsink temperature, C */

static void losses(const float *restrict Sn, const float *restrict Cs,
                   const float *restrict Ipk, const float *restrict Cph,
                   const float *restrict Sph, const float *restrict Mi,
                   const float *restrict Vdc, float (*restrict Dv)[5],
                   float (*restrict Rth)[4], float (*restrict Pl)[NOP],
                   float (*restrict Tj)[NOP])
{
    int d, p, k, s;
#pragma scop
    for (d = 0; d < NDEV; d++)
        for (p = 0; p < NOP; p++) {
            float pc = 0.0f;
            float ps = 0.0f;
            for (k = 0; k < NS; k++) {
                float i = Ipk[p] * (Sn[k] * Cph[p] - Cs[k] * Sph[p]);
                pc += i > 0.0f ? (Dv[d][0] + Dv[d][1] * i) * i * (0.5f + 0.5f * Mi[p] * Sn[k])
                               : -(Dv[d][2] - Dv[d][3] * i) * i * (0.5f - 0.5f * Mi[p] * Sn[k]);
                ps += Dv[d][4] * fabsf(i);
            }
            Pl[d][p] = pc / NS + FSW * Vdc[p] / VREF * ps / NS;
            float tj = TA;
            for (s = 0; s < 4; s++)
                tj += Pl[d][p] * Rth[d][s];
            Tj[d][p] = tj;
        }
#pragma endscop
}

int main(void)
{
    float *Sn = malloc(sizeof(float[NS])), *Cs = malloc(sizeof(float[NS]));
    float *Ipk = malloc(sizeof(float[NOP])), *Cph = malloc(sizeof(float[NOP]));
    float *Sph = malloc(sizeof(float[NOP])), *Mi = malloc(sizeof(float[NOP]));
    float *Vdc = malloc(sizeof(float[NOP]));
    float (*Dv)[5] = malloc(sizeof(float[NDEV][5]));
    float (*Rth)[4] = malloc(sizeof(float[NDEV][4]));
    float (*Pl)[NOP] = malloc(sizeof(float[NDEV][NOP]));
    float (*Tj)[NOP] = malloc(sizeof(float[NDEV][NOP]));
    if (!Sn || !Cs || !Ipk || !Cph || !Sph || !Mi || !Vdc || !Dv || !Rth || !Pl || !Tj)
        return 1;
    for (int k = 0; k < NS; k++) {
        Sn[k] = (float)sin(2.0 * M_PI * (k + 0.5) / NS);
        Cs[k] = (float)cos(2.0 * M_PI * (k + 0.5) / NS);
    }
    /* operating points: peak currents 20 to 300 A, load angles -60 to +60 degrees,
     * modulation index 0.1 to 1, dc link 400 to 800 V */
    for (int p = 0; p < NOP; p++) {
        double phi = (-60.0 + 120.0 * (double)((p * 7) % 25) / 24.0) * M_PI / 180.0;
        Ipk[p] = 20.0f + 280.0f * (float)((p * 13) % 57) / 56.0f;
        Cph[p] = (float)cos(phi);
        Sph[p] = (float)sin(phi);
        Mi[p] = 0.1f + 0.9f * (float)((p * 5) % 19) / 18.0f;
        Vdc[p] = 400.0f + 400.0f * (float)((p * 3) % 9) / 8.0f;
    }
    /* modules: V_ce0 0.7 to 1.1 V, R_ce 2 to 8 mOhm, V_f 0.8 to 1.2 V, R_d 2 to 6 mOhm,
     * E_sw 0.05 to 0.25 mJ/A; thermal stages 0.01 to 0.2 K/W */
    for (int d = 0; d < NDEV; d++) {
        Dv[d][0] = 0.7f + 0.4f * (float)(d % 5) / 4.0f;
        Dv[d][1] = 2e-3f + 6e-3f * (float)((d * 3) % 7) / 6.0f;
        Dv[d][2] = 0.8f + 0.4f * (float)((d * 5) % 9) / 8.0f;
        Dv[d][3] = 2e-3f + 4e-3f * (float)((d * 7) % 11) / 10.0f;
        Dv[d][4] = 5e-5f + 2e-4f * (float)((d * 11) % 13) / 12.0f;
        for (int s = 0; s < 4; s++)
            Rth[d][s] = 0.01f + 0.19f * (float)((d + 5 * s) % 8) / 7.0f;
        for (int p = 0; p < NOP; p++)
            Pl[d][p] = Tj[d][p] = 0.0f;
    }

    losses(Sn, Cs, Ipk, Cph, Sph, Mi, Vdc, Dv, Rth, Pl, Tj);

    double sum = 0.0;
    for (int d = 0; d < NDEV; d++)
        for (int p = 0; p < NOP; p++)
            sum += (1e-2 * Pl[d][p] + 1e-1 * Tj[d][p]) * (double)(1 + (d + 3 * p) % 7);
    printf("%.10e\n", sum);
    free(Sn); free(Cs); free(Ipk); free(Cph); free(Sph); free(Mi); free(Vdc);
    free(Dv); free(Rth); free(Pl); free(Tj);
    return 0;
}
