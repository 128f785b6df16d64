/* created before main: no variant's timed region pays for the CUDA context */
#include <cuda_runtime.h>
__attribute__((constructor)) static void polyopt_sweep_warm(void) { cudaFree(0); }
