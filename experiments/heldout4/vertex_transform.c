/* Geometry stage of a renderer: every vertex of every object is taken to clip space by
 * its object's 4x4 model-view-projection matrix (homogeneous coordinates, w = 1 on
 * input), then the perspective divide by the clip-space w gives normalised device
 * coordinates. */
#include <math.h>
#include <stdio.h>

#ifndef NOBJ
#define NOBJ 25600
#endif
#ifndef NV
#define NV 320
#endif

static float Mvp[NOBJ][4][4];
static float In[NOBJ][NV][4];
static float Clip[NOBJ][NV][4];
static float Ndc[NOBJ][NV][3];

static void transform_vertices(void)
{
    int o, v, r, c;
#pragma scop
    for (o = 0; o < NOBJ; o++)
        for (v = 0; v < NV; v++)
            for (r = 0; r < 4; r++) {
                Clip[o][v][r] = 0.0f;
                for (c = 0; c < 4; c++)
                    Clip[o][v][r] += Mvp[o][r][c] * In[o][v][c];
            }
    for (o = 0; o < NOBJ; o++)
        for (v = 0; v < NV; v++)
            for (r = 0; r < 3; r++)
                Ndc[o][v][r] = Clip[o][v][r] / Clip[o][v][3];
#pragma endscop
}

int main(void)
{
    /* each object: a rotation about the vertical axis, a scale and a placement in
     * front of the camera, followed by a simple perspective row (w from depth) */
    for (int o = 0; o < NOBJ; o++) {
        float a = 0.01f * (float)(o % 628);
        float s = 0.5f + 0.1f * (float)(o % 7);
        float ca = cosf(a) * s, sa = sinf(a) * s;
        float tx = (float)(o % 41 - 20) / 10.0f, ty = (float)(o % 23 - 11) / 10.0f;
        float tz = 6.0f + (float)(o % 13);
        float m[4][4] = {{ca, 0.0f, sa, tx},
                         {0.0f, s, 0.0f, ty},
                         {-sa, 0.0f, ca, tz},
                         {-0.05f * sa, 0.0f, 0.05f * ca, 0.05f * tz + 1.0f}};
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++)
                Mvp[o][r][c] = m[r][c];
    }
    /* model-space vertices in [-1, 1]^3 */
    for (int o = 0; o < NOBJ; o++)
        for (int v = 0; v < NV; v++) {
            In[o][v][0] = (float)((v * 37 + o * 5) % 201 - 100) / 100.0f;
            In[o][v][1] = (float)((v * 53 + o * 11) % 199 - 99) / 99.0f;
            In[o][v][2] = (float)((v * 17 + o * 3) % 197 - 98) / 98.0f;
            In[o][v][3] = 1.0f;
        }

    transform_vertices();

    double sum = 0.0;
    for (int o = 0; o < NOBJ; o++)
        for (int v = 0; v < NV; v++)
            for (int r = 0; r < 3; r++)
                sum += (double)Ndc[o][v][r] * (double)(1 + (o * 3 + v + r) % 7);
    for (int o = 0; o < NOBJ; o += 17)
        sum += 1e-3 * (double)Clip[o][NV - 1][3] * (double)(1 + o % 5);
    printf("%.10e\n", sum);
    return 0;
}
