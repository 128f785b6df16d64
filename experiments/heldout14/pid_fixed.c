/* Embedded motor control: a bank of brushed DC drives under fixed-point PI speed
 * control, simulated at the 10 kHz control rate for hardware-in-the-loop regression
 * of controller gains. First every drive's PI gains from its inertia and requested
 * bandwidth (integer shifts) and its inverse inertia (Q16, one integer division).
 * Then every step: the speed reference of the motion profile scaled per drive, the PI
 * controller (block-local error and command, the integrator clamped against windup
 * and the command limited to the supply by ternaries, a saturation count) with the
 * integrated absolute error; the motor model advanced by semi-implicit Euler in
 * integer arithmetic (armature current from command, resistance and back-EMF, then
 * speed from torque, viscous friction and the load torque profile times the inverse
 * inertia); the largest overshoot (ternary). Last a weighted score per drive. int
 * (Q8 and Q12 controller gains, Q10 motor constants, arithmetic shifts), sizes as
 * macros, global arrays. */
#include <stdio.h>

#ifndef NDRV
#define NDRV 16384
#endif
#ifndef NSTEP
#define NSTEP 30000
#endif
#define UMAX 24000      /* supply limit of the command */
#define IMAX 20000      /* integrator clamp */

static int Rt[NSTEP], Ld[NSTEP];              /* reference and load profiles */
static int Gm[NDRV], Lm[NDRV], Jm[NDRV], Wb[NDRV], Ra[NDRV], Ke[NDRV], Bf[NDRV];
static int Kp[NDRV], Ki[NDRV], Jinv[NDRV], Integ[NDRV], Cur[NDRV], W[NDRV], U[NDRV];
static int Iae[NDRV], Sat[NDRV], Ovr[NDRV], Score[NDRV];

static void drives(void)
{
    int t, m;
#pragma scop
    for (m = 0; m < NDRV; m++) {
        Kp[m] = (Jm[m] * Wb[m]) >> 2;
        Ki[m] = (Kp[m] * Wb[m]) >> 6;
        Jinv[m] = 65536 / Jm[m];
    }
    for (t = 0; t < NSTEP; t++) {
        for (m = 0; m < NDRV; m++) {
            int e = ((Rt[t] * Gm[m]) >> 10) - W[m];
            Iae[m] += (e >= 0 ? e : -e) >> 4;
            Integ[m] += (Ki[m] * e) >> 12;
            Integ[m] = Integ[m] > IMAX ? IMAX : (Integ[m] < -IMAX ? -IMAX : Integ[m]);
            int u = ((Kp[m] * e) >> 8) + Integ[m];
            Sat[m] += u > UMAX || u < -UMAX ? 1 : 0;
            U[m] = u > UMAX ? UMAX : (u < -UMAX ? -UMAX : u);
        }
        for (m = 0; m < NDRV; m++) {
            Cur[m] += (U[m] - ((Ra[m] * Cur[m]) >> 10) - ((Ke[m] * W[m]) >> 10)) >> 4;
            W[m] += ((((Ke[m] * Cur[m]) >> 10) - ((Bf[m] * W[m]) >> 10) - ((Ld[t] * Lm[m]) >> 10)) * Jinv[m]) >> 16;
        }
        for (m = 0; m < NDRV; m++)
            Ovr[m] = W[m] - ((Rt[t] * Gm[m]) >> 10) > Ovr[m] ? W[m] - ((Rt[t] * Gm[m]) >> 10) : Ovr[m];
    }
    for (m = 0; m < NDRV; m++)
        Score[m] = (Iae[m] >> 6) + 4 * Ovr[m] + 16 * Sat[m];
#pragma endscop
}

int main(void)
{
    /* motion profile: ramps up to full speed (16384), hold, reversal to -8192, stop,
     * repeated every 10000 steps; load torque steps of 0 to 3000 every 2500 steps;
     * drives: speed scale 0.5 to 1.0 (Q10), load scale 0.25 to 1.0, inertia 64 to
     * 191, bandwidth 8 to 23, armature resistance 300 to 700 and back-EMF constant
     * 800 to 1100 (Q10), viscous friction 20 to 80 */
    for (int t = 0; t < NSTEP; t++) {
        int ph = t % 10000;
        Rt[t] = ph < 2000 ? 16384 * ph / 2000 : ph < 5000 ? 16384
              : ph < 7000 ? 16384 - 24576 * (ph - 5000) / 2000 : ph < 9000 ? -8192 : 0;
        Ld[t] = 1000 * ((t / 2500) % 4);
    }
    for (int m = 0; m < NDRV; m++) {
        Gm[m] = 512 + (m * 37) % 513;
        Lm[m] = 256 + (m * 53) % 769;
        Jm[m] = 64 + (m * 29) % 128;
        Wb[m] = 8 + (m * 7) % 16;
        Ra[m] = 300 + (m * 13) % 401;
        Ke[m] = 800 + (m * 17) % 301;
        Bf[m] = 20 + (m * 11) % 61;
        Kp[m] = Ki[m] = Jinv[m] = Integ[m] = Cur[m] = W[m] = U[m] = 0;
        Iae[m] = Sat[m] = Ovr[m] = Score[m] = 0;
    }

    drives();

    double sum = 0.0;
    for (int m = 0; m < NDRV; m++)
        sum += ((double)W[m] + (double)Cur[m] + (double)Score[m] + (double)Integ[m]) * (double)(1 + m % 7);
    printf("%.10e\n", sum);
    return 0;
}
