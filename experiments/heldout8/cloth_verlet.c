/* Game physics: a hanging cloth as a grid of point masses joined by structural springs
 * to their right and lower neighbours, integrated by position Verlet with damping. Per
 * time step the tension coefficient of every horizontal and every vertical spring,
 * KS * (1 - REST / length), is computed (sqrt of the squared length), then every free
 * particle's new position from its current and previous positions, the four spring
 * forces and gravity, then the positions are shifted back one level. The top row is
 * pinned. Arrays carry a frame (columns 0 and N + 1, row N) whose springs have
 * coefficient 0, so that every particle sees four neighbours. The spring constant and
 * gravity are already multiplied by the step squared. Global arrays of fixed size; the
 * time loop is outermost. */
#include <math.h>
#include <stdio.h>

#ifndef N
#define N 512
#endif
#ifndef STEPS
#define STEPS 200
#endif
#define KS 0.2
#define REST 1.0
#define DAMP 0.995

static double P[N + 1][N + 2][2], PO[N + 1][N + 2][2], PN[N + 1][N + 2][2];
static double Ch[N][N + 1], Cv[N][N + 1];
static const double G[2] = {0.0, -2e-5};

static void cloth(void)
{
    int t, i, j, d;
#pragma scop
    for (t = 0; t < STEPS; t++) {
        for (i = 0; i < N; i++)
            for (j = 1; j < N; j++)
                Ch[i][j] = KS * (1.0 - REST / sqrt((P[i][j + 1][0] - P[i][j][0]) * (P[i][j + 1][0] - P[i][j][0])
                                                 + (P[i][j + 1][1] - P[i][j][1]) * (P[i][j + 1][1] - P[i][j][1])));
        for (i = 0; i < N - 1; i++)
            for (j = 1; j <= N; j++)
                Cv[i][j] = KS * (1.0 - REST / sqrt((P[i + 1][j][0] - P[i][j][0]) * (P[i + 1][j][0] - P[i][j][0])
                                                 + (P[i + 1][j][1] - P[i][j][1]) * (P[i + 1][j][1] - P[i][j][1])));
        for (i = 1; i < N; i++)
            for (j = 1; j <= N; j++)
                for (d = 0; d < 2; d++)
                    PN[i][j][d] = P[i][j][d] + DAMP * (P[i][j][d] - PO[i][j][d])
                                + Ch[i][j] * (P[i][j + 1][d] - P[i][j][d])
                                - Ch[i][j - 1] * (P[i][j][d] - P[i][j - 1][d])
                                + Cv[i][j] * (P[i + 1][j][d] - P[i][j][d])
                                - Cv[i - 1][j] * (P[i][j][d] - P[i - 1][j][d]) + G[d];
        for (i = 1; i < N; i++)
            for (j = 1; j <= N; j++)
                for (d = 0; d < 2; d++) {
                    PO[i][j][d] = P[i][j][d];
                    P[i][j][d] = PN[i][j][d];
                }
    }
#pragma endscop
}

int main(void)
{
    /* particles at unit spacing, column j at x = j, row i at y = -i (the top row pinned
     * at y = 0), the sheet squeezed to 97 % horizontally with a ripple of amplitude 0.1
     * and stretched 1 % vertically, released with a sideways velocity of up to 0.02 per
     * step in its lower half; the frame stays at zero */
    for (int i = 0; i < N; i++)
        for (int j = 1; j <= N; j++) {
            double x = 0.97 * (double)j + 0.1 * (double)((i * 3 + j * 5) % 9 - 4) / 4.0;
            double y = -1.01 * (double)i;
            P[i][j][0] = x;
            P[i][j][1] = y;
            PO[i][j][0] = x - (i > N / 2 ? 0.02 * (double)(j % 7) / 6.0 : 0.0);
            PO[i][j][1] = y;
            PN[i][j][0] = x;
            PN[i][j][1] = y;
        }

    cloth();

    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 1; j <= N; j++)
            sum += (P[i][j][0] - (double)j + 0.5 * (P[i][j][1] + (double)i))
                 * (double)(1 + (i + 3 * j) % 7);
    printf("%.10e\n", sum);
    return 0;
}
