/* Room acoustics: impulse responses of a shoebox room at a set of microphone positions
 * by the image-source method (Allen and Berkley), as a direct sum. The image sources in
 * the mirrored rooms up to NORD rooms away along each axis, with the product of their
 * wall reflection coefficients as a gain, are listed by main. The region first computes every image-receiver
 * distance and its spherical-spreading amplitude, then every tap of every response as
 * the sum over all images of a band-limited (Gaussian) pulse centred on the image's
 * arrival, the exponent capped by a ternary so that far-off images add a tiny constant
 * rather than an underflow. Global arrays of fixed size. */
#include <math.h>
#include <stdio.h>

#ifndef NORD
#define NORD 3
#endif
#ifndef NREC
#define NREC 24
#endif
#ifndef NTAP
#define NTAP 4096
#endif
#define NIMG (8 * (2 * NORD + 1) * (2 * NORD + 1) * (2 * NORD + 1))
#define DX (343.0 / 16000.0)          /* metres of travel per tap at 16 kHz */
#define IW (1.0 / (1.2 * DX))         /* inverse pulse width */
#define QMAX 40.0
#define INV4PI 0.07957747154594767

static double Img[NIMG][3], Gain[NIMG], Rec[NREC][3];
static double D[NIMG][NREC], A[NIMG][NREC], H[NREC][NTAP];

static void room_response(void)
{
    int s, r, k;
#pragma scop
    for (s = 0; s < NIMG; s++)
        for (r = 0; r < NREC; r++) {
            D[s][r] = sqrt((Img[s][0] - Rec[r][0]) * (Img[s][0] - Rec[r][0])
                         + (Img[s][1] - Rec[r][1]) * (Img[s][1] - Rec[r][1])
                         + (Img[s][2] - Rec[r][2]) * (Img[s][2] - Rec[r][2]));
            A[s][r] = Gain[s] * INV4PI / D[s][r];
        }
    for (r = 0; r < NREC; r++)
        for (k = 0; k < NTAP; k++) {
            double h = 0.0;
            for (s = 0; s < NIMG; s++) {
                double q = (k * DX - D[s][r]) * IW;
                h += A[s][r] * exp(-(q * q < QMAX ? q * q : QMAX));
            }
            H[r][k] = h;
        }
#pragma endscop
}

int main(void)
{
    /* room 6.2 x 4.7 x 3.1 m, source at (1.9, 1.3, 1.4); images x = (1 - 2a) xs + 2 n Lx
     * for a in {0, 1}, n in [-NORD, NORD], likewise in y and z; each wall crossing
     * multiplies the gain by that wall pair's coefficient (0.9, 0.8, 0.7). Microphones
     * on a tilted line through the room, none closer than 1 m to the source. */
    const double L[3] = {6.2, 4.7, 3.1}, src[3] = {1.9, 1.3, 1.4}, beta[3] = {0.9, 0.8, 0.7};
    int s = 0;
    for (int nx = -NORD; nx <= NORD; nx++)
        for (int ny = -NORD; ny <= NORD; ny++)
            for (int nz = -NORD; nz <= NORD; nz++)
                for (int par = 0; par < 8; par++) {
                    int n[3] = {nx, ny, nz};
                    double g = 1.0;
                    for (int c = 0; c < 3; c++) {
                        int a = (par >> c) & 1;
                        int refl = (n[c] - a < 0 ? a - n[c] : n[c] - a) + (n[c] < 0 ? -n[c] : n[c]);
                        Img[s][c] = (1 - 2 * a) * src[c] + 2.0 * n[c] * L[c];
                        for (int m = 0; m < refl; m++)
                            g *= beta[c];
                    }
                    Gain[s] = g;
                    s++;
                }
    for (int r = 0; r < NREC; r++) {
        double u = (double)r / (double)(NREC > 1 ? NREC - 1 : 1);
        Rec[r][0] = 3.4 + 2.3 * u;
        Rec[r][1] = 0.6 + 3.5 * u;
        Rec[r][2] = 1.0 + 0.9 * u;
    }

    room_response();

    double sum = 0.0;
    for (int r = 0; r < NREC; r++)
        for (int k = 0; k < NTAP; k++)
            sum += H[r][k] * (double)(1 + (r + 3 * k) % 7);
    printf("%.10e\n", sum);
    return 0;
}
