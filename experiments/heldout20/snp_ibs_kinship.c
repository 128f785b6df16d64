/* Identity-by-state kinship from SNP genotypes, a first step of relatedness checks in
 * genome-wide association studies. Genotypes are allele counts 0, 1, 2 with 3 for a
 * missing call. Per SNP the called-genotype count and the alternate-allele count (the
 * SNP loop outside the individual loop); per pair of individuals (upper triangle, j > i) the IBS sum 2 - |gi - gj| and the number
 * of SNPs called in both (block-local accumulators, ternaries on the missing code); last
 * the kinship score in thousandths, 1000 * ibs / (2 * called), written to both
 * triangles (ternary guard on a zero count) with 1000 on the diagonal. Integer only;
 * sizes are parameters (VLA), passed through local int variables. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NIND
#define NIND 1000
#endif
#ifndef NSNP
#define NSNP 3000
#endif

static void ibs_kinship(int ni, int ns, signed char G[ni][ns], int called[ns], int alt[ns],
                        int IBS[ni][ni], int NC[ni][ni], int KIN[ni][ni])
{
    int i, j, s;
#pragma scop
    for (s = 0; s < ns; s++) {
        called[s] = 0;
        alt[s] = 0;
        for (i = 0; i < ni; i++) {
            called[s] += G[i][s] == 3 ? 0 : 1;
            alt[s] += G[i][s] == 3 ? 0 : G[i][s];
        }
    }
    for (i = 0; i < ni; i++)
        for (j = i + 1; j < ni; j++) {
            int a = 0;
            int c = 0;
            for (s = 0; s < ns; s++) {
                int d = G[i][s] - G[j][s];
                int ok = (G[i][s] != 3 && G[j][s] != 3) ? 1 : 0;
                a += ok ? 2 - (d < 0 ? -d : d) : 0;
                c += ok;
            }
            IBS[i][j] = a;
            NC[i][j] = c;
        }
    for (i = 0; i < ni; i++) {
        KIN[i][i] = 1000;
        for (j = i + 1; j < ni; j++) {
            KIN[i][j] = NC[i][j] > 0 ? 1000 * IBS[i][j] / (2 * NC[i][j]) : 0;
            KIN[j][i] = KIN[i][j];
        }
    }
#pragma endscop
}

int main(void)
{
    int ni = NIND, ns = NSNP;
    signed char (*G)[NSNP] = malloc((size_t)ni * ns);
    int *called = malloc(sizeof(int) * (size_t)ns);
    int *alt = malloc(sizeof(int) * (size_t)ns);
    int (*IBS)[NIND] = calloc((size_t)ni * ni, sizeof(int));
    int (*NC)[NIND] = calloc((size_t)ni * ni, sizeof(int));
    int (*KIN)[NIND] = calloc((size_t)ni * ni, sizeof(int));
    if (!G || !called || !alt || !IBS || !NC || !KIN)
        return 1;
    unsigned int seed = 7u;
    for (int i = 0; i < ni; i++)
        for (int s = 0; s < ns; s++) {
            /* allele frequency 0.05 .. 0.5 per SNP; families of 8 share a founder
               genotype at about half of the SNPs */
            int pf = 5 + (s * 37) % 46;
            int fam = i / 8;
            seed = seed * 1103515245u + 12345u;
            int r1 = (int)((seed >> 16) % 100u);
            seed = seed * 1103515245u + 12345u;
            int r2 = (int)((seed >> 16) % 100u);
            int g;
            if (r1 < 50 && (i % 8) != 0)
                g = ((fam * 131 + s * 17) % 100 < pf) + ((fam * 71 + s * 29) % 100 < pf);
            else
                g = (r1 % 50 * 2 < pf) + (r2 < pf);
            seed = seed * 1103515245u + 12345u;
            if ((seed >> 16) % 1000u < 20u)
                g = 3;
            G[i][s] = (signed char)g;
        }
    ibs_kinship(ni, ns, G, called, alt, IBS, NC, KIN);
    long long cs = 0;
    for (int s = 0; s < ns; s++)
        cs += (long long)called[s] * (s % 11 + 1) + (long long)alt[s] * (s % 7 + 2);
    for (int i = 0; i < ni; i++) {
        for (int j = 0; j < ni; j++)
            cs += (long long)IBS[i][j] * ((i + 2 * j) % 5 + 1) + (long long)NC[i][j] * ((i * 3 + j) % 7 + 1)
                  + (long long)KIN[i][j] * ((i * 7 + j * 3) % 31 + 1);
    }
    printf("%lld\n", cs);
    free(G);
    free(called);
    free(alt);
    free(IBS);
    free(NC);
    free(KIN);
    return 0;
}
