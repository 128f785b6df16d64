/* Psychometrics / educational testing: scoring a large-scale assessment with a
 * calibrated two-parameter logistic (2PL) item bank. From the 0/1 response table the
 * classical item facility (proportion correct, read down the columns); every
 * examinee's raw score (block-local) and from its smoothed logit (logf) the starting
 * ability; then Newton iterations of the maximum-likelihood ability of every examinee:
 * the response probability 1 / (1 + exp(-a (theta - b))) of every item (block-local),
 * the score function and the test information accumulated (block-local sums), the
 * step clipped to the ability range [-4, 4] by ternaries; last the standard error of
 * every ability and the infit mean square of every item (squared residuals over
 * binomial variances, read down the columns). Single precision, sizes as macros,
 * global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NPERS
#define NPERS 65536
#endif
#ifndef NITEM
#define NITEM 120
#endif
#ifndef NNEWT
#define NNEWT 10
#endif

static unsigned char U[NPERS][NITEM];   /* responses */
static float Ad[NITEM], Bd[NITEM];      /* discrimination, difficulty */
static float Fac[NITEM], Infit[NITEM];
static float Th[NPERS], Inf[NPERS], Se[NPERS];

static void score(void)
{
    int it, p, i;
#pragma scop
    for (i = 0; i < NITEM; i++) {
        float s = 0.0f;
        for (p = 0; p < NPERS; p++)
            s += U[p][i];
        Fac[i] = s / NPERS;
    }
    for (p = 0; p < NPERS; p++) {
        float r = 0.0f;
        for (i = 0; i < NITEM; i++)
            r += U[p][i];
        Th[p] = logf((r + 0.5f) / (NITEM - r + 0.5f));
    }
    for (it = 0; it < NNEWT; it++)
        for (p = 0; p < NPERS; p++) {
            float g = 0.0f;
            float h = 0.0f;
            for (i = 0; i < NITEM; i++) {
                float pr = 1.0f / (1.0f + expf(-Ad[i] * (Th[p] - Bd[i])));
                g += Ad[i] * (U[p][i] - pr);
                h += Ad[i] * Ad[i] * pr * (1.0f - pr);
            }
            float t = Th[p] + g / h;
            Th[p] = t > 4.0f ? 4.0f : (t < -4.0f ? -4.0f : t);
            Inf[p] = h;
        }
    for (p = 0; p < NPERS; p++)
        Se[p] = 1.0f / sqrtf(Inf[p]);
    for (i = 0; i < NITEM; i++) {
        float num = 0.0f;
        float den = 0.0f;
        for (p = 0; p < NPERS; p++) {
            float pr = 1.0f / (1.0f + expf(-Ad[i] * (Th[p] - Bd[i])));
            num += (U[p][i] - pr) * (U[p][i] - pr);
            den += pr * (1.0f - pr);
        }
        Infit[i] = num / den;
    }
#pragma endscop
}

int main(void)
{
    /* item bank: discriminations 0.6 to 2.2, difficulties -2.5 to 2.5; examinees'
     * true abilities spread over about -3 to 3 by a hashed normal-like sum; a response
     * is correct where a hashed uniform number falls below the 2PL probability */
    for (int i = 0; i < NITEM; i++) {
        Ad[i] = 0.6f + 1.6f * (float)((i * 37) % 41) / 40.0f;
        Bd[i] = -2.5f + 5.0f * (float)((i * 53 + 11) % 97) / 96.0f;
        Fac[i] = Infit[i] = 0.0f;
    }
    for (int p = 0; p < NPERS; p++) {
        float th = -3.0f + 2.0f * ((float)((p * 7919) % 1009) / 1008.0f + (float)((p * 389 + 3) % 1013) / 1012.0f
                                   + (float)((p * 613 + 5) % 1019) / 1018.0f);
        for (int i = 0; i < NITEM; i++) {
            float pr = 1.0f / (1.0f + expf(-Ad[i] * (th - Bd[i])));
            unsigned h = (unsigned)p * 2654435761u ^ (unsigned)(i + 1) * 2246822519u;
            h ^= h >> 15;
            h *= 2654435761u;
            h ^= h >> 13;
            U[p][i] = (float)(h % 10007u) / 10007.0f < pr ? 1 : 0;
        }
        Th[p] = Inf[p] = Se[p] = 0.0f;
    }

    score();

    double sum = 0.0;
    for (int p = 0; p < NPERS; p++)
        sum += ((double)Th[p] + 4.0 + 0.5 * (double)Se[p]) * (double)(1 + p % 7);
    for (int i = 0; i < NITEM; i++)
        sum += (10.0 * (double)Fac[i] + (double)Infit[i]) * (double)(1 + i % 5);
    printf("%.10e\n", sum);
    return 0;
}
