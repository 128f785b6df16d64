/* Community ecology: alpha and beta diversity of a vegetation survey (species counts
 * of plots along an environmental gradient). Per plot the number of individuals and
 * the species richness (ternary on presence); the Shannon index (logf, ternary for
 * absent species, block-local proportion); per species the number of occupied plots
 * (down the columns); for every pair of plots (lower triangle) the Bray-Curtis
 * dissimilarity from the summed smaller counts and the Jaccard distance from the
 * shared species (block-local integer sums, ternaries); the Bray-Curtis matrix
 * completed (diagonal and mirrored upper triangle); last per plot the mean
 * dissimilarity to the other plots and its nearest neighbour (ternaries). Integer
 * counts with single-precision indices, sizes are arguments passed directly from
 * macros. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NPLOT
#define NPLOT 2000
#endif
#ifndef NSPEC
#define NSPEC 768
#endif

static void diversity(int ns, int nsp, const int Cnt[restrict ns][nsp], int Ntot[restrict ns], int Rich[restrict ns],
                      float Shan[restrict ns], int Occ[restrict nsp], float Bc[restrict ns][ns],
                      float Jac[restrict ns][ns], float Mbc[restrict ns], float Bmin[restrict ns], int Nn[restrict ns])
{
    int i, j, k;
#pragma scop
    for (i = 0; i < ns; i++) {
        Ntot[i] = 0;
        Rich[i] = 0;
        for (k = 0; k < nsp; k++) {
            Ntot[i] += Cnt[i][k];
            Rich[i] += Cnt[i][k] > 0 ? 1 : 0;
        }
    }
    for (i = 0; i < ns; i++) {
        Shan[i] = 0.0f;
        for (k = 0; k < nsp; k++) {
            float p = (float)Cnt[i][k] / Ntot[i];
            Shan[i] -= Cnt[i][k] > 0 ? p * logf(p) : 0.0f;
        }
    }
    for (k = 0; k < nsp; k++) {
        Occ[k] = 0;
        for (i = 0; i < ns; i++)
            Occ[k] += Cnt[i][k] > 0 ? 1 : 0;
    }
    for (i = 0; i < ns; i++)
        for (j = 0; j < i; j++) {
            int smin = 0, sh = 0;
            for (k = 0; k < nsp; k++) {
                smin += Cnt[i][k] < Cnt[j][k] ? Cnt[i][k] : Cnt[j][k];
                sh += Cnt[i][k] > 0 && Cnt[j][k] > 0 ? 1 : 0;
            }
            Bc[i][j] = 1.0f - 2.0f * smin / (float)(Ntot[i] + Ntot[j]);
            Jac[i][j] = 1.0f - (float)sh / (float)(Rich[i] + Rich[j] - sh);
        }
    for (i = 0; i < ns; i++) {
        Bc[i][i] = 0.0f;
        for (j = i + 1; j < ns; j++)
            Bc[i][j] = Bc[j][i];
    }
    for (i = 0; i < ns; i++) {
        Mbc[i] = 0.0f;
        Bmin[i] = 2.0f;
        Nn[i] = -1;
        for (j = 0; j < ns; j++) {
            Mbc[i] += Bc[i][j] / (ns - 1);
            Nn[i] = j != i && Bc[i][j] < Bmin[i] ? j : Nn[i];
            Bmin[i] = j != i && Bc[i][j] < Bmin[i] ? Bc[i][j] : Bmin[i];
        }
    }
#pragma endscop
}

int main(void)
{
    int (*Cnt)[NSPEC] = malloc(sizeof(int[NPLOT][NSPEC])), *Ntot = malloc(sizeof(int[NPLOT])), *Rich = malloc(sizeof(int[NPLOT]));
    int *Occ = malloc(sizeof(int[NSPEC])), *Nn = malloc(sizeof(int[NPLOT]));
    float *Shan = malloc(sizeof(float[NPLOT])), *Mbc = malloc(sizeof(float[NPLOT]));
    float *Bmin = malloc(sizeof(float[NPLOT])), (*Bc)[NPLOT] = malloc(sizeof(float[NPLOT][NPLOT]));
    float (*Jac)[NPLOT] = malloc(sizeof(float[NPLOT][NPLOT]));
    if (!Cnt || !Ntot || !Rich || !Occ || !Nn || !Shan || !Mbc || !Bmin || !Bc || !Jac)
        return 1;
    /* plots spread along a moisture gradient (with a second, hashed site effect);
     * every species has a Gaussian response with its own optimum, tolerance and
     * maximum abundance (1-200); counts are the expected abundance times a hashed
     * factor 0-2, truncated; every plot holds at least one individual */
    for (int i = 0; i < NPLOT; i++) {
        double g = (double)i / NPLOT + 0.05 * sin(0.37 * i);
        for (int k = 0; k < NSPEC; k++) {
            unsigned h = (unsigned)(i + 1) * 2654435761u ^ (unsigned)(k + 3) * 2246822519u;
            h ^= h >> 15;
            h *= 2246822519u;
            h ^= h >> 13;
            double mu = -0.1 + 1.2 * (double)((k * 37) % NSPEC) / NSPEC, tol = 0.03 + 0.12 * (double)((k * 11) % 13) / 12.0;
            double amax = 1.0 + 199.0 * (double)((k * 7) % 17) / 16.0 * (double)((k * 7) % 17) / 16.0;
            Cnt[i][k] = (int)(amax * exp(-(g - mu) * (g - mu) / (2.0 * tol * tol)) * (double)(h % 2000u) / 1000.0);
        }
        Cnt[i][(i * 13) % NSPEC] += 1;
        Ntot[i] = Rich[i] = Nn[i] = 0;
        Shan[i] = Mbc[i] = Bmin[i] = 0.0f;
        for (int j = 0; j < NPLOT; j++)
            Bc[i][j] = Jac[i][j] = 0.0f;
    }
    for (int k = 0; k < NSPEC; k++)
        Occ[k] = 0;

    diversity(NPLOT, NSPEC, Cnt, Ntot, Rich, Shan, Occ, Bc, Jac, Mbc, Bmin, Nn);

    double sum = 0.0;
    for (int i = 0; i < NPLOT; i++) {
        for (int j = 0; j < NPLOT; j++)
            sum += ((double)Bc[i][j] + (j < i ? 0.5 * Jac[i][j] : 0.0)) * (double)(1 + (i + 3 * j) % 7);
        sum += (1e-3 * Ntot[i] + Rich[i] + Shan[i] + Mbc[i] + Bmin[i] + 1e-3 * Nn[i]) * (double)(1 + i % 5);
    }
    for (int k = 0; k < NSPEC; k++)
        sum += Occ[k] * (double)(1 + k % 3);
    printf("%.10e\n", sum);
    free(Cnt); free(Ntot); free(Rich); free(Occ); free(Nn); free(Shan); free(Mbc); free(Bmin); free(Bc); free(Jac);
    return 0;
}
