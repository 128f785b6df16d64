/* Pharmacokinetics: a population of patients on a repeated oral dosing regimen, a
 * two-compartment model with first-order absorption from the gut, mixed linear and
 * saturable (Michaelis-Menten) elimination and an effect compartment with an Emax
 * response, integrated by explicit Euler. Per step and patient the dose (loading dose
 * at the first step, then every TAU steps, by ternaries on the step), the flows
 * (block-local), the amounts, the effect-site concentration and peak effect, the AUC,
 * the peak concentration and its step, the trough over the last dosing interval and
 * the steps above the target concentration (ternaries), and the population mean
 * concentration of the step; last per patient the average concentration and the
 * peak-trough fluctuation. Double precision (int steps), sizes are arguments passed
 * through local int variables (VLA parameters). */
#include <stdio.h>
#include <stdlib.h>

#ifndef NPAT
#define NPAT 3000
#endif
#ifndef NSTEP
#define NSTEP 12000
#endif
#define TAU 1200
#define DT 0.01
#define CTARGET 2.0

static void pk_population(int np, int nt, const double Dose[restrict np], const double Ka[restrict np],
                          const double Cl[restrict np], const double V1[restrict np], const double Qc[restrict np],
                          const double V2[restrict np], const double Vmax[restrict np], const double Km[restrict np],
                          const double Ke0[restrict np], const double Ec50[restrict np], double Ag[restrict np],
                          double A1[restrict np], double A2[restrict np], double Ce[restrict np], double Emx[restrict np],
                          double Auc[restrict np], double Cmax[restrict np], int Tmax[restrict np],
                          double Cmin[restrict np], int Tab[restrict np], double Cmean[restrict nt],
                          double Cav[restrict np], double Fl[restrict np])
{
    int t, p;
#pragma scop
    for (t = 0; t < nt; t++)
        for (p = 0; p < np; p++) {
            double c = A1[p] / V1[p];
            double ra = Ka[p] * Ag[p];
            double re = Cl[p] * c + Vmax[p] * c / (Km[p] + c);
            double rd = Qc[p] * (c - A2[p] / V2[p]);
            Ag[p] = Ag[p] - DT * ra + (t == 0 ? 2.0 * Dose[p] : (t % TAU == 0 ? Dose[p] : 0.0));
            A1[p] = A1[p] + DT * (ra - re - rd);
            A2[p] = A2[p] + DT * rd;
            Ce[p] = Ce[p] + DT * Ke0[p] * (c - Ce[p]);
            Emx[p] = Ce[p] / (Ec50[p] + Ce[p]) > Emx[p] ? Ce[p] / (Ec50[p] + Ce[p]) : Emx[p];
            Auc[p] += DT * c;
            Tmax[p] = c > Cmax[p] ? t : Tmax[p];
            Cmax[p] = c > Cmax[p] ? c : Cmax[p];
            Cmin[p] = t >= nt - TAU && c < Cmin[p] ? c : Cmin[p];
            Tab[p] += c > CTARGET ? 1 : 0;
            Cmean[t] += c / np;
        }
    for (p = 0; p < np; p++) {
        Cav[p] = Auc[p] / (nt * DT);
        Fl[p] = (Cmax[p] - Cmin[p]) / Cav[p];
    }
#pragma endscop
}

int main(void)
{
    int np = NPAT, nt = NSTEP;
    double *Dose = malloc(sizeof(double[NPAT])), *Ka = malloc(sizeof(double[NPAT])), *Cl = malloc(sizeof(double[NPAT]));
    double *V1 = malloc(sizeof(double[NPAT])), *Qc = malloc(sizeof(double[NPAT])), *V2 = malloc(sizeof(double[NPAT]));
    double *Vmax = malloc(sizeof(double[NPAT])), *Km = malloc(sizeof(double[NPAT])), *Ke0 = malloc(sizeof(double[NPAT]));
    double *Ec50 = malloc(sizeof(double[NPAT])), *Ag = malloc(sizeof(double[NPAT])), *A1 = malloc(sizeof(double[NPAT]));
    double *A2 = malloc(sizeof(double[NPAT])), *Ce = malloc(sizeof(double[NPAT])), *Emx = malloc(sizeof(double[NPAT]));
    double *Auc = malloc(sizeof(double[NPAT])), *Cmax = malloc(sizeof(double[NPAT])), *Cmin = malloc(sizeof(double[NPAT]));
    double *Cmean = malloc(sizeof(double[NSTEP])), *Cav = malloc(sizeof(double[NPAT])), *Fl = malloc(sizeof(double[NPAT]));
    int *Tmax = malloc(sizeof(int[NPAT])), *Tab = malloc(sizeof(int[NPAT]));
    if (!Dose || !Ka || !Cl || !V1 || !Qc || !V2 || !Vmax || !Km || !Ke0 || !Ec50 || !Ag || !A1 || !A2 || !Ce || !Emx
        || !Auc || !Cmax || !Cmin || !Cmean || !Cav || !Fl || !Tmax || !Tab)
        return 1;
    /* body weight 50-110 kg scales clearances and volumes (allometric exponents
     * 0.75 and 1 approximated linearly); dose 200-400 mg; hours, litres, mg/L; a small
     * residual amount everywhere at the start */
    for (int p = 0; p < NPAT; p++) {
        double wt = 50.0 + 60.0 * (double)((p * 37) % 61) / 60.0;
        Dose[p] = 200.0 + 50.0 * (double)(p % 5);
        Ka[p] = 0.6 + 1.2 * (double)((p * 7) % 13) / 12.0;
        Cl[p] = (2.0 + 3.0 * (double)((p * 11) % 17) / 16.0) * (0.5 + 0.5 * wt / 70.0);
        V1[p] = (20.0 + 20.0 * (double)((p * 5) % 11) / 10.0) * wt / 70.0;
        Qc[p] = 4.0 + 4.0 * (double)((p * 3) % 7) / 6.0;
        V2[p] = (30.0 + 40.0 * (double)((p * 13) % 9) / 8.0) * wt / 70.0;
        Vmax[p] = 10.0 + 20.0 * (double)((p * 17) % 19) / 18.0;
        Km[p] = 1.0 + 4.0 * (double)((p * 19) % 23) / 22.0;
        Ke0[p] = 0.2 + 0.8 * (double)((p * 23) % 7) / 6.0;
        Ec50[p] = 1.0 + 3.0 * (double)((p * 29) % 11) / 10.0;
        Ag[p] = A1[p] = A2[p] = 0.01;
        Ce[p] = 1e-4;
        Emx[p] = Auc[p] = Cmax[p] = Cav[p] = Fl[p] = 0.0;
        Cmin[p] = 1e3;
        Tmax[p] = Tab[p] = 0;
    }
    for (int t = 0; t < NSTEP; t++)
        Cmean[t] = 0.0;

    pk_population(np, nt, Dose, Ka, Cl, V1, Qc, V2, Vmax, Km, Ke0, Ec50, Ag, A1, A2, Ce, Emx, Auc, Cmax, Tmax, Cmin,
                  Tab, Cmean, Cav, Fl);

    double sum = 0.0;
    for (int p = 0; p < NPAT; p++)
        sum += (Ag[p] + A1[p] + A2[p] + Ce[p] + Emx[p] + 1e-2 * Auc[p] + Cmax[p] + 1e-3 * Tmax[p] + Cmin[p]
                + 1e-3 * Tab[p] + Cav[p] + Fl[p]) * (double)(1 + p % 7);
    for (int t = 0; t < NSTEP; t++)
        sum += Cmean[t] * (double)(1 + t % 5);
    printf("%.10e\n", sum);
    free(Dose); free(Ka); free(Cl); free(V1); free(Qc); free(V2); free(Vmax); free(Km); free(Ke0); free(Ec50);
    free(Ag); free(A1); free(A2); free(Ce); free(Emx); free(Auc); free(Cmax); free(Cmin); free(Cmean); free(Cav);
    free(Fl); free(Tmax); free(Tab);
    return 0;
}
