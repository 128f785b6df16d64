#include "seidel-2d_kernel.hu"
__global__ void kernel0(double *A, int c0)
{
    int b0 = blockIdx.y, b1 = blockIdx.x;
    int t0 = threadIdx.y, t1 = threadIdx.x;

    #define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
    #define ppcg_max(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x > _y ? _x : _y; })
    #define ppcg_fdiv_q(n,d) (((n)<0) ? -((-(n)+(d)-1)/(d)) : (n)/(d))
    if (32 * b0 + t0 <= 499 && 64 * b1 + 4058 >= c0)
      for (int c4 = ppcg_max(t1, -64 * b0 - 32 * b1 + t1 + 16 * ppcg_fdiv_q(-4 * t0 - 2 * t1 + c0 + 15, 32) - 992); c4 <= ppcg_min(ppcg_min(31, -32 * b1 + 1997), -64 * b0 - 32 * b1 - 2 * t0 + (c0 + 1) / 2 - 2); c4 += 16)
        A[(32 * b1 + c4 + 1) * 2000 + (-128 * b0 - 64 * b1 - 4 * t0 + c0 - 2 * c4 - 2)] = (((((((((A[(32 * b1 + c4) * 2000 + (-128 * b0 - 64 * b1 - 4 * t0 + c0 - 2 * c4 - 3)] + A[(32 * b1 + c4) * 2000 + (-128 * b0 - 64 * b1 - 4 * t0 + c0 - 2 * c4 - 2)]) + A[(32 * b1 + c4) * 2000 + (-128 * b0 - 64 * b1 - 4 * t0 + c0 - 2 * c4 - 1)]) + A[(32 * b1 + c4 + 1) * 2000 + (-128 * b0 - 64 * b1 - 4 * t0 + c0 - 2 * c4 - 3)]) + A[(32 * b1 + c4 + 1) * 2000 + (-128 * b0 - 64 * b1 - 4 * t0 + c0 - 2 * c4 - 2)]) + A[(32 * b1 + c4 + 1) * 2000 + (-128 * b0 - 64 * b1 - 4 * t0 + c0 - 2 * c4 - 1)]) + A[(32 * b1 + c4 + 2) * 2000 + (-128 * b0 - 64 * b1 - 4 * t0 + c0 - 2 * c4 - 3)]) + A[(32 * b1 + c4 + 2) * 2000 + (-128 * b0 - 64 * b1 - 4 * t0 + c0 - 2 * c4 - 2)]) + A[(32 * b1 + c4 + 2) * 2000 + (-128 * b0 - 64 * b1 - 4 * t0 + c0 - 2 * c4 - 1)]) / 9.);
}
