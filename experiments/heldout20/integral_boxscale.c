/* Multi-scale centre-surround box responses from an integral image, as in blob and
 * keypoint detectors: per frame the summed-area table of the 8-bit frame (recurrence on
 * i - 1 and j - 1, a zero first row and column), then for every scale s the box of
 * half-width r = 2 + 2 s around each pixel far enough from the border (bounds affine in
 * s) minus the surround box of half-width 2 r, each as four table lookups, the
 * response the scaled difference of the box means (integer division by the affine
 * areas), and per scale the count of pixels whose response passes a threshold
 * (ternary) and the strongest response (ternary). The table is a workspace shared by
 * the frames. Integer only; sizes are parameters (VLA), passed directly from macros. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NFR
#define NFR 6
#endif
#ifndef HH
#define HH 1024
#endif
#ifndef WW
#define WW 1024
#endif
#ifndef NS
#define NS 6
#endif

static void boxscale(int nf, int h, int w, int ns, unsigned char img[nf][h][w],
                     int S[h + 1][w + 1], int R[nf][ns][h][w], int cnt[nf][ns],
                     int best[nf][ns])
{
    int f, s, i, j;
#pragma scop
    for (f = 0; f < nf; f++) {
        for (j = 0; j <= w; j++)
            S[0][j] = 0;
        for (i = 1; i <= h; i++) {
            S[i][0] = 0;
            for (j = 1; j <= w; j++)
                S[i][j] = img[f][i - 1][j - 1] + S[i - 1][j] + S[i][j - 1] - S[i - 1][j - 1];
        }
        for (s = 0; s < ns; s++) {
            cnt[f][s] = 0;
            best[f][s] = 0;
            for (i = 4 + 4 * s; i < h - 4 - 4 * s; i++)
                for (j = 4 + 4 * s; j < w - 4 - 4 * s; j++) {
                    int inner = S[i + 3 + 2 * s][j + 3 + 2 * s] - S[i - 2 - 2 * s][j + 3 + 2 * s]
                              - S[i + 3 + 2 * s][j - 2 - 2 * s] + S[i - 2 - 2 * s][j - 2 - 2 * s];
                    int outer = S[i + 5 + 4 * s][j + 5 + 4 * s] - S[i - 4 - 4 * s][j + 5 + 4 * s]
                              - S[i + 5 + 4 * s][j - 4 - 4 * s] + S[i - 4 - 4 * s][j - 4 - 4 * s];
                    int mi = 16 * inner / ((5 + 4 * s) * (5 + 4 * s));
                    int mo = 16 * (outer - inner) / ((9 + 8 * s) * (9 + 8 * s) - (5 + 4 * s) * (5 + 4 * s));
                    R[f][s][i][j] = mi - mo;
                    cnt[f][s] += (mi - mo > 160 || mo - mi > 160) ? 1 : 0;
                    best[f][s] = mi - mo > best[f][s] ? mi - mo : best[f][s];
                }
        }
    }
#pragma endscop
}

int main(void)
{
    unsigned char (*img)[HH][WW] = malloc((size_t)NFR * HH * WW);
    int (*S)[WW + 1] = malloc(sizeof(int) * (size_t)(HH + 1) * (WW + 1));
    int (*R)[NS][HH][WW] = calloc((size_t)NFR * NS * HH * WW, sizeof(int));
    int (*cnt)[NS] = malloc(sizeof(int) * NFR * NS);
    int (*best)[NS] = malloc(sizeof(int) * NFR * NS);
    if (!img || !S || !R || !cnt || !best)
        return 1;
    for (int f = 0; f < NFR; f++)
        for (int i = 0; i < HH; i++)
            for (int j = 0; j < WW; j++) {
                int v = 60 + (i * 3 + j * 2 + f * 17) % 90 + ((i / 9 + j / 13 + f) % 5 == 0 ? 90 : 0)
                        + ((i * j + f * 31) % 23);
                img[f][i][j] = (unsigned char)(v > 255 ? 255 : v);
            }
    boxscale(NFR, HH, WW, NS, img, S, R, cnt, best);
    long long cs = 0;
    for (int i = 0; i <= HH; i++)
        for (int j = 0; j <= WW; j++)
            cs += (long long)(S[i][j] % 10007) * ((i + j * 3) % 7 + 1);
    for (int f = 0; f < NFR; f++)
        for (int s = 0; s < NS; s++) {
            cs += (long long)cnt[f][s] * (f * NS + s + 1) + (long long)best[f][s] * (s + 3);
            for (int i = 0; i < HH; i++)
                for (int j = 0; j < WW; j++)
                    cs += (long long)R[f][s][i][j] * ((f + s * 5 + i * 3 + j) % 29 + 1);
        }
    printf("%lld\n", cs);
    free(img);
    free(S);
    free(R);
    free(cnt);
    free(best);
    return 0;
}
