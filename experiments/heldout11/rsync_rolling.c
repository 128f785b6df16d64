/* File synchronisation (rsync-style delta detection): the receiver holds the old
 * version of a file and has sent the weak checksums of its blocks of BLK bytes. The
 * sender computes the rsync weak checksum of the window of BLK bytes starting at every
 * offset of the new version, a = sum of the bytes and b = sum of (BLK - k) times the
 * k-th byte (block-local unsigned accumulators, both kept modulo 2^16 by the packing
 * (a & 0xffff) | (b << 16)), written out as it is (no rolling update); then every old
 * block is looked up against all offsets, counting the offsets whose weak checksum
 * equals the block's and keeping the last such offset (ternary). Byte data, unsigned
 * integer checksums, sizes are arguments. */
#include <stdio.h>
#include <stdlib.h>

#ifndef NOFF
#define NOFF 1048576   /* window offsets in the new file */
#endif
#ifndef BLK
#define BLK 1024       /* block length in bytes */
#endif
#ifndef NBLK
#define NBLK 1024      /* blocks of the old file */
#endif

static void weak_match(int n, int blk, int nb, const unsigned char New[restrict n + blk],
                       const unsigned int Sig[restrict nb], unsigned int Weak[restrict n],
                       int Hits[restrict nb], int Last[restrict nb])
{
    int i, j, k;
#pragma scop
    for (i = 0; i < n; i++) {
        unsigned int a = 0;
        unsigned int b = 0;
        for (k = 0; k < blk; k++) {
            a += New[i + k];
            b += (unsigned int)(blk - k) * New[i + k];
        }
        Weak[i] = (a & 0xffffu) | (b << 16);
    }
    for (j = 0; j < nb; j++)
        for (i = 0; i < n; i++) {
            Hits[j] += Weak[i] == Sig[j];
            Last[j] = Weak[i] == Sig[j] ? i : Last[j];
        }
#pragma endscop
}

/* byte p of the old file: a hashed, text-like byte stream (32 to 126) */
static unsigned char old_byte(long p)
{
    unsigned long h = (unsigned long)p * 2654435761ul;
    h ^= h >> 13;
    h *= 0x9e3779b1ul;
    return (unsigned char)(32 + (h >> 7) % 95);
}

int main(void)
{
    long nold = (long)NBLK * BLK;
    unsigned char *New = malloc((size_t)NOFF + BLK);
    unsigned char *Old = malloc((size_t)nold);
    unsigned int *Sig = malloc(sizeof(unsigned int) * NBLK);
    unsigned int *Weak = malloc(sizeof(unsigned int) * NOFF);
    int *Hits = malloc(sizeof(int) * NBLK);
    int *Last = malloc(sizeof(int) * NBLK);
    if (!New || !Old || !Sig || !Weak || !Hits || !Last)
        return 1;
    for (long p = 0; p < nold; p++)
        Old[p] = old_byte(p);
    /* the new file is the old one edited: every 7919 bytes an insertion of 1 to 40
     * bytes, every 15013 bytes 8 bytes overwritten, the whole content repeated if the
     * new file is longer than the old one */
    long src = 0;
    for (long q = 0; q < (long)NOFF + BLK; q++) {
        long len = 1 + (q / 7919) % 40;
        if (q % 7919 >= 7919 - len) {
            New[q] = (unsigned char)(65 + q % 26);
        } else {
            New[q] = q % 15013 < 8 ? (unsigned char)(48 + q % 10) : Old[src % nold];
            src++;
        }
    }
    /* the receiver's block signatures, computed as rsync does */
    for (int j = 0; j < NBLK; j++) {
        unsigned int a = 0, b = 0;
        for (int k = 0; k < BLK; k++) {
            a += Old[(long)j * BLK + k];
            b += (unsigned int)(BLK - k) * Old[(long)j * BLK + k];
        }
        Sig[j] = (a & 0xffffu) | (b << 16);
        Hits[j] = 0;
        Last[j] = -1;
    }
    for (long i = 0; i < NOFF; i++)
        Weak[i] = 0;

    weak_match(NOFF, BLK, NBLK, New, Sig, Weak, Hits, Last);

    double sum = 0.0;
    for (int j = 0; j < NBLK; j++)
        sum += (double)Hits[j] * (double)(1 + j % 7) + 1e-3 * (double)Last[j] * (double)(1 + j % 5);
    for (long i = 0; i < NOFF; i += 7)
        sum += 1e-9 * (double)Weak[i] * (double)(1 + i % 3);
    printf("%.10e\n", sum);
    free(New); free(Old); free(Sig); free(Weak); free(Hits); free(Last);
    return 0;
}
