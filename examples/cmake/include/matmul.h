/* The kernel's interface; N comes from the build (-DN=...), 200 without it. */
#ifndef MATMUL_H
#define MATMUL_H

#ifndef N
#define N 200
#endif

void init(double A[N][N], double B[N][N]);
void matmul(double C[N][N], double A[N][N], double B[N][N]);
double checksum(double C[N][N]);

#endif
