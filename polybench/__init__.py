"""polyopt's own PolyBench suite: harness.{h,c} and kernels/*.c (data, not code)."""
