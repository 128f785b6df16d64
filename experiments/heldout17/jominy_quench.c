/* Metallurgy / heat treatment: Jominy end-quench test of a range of low-alloy steels,
 * simulated along the bar. Per grade the martensite start temperature (Andrews), the
 * nose temperature of the pearlite-bainite C-curve and its rate constant from the
 * composition; per time step the water-sprayed end (Biot ghost condition) and the
 * insulated far end, the new temperature of every node from the conduction equation
 * with a temperature-dependent diffusivity and lateral air cooling (block-local), then
 * the nodes updated and the diffusional transformation advanced by the JMAK equation
 * with Scheil additivity (fictitious time with log and pow, exponent capped by a
 * ternary, only between Ms and Ae1), and the times of passing 800 and 500 C (t8/5,
 * ternaries); last the martensite fraction (Koistinen-Marburger, exp), the hardness
 * profile (log of t8/5) and the Jominy distance of 50 % martensite per grade.
 * Double precision, sizes are #define (global arrays). */
#include <math.h>
#include <stdio.h>

#ifndef NG
#define NG 12
#endif
#ifndef NX
#define NX 101
#endif
#ifndef NT
#define NT 4000
#endif
#define DT 0.03
#define DX 1.0e-3
#define BI 0.27
#define TW 20.0
#define TAIR 25.0
#define CLAT 1.0e-3

static double Cc[NG], Mn[NG], Cr[NG], Nj[NG];
static double Ms[NG], Tnose[NG], K0[NG];
static double T[NG][NX], Tnew[NG][NX], Xf[NG][NX], T8[NG][NX], T5[NG][NX], Hv[NG][NX];
static int J50[NG];

static void jominy(void)
{
    int g, t, i;
#pragma scop
    for (g = 0; g < NG; g++) {
        Ms[g] = 539.0 - 423.0 * Cc[g] - 30.4 * Mn[g] - 12.1 * Cr[g];
        Tnose[g] = 540.0 + 25.0 * Cr[g] - 40.0 * Cc[g];
        K0[g] = 0.08 * exp(-2.0 * (Mn[g] + 0.8 * Cr[g]) - 3.0 * Cc[g]);
    }
    for (t = 0; t < NT; t++) {
        for (g = 0; g < NG; g++) {
            T[g][0] = (T[g][1] + BI * TW) / (1.0 + BI);
            T[g][NX - 1] = T[g][NX - 2];
        }
        for (g = 0; g < NG; g++)
            for (i = 1; i < NX - 1; i++) {
                double al = 1.2e-5 - 8.0e-9 * T[g][i];
                Tnew[g][i] = T[g][i] + al * DT / (DX * DX) * (T[g][i - 1] - 2.0 * T[g][i] + T[g][i + 1]) - CLAT * DT * (T[g][i] - TAIR);
            }
        for (g = 0; g < NG; g++)
            for (i = 1; i < NX - 1; i++) {
                double tc = Tnew[g][i];
                double k = K0[g] * exp(-(tc - Tnose[g]) * (tc - Tnose[g]) / 12800.0);
                double xo = Xf[g][i] < 0.999999 ? Xf[g][i] : 0.999999;
                double ts = pow(-log(1.0 - xo) / k, 1.0 / Nj[g]);
                double e = k * pow(ts + DT, Nj[g]);
                T[g][i] = tc;
                Xf[g][i] = tc > Ms[g] && tc < 720.0 ? 1.0 - exp(-(e < 40.0 ? e : 40.0)) : Xf[g][i];
                T8[g][i] = tc < 800.0 && T8[g][i] < 0.0 ? (t + 1) * DT : T8[g][i];
                T5[g][i] = tc < 500.0 && T5[g][i] < 0.0 ? (t + 1) * DT : T5[g][i];
            }
    }
    for (g = 0; g < NG; g++) {
        J50[g] = 0;
        for (i = 0; i < NX; i++) {
            double xm = (1.0 - Xf[g][i]) * (T[g][i] < Ms[g] ? 1.0 - exp(-0.011 * (Ms[g] - T[g][i])) : 0.0);
            double t85 = T5[g][i] > 0.0 ? T5[g][i] - T8[g][i] : 600.0;
            double hd = 420.0 + 300.0 * Cc[g] - 45.0 * log(t85 + 1.0);
            Hv[g][i] = xm * (127.0 + 949.0 * Cc[g]) + Xf[g][i] * hd + (1.0 - xm - Xf[g][i]) * 260.0;
            J50[g] += xm >= 0.5 ? 1 : 0;
        }
    }
#pragma endscop
}

int main(void)
{
    /* carbon 0.2-0.6 %, manganese 0.5-1.4 %, chromium 0-1.1 %, Avrami exponents
     * 1.8-2.6; the bar starts at the austenitising temperature */
    for (int g = 0; g < NG; g++) {
        Cc[g] = 0.2 + 0.4 * (double)((g * 5) % NG) / NG;
        Mn[g] = 0.5 + 0.9 * (double)((g * 7) % 11) / 10.0;
        Cr[g] = 1.1 * (double)((g * 3) % 5) / 4.0;
        Nj[g] = 1.8 + 0.8 * (double)(g % 4) / 3.0;
        Ms[g] = Tnose[g] = K0[g] = 0.0;
        J50[g] = 0;
        for (int i = 0; i < NX; i++) {
            T[g][i] = Tnew[g][i] = 870.0;
            Xf[g][i] = Hv[g][i] = 0.0;
            T8[g][i] = T5[g][i] = -1.0;
        }
    }

    jominy();

    double sum = 0.0;
    for (int g = 0; g < NG; g++) {
        for (int i = 0; i < NX; i++)
            sum += (1e-2 * T[g][i] + Xf[g][i] + 1e-2 * (T8[g][i] + T5[g][i]) + 1e-3 * Hv[g][i] + 1e-3 * Tnew[g][i]) * (double)(1 + (g + 3 * i) % 7);
        sum += (J50[g] + 1e-2 * Ms[g] + 1e-2 * Tnose[g] + 100.0 * K0[g]) * (double)(1 + g % 5);
    }
    printf("%.10e\n", sum);
    return 0;
}
