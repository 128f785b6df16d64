#include "nussinov_kernel.hu"
__global__ void kernel0(char *seq, int *table, int c0)
{
    int b0 = blockIdx.x;
    int t0 = threadIdx.x;
    int private_table_0[1][1];
    __shared__ int shared_table_1[63][32];
    int private_table_6[1][1];

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    if (32 * b0 + c0 <= 2499) {
      if (32 * b0 + t0 + c0 <= 2499) {
        private_table_0[0][0] = table[(32 * b0 + t0) * 2500 + (32 * b0 + t0 + c0)];
        if (c0 == 1)
          private_table_6[0][0] = table[(32 * b0 + t0 + 1) * 2500 + (32 * b0 + t0)];
      }
      if (c0 >= 2) {
        for (int c2 = 0; c2 < c0; c2 += 32) {
          if (32 * b0 + t0 + c0 <= 2499)
            for (int c3 = 0; c3 <= ppcg_min(62, -32 * b0 - c2 + 2498); c3 += 1)
              shared_table_1[c3][t0] = table[(32 * b0 + c2 + c3 + 1) * 2500 + (32 * b0 + t0 + c0)];
          __syncthreads();
          if (32 * b0 + t0 + c0 <= 2499 && c2 == 0) {
            private_table_0[0][0] = ((private_table_0[0][0] >= table[(32 * b0 + t0) * 2500 + (32 * b0 + t0 + c0 - 1)]) ? private_table_0[0][0] : table[(32 * b0 + t0) * 2500 + (32 * b0 + t0 + c0 - 1)]);
            private_table_0[0][0] = ((private_table_0[0][0] >= table[(32 * b0 + t0 + 1) * 2500 + (32 * b0 + t0 + c0)]) ? private_table_0[0][0] : table[(32 * b0 + t0 + 1) * 2500 + (32 * b0 + t0 + c0)]);
            private_table_0[0][0] = ((private_table_0[0][0] >= (table[(32 * b0 + t0 + 1) * 2500 + (32 * b0 + t0 + c0 - 1)] + (((seq[32 * b0 + t0] + seq[32 * b0 + t0 + c0]) == 3) ? 1 : 0))) ? private_table_0[0][0] : (table[(32 * b0 + t0 + 1) * 2500 + (32 * b0 + t0 + c0 - 1)] + (((seq[32 * b0 + t0] + seq[32 * b0 + t0 + c0]) == 3) ? 1 : 0)));
          }
          if (32 * b0 + t0 + c0 <= 2499)
            for (int c4 = ppcg_max(0, -c2 + 1); c4 <= ppcg_min(31, c0 - c2 - 1); c4 += 1)
              private_table_0[0][0] = ((private_table_0[0][0] >= (table[(32 * b0 + t0) * 2500 + (32 * b0 + t0 + c2 + c4)] + shared_table_1[t0 + c4][t0])) ? private_table_0[0][0] : (table[(32 * b0 + t0) * 2500 + (32 * b0 + t0 + c2 + c4)] + shared_table_1[t0 + c4][t0]));
          __syncthreads();
        }
      } else {
        if (32 * b0 + t0 <= 2498)
          for (int c3 = 0; c3 <= ppcg_min(62, -32 * b0 + 2498); c3 += 1)
            shared_table_1[c3][t0] = table[(32 * b0 + c3 + 1) * 2500 + (32 * b0 + t0 + 1)];
        __syncthreads();
        if (32 * b0 + t0 <= 2498) {
          private_table_0[0][0] = ((private_table_0[0][0] >= table[(32 * b0 + t0) * 2500 + (32 * b0 + t0)]) ? private_table_0[0][0] : table[(32 * b0 + t0) * 2500 + (32 * b0 + t0)]);
          private_table_0[0][0] = ((private_table_0[0][0] >= table[(32 * b0 + t0 + 1) * 2500 + (32 * b0 + t0 + 1)]) ? private_table_0[0][0] : table[(32 * b0 + t0 + 1) * 2500 + (32 * b0 + t0 + 1)]);
          private_table_0[0][0] = ((private_table_0[0][0] >= private_table_6[0][0]) ? private_table_0[0][0] : private_table_6[0][0]);
        }
        __syncthreads();
      }
      if (32 * b0 + t0 + c0 <= 2499)
        table[(32 * b0 + t0) * 2500 + (32 * b0 + t0 + c0)] = private_table_0[0][0];
    }
}
