"""polyopt's own PolyBench suite (harness.{h,c} and kernels/*.c, package data) and the
experiment runner behind ``polyopt polybench``: suite, variants, experiment, report, sweep.
It sits above the optimizer: nothing in polyopt, frontend, scheduler or codegen imports it
(the CLI reaches it through one lazy import)."""
