/* Robotics / manipulator kinematics: workspace and dexterity map of a 7-joint arm over
 * a large set of joint configurations. Per configuration, in a workspace reused by all
 * of them: every joint's Denavit-Hartenberg link transform (block-local cos and sin of
 * the joint angle, eight entries; the constant third and fourth rows are set once in
 * main), the chain of homogeneous transforms T_{j+1} = T_j L_j (3x4 block, block-local
 * dot products over k), the end-effector position, the position Jacobian of the
 * revolute joints as z_j x (p_e - o_j) read from the stored frames (column j of
 * the workspace), J J^T (block-local sums over the joints) and the Yoshikawa
 * manipulability sqrt(|det(J J^T)|). Double precision, sizes are arguments passed
 * through local variables. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NCONF
#define NCONF 1800000
#endif
#ifndef NJ
#define NJ 7
#endif

static void kinematics(int na, int nj, const double Th[restrict na][nj],
                       const double CA[restrict nj], const double SA[restrict nj],
                       const double DA[restrict nj], double L[restrict nj][4][4],
                       double T[restrict nj + 1][3][4], double Jw[restrict 3][nj],
                       double M[restrict 3][3], double Pos[restrict na][3],
                       double Wm[restrict na])
{
    int a, j, r, c, k;
#pragma scop
    for (a = 0; a < na; a++) {
        for (j = 0; j < nj; j++) {
            double ct = cos(Th[a][j]);
            double st = sin(Th[a][j]);
            L[j][0][0] = ct;
            L[j][0][1] = -st * CA[j];
            L[j][0][2] = st * SA[j];
            L[j][0][3] = DA[j] * ct;
            L[j][1][0] = st;
            L[j][1][1] = ct * CA[j];
            L[j][1][2] = -ct * SA[j];
            L[j][1][3] = DA[j] * st;
        }
        for (j = 0; j < nj; j++)
            for (r = 0; r < 3; r++)
                for (c = 0; c < 4; c++) {
                    double s = 0.0;
                    for (k = 0; k < 4; k++)
                        s += T[j][r][k] * L[j][k][c];
                    T[j + 1][r][c] = s;
                }
        for (r = 0; r < 3; r++)
            Pos[a][r] = T[nj][r][3];
        for (j = 0; j < nj; j++) {
            Jw[0][j] = T[j][1][2] * (T[nj][2][3] - T[j][2][3]) - T[j][2][2] * (T[nj][1][3] - T[j][1][3]);
            Jw[1][j] = T[j][2][2] * (T[nj][0][3] - T[j][0][3]) - T[j][0][2] * (T[nj][2][3] - T[j][2][3]);
            Jw[2][j] = T[j][0][2] * (T[nj][1][3] - T[j][1][3]) - T[j][1][2] * (T[nj][0][3] - T[j][0][3]);
        }
        for (r = 0; r < 3; r++)
            for (c = 0; c < 3; c++) {
                double s = 0.0;
                for (j = 0; j < nj; j++)
                    s += Jw[r][j] * Jw[c][j];
                M[r][c] = s;
            }
        Wm[a] = sqrt(fabs(M[0][0] * (M[1][1] * M[2][2] - M[1][2] * M[2][1])
                          - M[0][1] * (M[1][0] * M[2][2] - M[1][2] * M[2][0])
                          + M[0][2] * (M[1][0] * M[2][1] - M[1][1] * M[2][0])));
    }
#pragma endscop
}

int main(void)
{
    int na = NCONF, nj = NJ;
    double (*Th)[nj] = malloc(sizeof(double[na][nj]));
    double (*Pos)[3] = malloc(sizeof(double[na][3]));
    double *Wm = malloc(sizeof(double[na]));
    double *CA = malloc(sizeof(double[nj]));
    double *SA = malloc(sizeof(double[nj]));
    double *DA = malloc(sizeof(double[nj]));
    double (*L)[4][4] = malloc(sizeof(double[nj][4][4]));
    double (*T)[3][4] = malloc(sizeof(double[nj + 1][3][4]));
    double (*Jw)[nj] = malloc(sizeof(double[3][nj]));
    double (*M)[3] = malloc(sizeof(double[3][3]));
    if (!Th || !Pos || !Wm || !CA || !SA || !DA || !L || !T || !Jw || !M)
        return 1;
    /* a 7-joint arm with link twists alternating +-90 degrees (0 at the last joint)
     * and link lengths 0 to 0.4 m (d offsets 0.1 to 0.34 m in the constant third row);
     * joint angles: a lattice over +-2.6 rad, each joint stepping with its own stride */
    for (int j = 0; j < nj; j++) {
        double al = j == nj - 1 ? 0.0 : (j % 2 == 0 ? -1.5707963267948966 : 1.5707963267948966);
        CA[j] = cos(al);
        SA[j] = sin(al);
        DA[j] = 0.4 * (double)(j % 3) / 2.0;
        for (int k = 0; k < 4; k++)
            for (int c = 0; c < 4; c++)
                L[j][k][c] = 0.0;
        L[j][2][1] = SA[j];
        L[j][2][2] = CA[j];
        L[j][2][3] = 0.1 + 0.04 * j;
        L[j][3][3] = 1.0;
    }
    for (int j = 0; j <= nj; j++)
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 4; c++)
                T[j][r][c] = r == c ? 1.0 : 0.0;
    for (int r = 0; r < 3; r++)
        for (int j = 0; j < nj; j++)
            Jw[r][j] = 0.0;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            M[r][c] = 0.0;
    for (int a = 0; a < na; a++) {
        for (int j = 0; j < nj; j++)
            Th[a][j] = -2.6 + 5.2 * (double)((a * (2 * j + 3) + a / (j + 7)) % 1009) / 1008.0;
        Pos[a][0] = Pos[a][1] = Pos[a][2] = Wm[a] = 0.0;
    }

    kinematics(na, nj, Th, CA, SA, DA, L, T, Jw, M, Pos, Wm);

    double sum = 0.0;
    for (int a = 0; a < na; a++)
        sum += (Pos[a][0] + 2.0 * Pos[a][1] + 3.0 * Pos[a][2] + 10.0 * Wm[a]) * (double)(1 + a % 7);
    printf("%.10e\n", sum);
    free(Th); free(Pos); free(Wm); free(CA); free(SA); free(DA); free(L); free(T);
    free(Jw); free(M);
    return 0;
}
