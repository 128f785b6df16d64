/*
 * hotspot.c - 2-D transient thermal simulation of a chip
 * (in the style of the CPU version of Rodinia "hotspot").
 *
 * The temperature and power grids are row-major arrays allocated with
 * malloc and indexed by hand as grid[r * cols + c].  Each time step
 * computes the new temperature of every cell from its four neighbours;
 * at the chip border the missing neighbour is replaced by the cell
 * itself, selected with ternaries on the loop iterators.  The result
 * is copied back into the temperature grid by a second loop nest.
 *
 *   gcc -O2 -fopenmp hotspot.c -lm                default (small) size
 *   gcc -O3 -fopenmp -DLARGE_SIZES hotspot.c -lm  large size
 *   -DGRID_ROWS=.. -DGRID_COLS=.. -DSIM_TIME=..   explicit sizes
 */
#include <stdio.h>
#include <stdlib.h>

#ifdef LARGE_SIZES
#ifndef GRID_ROWS
#define GRID_ROWS 1024
#endif
#ifndef GRID_COLS
#define GRID_COLS 1024
#endif
#ifndef SIM_TIME
#define SIM_TIME 64
#endif
#endif

#ifndef GRID_ROWS
#define GRID_ROWS 64
#endif
#ifndef GRID_COLS
#define GRID_COLS 64
#endif
#ifndef SIM_TIME
#define SIM_TIME 4
#endif

/* chip parameters (values of the Rodinia benchmark) */
#define MAX_PD (3.0e6)
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5

static const double t_chip = 0.0005;
static const double chip_height = 0.016;
static const double chip_width = 0.016;
static const double amb_temp = 80.0;

void compute_tran_temp(float *result, float *temp, const float *power,
                       int num_iterations, int row, int col,
                       float step_div_cap, float Rx_1, float Ry_1,
                       float Rz_1, float amb)
{
    int i, r, c;

#pragma scop
    for (i = 0; i < num_iterations; i++) {
        for (r = 0; r < row; r++) {
            for (c = 0; c < col; c++) {
                int idx = r * col + c;
                int n = (r == 0) ? idx : idx - col;
                int s = (r == row - 1) ? idx : idx + col;
                int w = (c == 0) ? idx : idx - 1;
                int e = (c == col - 1) ? idx : idx + 1;
                float delta = step_div_cap *
                    (power[idx] +
                     (temp[s] + temp[n] - 2.0f * temp[idx]) * Ry_1 +
                     (temp[e] + temp[w] - 2.0f * temp[idx]) * Rx_1 +
                     (amb - temp[idx]) * Rz_1);
                result[idx] = temp[idx] + delta;
            }
        }
        for (r = 0; r < row; r++)
            for (c = 0; c < col; c++)
                temp[r * col + c] = result[r * col + c];
    }
#pragma endscop
}

int main(void)
{
    int row = GRID_ROWS, col = GRID_COLS, sim_time = SIM_TIME;
    int r, c;
    float *temp = malloc(sizeof(float) * (size_t)row * col);
    float *power = malloc(sizeof(float) * (size_t)row * col);
    float *result = malloc(sizeof(float) * (size_t)row * col);
    if (!temp || !power || !result) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }

    for (r = 0; r < row; r++)
        for (c = 0; c < col; c++) {
            temp[r * col + c] = 323.0f + (float)((r * 7 + c * 13) % 64) * 0.25f;
            power[r * col + c] = 1.0e-4f * (float)((r * 3 + c * 5) % 32);
            result[r * col + c] = 0.0f;
        }

    double grid_height = chip_height / row;
    double grid_width = chip_width / col;
    double Cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * grid_width * grid_height;
    double Rx = grid_width / (2.0 * K_SI * t_chip * grid_height);
    double Ry = grid_height / (2.0 * K_SI * t_chip * grid_width);
    double Rz = t_chip / (K_SI * grid_height * grid_width);
    double max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
    double step = PRECISION / max_slope;

    compute_tran_temp(result, temp, power, sim_time, row, col,
                      (float)(step / Cap), (float)(1.0 / Rx),
                      (float)(1.0 / Ry), (float)(1.0 / Rz), (float)amb_temp);

    double sum = 0.0;
    for (r = 0; r < row; r++)
        for (c = 0; c < col; c++)
            sum += temp[r * col + c] * (1.0 + 1.0e-3 * ((r + 2 * c) % 7));
    printf("%.10e\n", sum);

    free(temp);
    free(power);
    free(result);
    return 0;
}
