/* Bioinformatics: scanning promoter sequences for transcription-factor binding sites
 * with position weight matrices in integer log-odds (hundredths of a bit). Bases are
 * coded 0..3 (A, C, G, T); every motif is scored at every offset of every sequence, the
 * weight of each base picked by nested ternaries on its code and summed into a
 * block-local scalar; per motif and sequence the best score is kept (maximum by
 * ternary) and the offsets scoring at least the motif's threshold are counted. Each
 * sequence carries MLEN - 1 bases of flank after its LEN offsets. Global arrays of
 * fixed size. */
#include <stdio.h>

#ifndef NMOT
#define NMOT 16
#endif
#ifndef NSEQ
#define NSEQ 768
#endif
#ifndef LEN
#define LEN 4096
#endif
#define MLEN 12

static unsigned char Seq[NSEQ][LEN + MLEN - 1];
static int Wt[NMOT][MLEN][4], Thr[NMOT], Best[NMOT][NSEQ], Hits[NMOT][NSEQ];

static void pwm_scan(void)
{
    int m, s, i, k;
#pragma scop
    for (m = 0; m < NMOT; m++)
        for (s = 0; s < NSEQ; s++)
            for (i = 0; i < LEN; i++) {
                int sc = 0;
                for (k = 0; k < MLEN; k++) {
                    int b = Seq[s][i + k];
                    sc += b == 0 ? Wt[m][k][0] : b == 1 ? Wt[m][k][1] : b == 2 ? Wt[m][k][2] : Wt[m][k][3];
                }
                Best[m][s] = sc > Best[m][s] ? sc : Best[m][s];
                Hits[m][s] += sc >= Thr[m] ? 1 : 0;
            }
#pragma endscop
}

int main(void)
{
    /* each motif has a consensus base per position worth +150 to +200, the other bases
     * -60 to -250; threshold 60 % of the consensus score. The background sequence is a
     * hash of the position (about uniform over the four bases); every 97th offset of a
     * sequence carries a copy of a motif's consensus with about one base in six
     * mutated, so there are hits, near-hits and plain background. */
    for (int m = 0; m < NMOT; m++) {
        int cons = 0;
        for (int k = 0; k < MLEN; k++) {
            int c = (m * 5 + k * 3 + k * k) % 4;
            for (int b = 0; b < 4; b++)
                Wt[m][k][b] = b == c ? 150 + (m * 7 + k * 11) % 51 : -60 - (m * 13 + k * 5 + b * 37) % 191;
            cons += Wt[m][k][c];
        }
        Thr[m] = cons * 6 / 10;
        for (int s = 0; s < NSEQ; s++) {
            Best[m][s] = -1000000;
            Hits[m][s] = 0;
        }
    }
    for (int s = 0; s < NSEQ; s++)
        for (int i = 0; i < LEN + MLEN - 1; i++) {
            unsigned h = (unsigned)(s * 1000003 + i) * 2654435761u;
            Seq[s][i] = (unsigned char)((h >> 15) & 3u);
        }
    for (int s = 0; s < NSEQ; s++)
        for (int i = 0; i + MLEN <= LEN; i += 97) {
            int m = (s + i / 97) % NMOT;
            for (int k = 0; k < MLEN; k++) {
                int c = (m * 5 + k * 3 + k * k) % 4;
                Seq[s][i + k] = (unsigned char)((s + i + k) % 6 == 0 ? (c + 1) % 4 : c);
            }
        }

    pwm_scan();

    double sum = 0.0;
    for (int m = 0; m < NMOT; m++)
        for (int s = 0; s < NSEQ; s++)
            sum += (double)Best[m][s] * (double)(1 + (m + 3 * s) % 7)
                 + 10.0 * (double)Hits[m][s] * (double)(1 + (2 * m + s) % 5);
    printf("%.10e\n", sum);
    return 0;
}
