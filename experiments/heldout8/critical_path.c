/* Project scheduling: schedule risk analysis by the critical path method over many
 * sampled duration scenarios. The activity network is a layered DAG: activity j of
 * layer l + 1 depends on the activities k of layer l with |k - j| <= r, each edge with
 * a minimum time lag Lag[l][j][k - j + r]. Per scenario a forward pass gives every
 * activity's earliest finish (maximum over its predecessors by ternary, the window
 * clipped at the layer's ends by max / min ternaries in the loop bounds: banded), and
 * a backward pass with the layer loop counting down gives the latest start against the
 * contractual deadline (minimum over successors). First-layer finishes and last-layer
 * latest starts are set by main; the slack is formed there. Sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NSCEN
#define NSCEN 24
#endif
#ifndef NLAYER
#define NLAYER 768
#endif
#ifndef NWIDTH
#define NWIDTH 1024
#endif
#ifndef RBAND
#define RBAND 6
#endif
#define BIG (1 << 30)

static void cpm(int ns, int nl, int nw, int r, const int Lag[restrict nl][nw][2 * r + 1],
                const int Dur[restrict ns][nl][nw], int EF[restrict ns][nl][nw],
                int LS[restrict ns][nl][nw])
{
    int s, l, j, k;
#pragma scop
    for (s = 0; s < ns; s++) {
        for (l = 1; l < nl; l++)
            for (j = 0; j < nw; j++) {
                int m = 0;
                for (k = (j - r > 0 ? j - r : 0); k <= (j + r < nw - 1 ? j + r : nw - 1); k++)
                    m = EF[s][l - 1][k] + Lag[l - 1][j][k - j + r] > m
                      ? EF[s][l - 1][k] + Lag[l - 1][j][k - j + r] : m;
                EF[s][l][j] = m + Dur[s][l][j];
            }
        for (l = nl - 2; l >= 0; l--)
            for (k = 0; k < nw; k++) {
                int m = BIG;
                for (j = (k - r > 0 ? k - r : 0); j <= (k + r < nw - 1 ? k + r : nw - 1); j++)
                    m = LS[s][l + 1][j] - Lag[l][j][k - j + r] < m
                      ? LS[s][l + 1][j] - Lag[l][j][k - j + r] : m;
                LS[s][l][k] = m - Dur[s][l][k];
            }
    }
#pragma endscop
}

int main(void)
{
    int ns = NSCEN, nl = NLAYER, nw = NWIDTH, r = RBAND;
    int (*Lag)[nw][2 * r + 1] = malloc(sizeof(int[nl][nw][2 * r + 1]));
    int (*Dur)[nl][nw] = malloc(sizeof(int[ns][nl][nw]));
    int (*EF)[nl][nw] = malloc(sizeof(int[ns][nl][nw]));
    int (*LS)[nl][nw] = malloc(sizeof(int[ns][nl][nw]));
    if (!Lag || !Dur || !EF || !LS)
        return 1;
    /* lags 0 to 3 (hours), about a third of the edges with lag 0; base durations 2 to
     * 13 hours, each scenario stretching them by 0 to 50 % in a pattern of its own and
     * by 0, 10, 20 or 30 % overall; the deadline, 18 hours per layer, lies between the
     * scenarios' makespans (about 16.3 to 19.8 hours per layer), so half the scenarios
     * finish early and the other half run late (negative slack on every activity) */
    for (int l = 0; l < nl; l++)
        for (int j = 0; j < nw; j++)
            for (int d = 0; d <= 2 * r; d++)
                Lag[l][j][d] = (l * 3 + j * 5 + d * 7) % 6 < 2 ? 0 : (l + 2 * j + d) % 4;
    for (int s = 0; s < ns; s++)
        for (int l = 0; l < nl; l++)
            for (int j = 0; j < nw; j++) {
                int base = 2 + (l * 7 + j * 3) % 12;
                Dur[s][l][j] = base + base * ((s * 5 + l + j * 11) % 11 + 2 * (s % 4)) / 20;
                EF[s][l][j] = l == 0 ? Dur[s][l][j] : 0;
                LS[s][l][j] = 0;
            }
    int deadline = nl * 18;
    for (int s = 0; s < ns; s++)
        for (int j = 0; j < nw; j++)
            LS[s][nl - 1][j] = deadline - Dur[s][nl - 1][j];

    cpm(ns, nl, nw, r, Lag, Dur, EF, LS);

    double sum = 0.0;
    for (int s = 0; s < ns; s++)
        for (int l = 0; l < nl; l++)
            for (int j = 0; j < nw; j++) {
                int slack = LS[s][l][j] + Dur[s][l][j] - EF[s][l][j];
                sum += (double)slack * (double)(1 + (s + l + 3 * j) % 7)
                     + 1e-3 * (double)EF[s][l][j];
            }
    printf("%.10e\n", sum);
    free(Lag); free(Dur); free(EF); free(LS);
    return 0;
}
