/* Computational neuroscience: a recurrent network of leaky integrate-and-fire neurons
 * (80% excitatory, 20% inhibitory, Dale's law in the sign of the weight columns),
 * simulated with a fixed step of 0.1 ms. Every step: each neuron's synaptic current
 * decays exponentially and receives the weighted spikes of the previous step (a
 * matrix-vector product, block-local sum); the membrane potential relaxes towards rest
 * driven by a sinusoidally modulated external current and the synaptic current
 * (block-local v, held at reset while refractory by a ternary); threshold crossing
 * sets the spike flag, the refractory counter and the spike count and resets the
 * potential (ternaries); the potential is summed for the time mean and the number of
 * spikes of the step recorded. Last the firing rates and mean potentials. Single
 * precision (int counters), sizes as macros, global arrays. */
#include <math.h>
#include <stdio.h>

#ifndef NNEUR
#define NNEUR 512
#endif
#ifndef NSTEP
#define NSTEP 2000
#endif
#define NEXC (NNEUR * 4 / 5)
#define DTT 0.005f      /* dt / tau_m (0.1 ms / 20 ms) */
#define DECAY 0.98020f  /* exp(-dt / tau_syn), tau_syn = 5 ms */
#define EL (-70.0f)
#define VTH (-50.0f)
#define VRESET (-65.0f)
#define NREF 20         /* refractory steps (2 ms) */

static float Wt[NNEUR][NNEUR];   /* weights, mV per spike, column = presynaptic */
static float Iext[NNEUR], Amp[NNEUR], Isyn[NNEUR], V[NNEUR], Sp[NNEUR], Vm[NNEUR], Fr[NNEUR];
static int Ref[NNEUR], Cnt[NNEUR], Pop[NSTEP];

static void simulate(void)
{
    int t, i, j;
#pragma scop
    for (t = 0; t < NSTEP; t++) {
        for (i = 0; i < NNEUR; i++) {
            float s = 0.0f;
            for (j = 0; j < NNEUR; j++)
                s += Wt[i][j] * Sp[j];
            Isyn[i] = DECAY * Isyn[i] + s;
        }
        for (i = 0; i < NNEUR; i++) {
            float v = V[i] + DTT * (EL - V[i] + Iext[i] + Amp[i] * sinf(0.0062831853f * t) + Isyn[i]);
            V[i] = Ref[i] > 0 ? VRESET : v;
            Sp[i] = V[i] >= VTH ? 1.0f : 0.0f;
            Ref[i] = V[i] >= VTH ? NREF : (Ref[i] > 0 ? Ref[i] - 1 : 0);
            Cnt[i] += V[i] >= VTH ? 1 : 0;
            V[i] = V[i] >= VTH ? VRESET : V[i];
            Vm[i] += V[i];
        }
        Pop[t] = 0;
        for (i = 0; i < NNEUR; i++)
            Pop[t] += Sp[i] > 0.5f ? 1 : 0;
    }
    for (i = 0; i < NNEUR; i++) {
        Fr[i] = Cnt[i] / (NSTEP * 1e-4f);
        Vm[i] = Vm[i] / NSTEP;
    }
#pragma endscop
}

int main(void)
{
    /* external drive 14 to 26 mV (about half the neurons above threshold alone),
     * modulated by 1 to 4 mV at 10 Hz; connection probability 10% by a hash;
     * excitatory weights 0.5 to 2.5, inhibitory -3 to -8 (mV of synaptic current per
     * spike); potentials start spread between reset and threshold */
    for (int i = 0; i < NNEUR; i++) {
        Iext[i] = 14.0f + 12.0f * (float)((i * 37) % 101) / 100.0f;
        Amp[i] = 1.0f + 3.0f * (float)((i * 13) % 29) / 28.0f;
        V[i] = VRESET + 14.0f * (float)((i * 53) % 97) / 96.0f;
        Isyn[i] = Sp[i] = Vm[i] = Fr[i] = 0.0f;
        Ref[i] = Cnt[i] = 0;
        for (int j = 0; j < NNEUR; j++) {
            unsigned h = (unsigned)i * 2654435761u ^ (unsigned)(j + 7) * 2246822519u;
            h ^= h >> 15;
            h *= 2654435761u;
            h ^= h >> 13;
            float w = j < NEXC ? 0.5f + 2.0f * (float)((h >> 8) % 1000u) / 999.0f
                               : -3.0f - 5.0f * (float)((h >> 8) % 1000u) / 999.0f;
            Wt[i][j] = h % 100u < 10u && i != j ? w : 0.0f;
        }
    }
    for (int t = 0; t < NSTEP; t++)
        Pop[t] = 0;

    simulate();

    double sum = 0.0;
    for (int i = 0; i < NNEUR; i++)
        sum += ((double)Fr[i] + 0.1 * (double)Vm[i] + (double)Cnt[i]) * (double)(1 + i % 7);
    for (int t = 0; t < NSTEP; t++)
        sum += (double)Pop[t] * (double)(1 + t % 5);
    printf("%.10e\n", sum);
    return 0;
}
