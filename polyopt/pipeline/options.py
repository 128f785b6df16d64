"""What the user asked of the pipeline (``Options``, filled in by the CLI), and the
part of it that shapes the generated code besides the schedule (the tuning key)."""

from __future__ import annotations

from dataclasses import dataclass, field

from polyopt.core.machine.cpu import thread_count




@dataclass
class Options:
    """What the user asked for; the CLI fills it in."""

    scheduler: str = "auto"           # auto: a cost model's choice (scheduler.auto)
    # auto's predictions: "learned" (the shipped model), "analytical", or a model file
    cost_model: str = "learned"
    tile: bool = True
    tile_sizes: list[int] | None = None
    # unroll-and-jam of the point loops of rectangular tiles (scheduler.registers)
    register_tiles: bool = True
    # the default may read arrays through packed copies (scheduler.packing)
    packing: bool = True
    # the default may give a private scalar a cell per iteration (scheduler.expansion)
    expansion: bool = True
    parallel: bool = True
    # `omp simd` on the loop around an innermost reduction (codegen.ast.build_ast)
    outer_simd: bool = True
    auto_scop: bool = False
    strict: bool = False
    use_database: bool = False        # use the best stored schedule of an unchanged SCoP
    database: str | None = None       # tuning database path (None: the default one)
    seed: int | None = None           # for the random scheduler
    target: str = "c"                 # "c" (OpenMP C) or "cuda"
    # CUDA: the host code stays C, the kernels go to a .cu file of their own
    # (OptimizeResult.kernels); else one .cu file, which nvcc compiles as C++
    cuda_host_c: bool = False
    block_sizes: list[int] | None = None   # CUDA thread block sizes, x first
    coarsening: int = 1                    # CUDA: points of the x dimension per thread
    # CUDA, what goes to shared memory: 0 nothing, 1 (True) reused tiles of read-only arrays,
    # 2 also written arrays and uncoalesced reads (codegen.gpu.SharedMemory)
    shared_memory: int = 1
    registers: bool = True            # CUDA: an innermost loop's accumulated element in a register
    check: bool = True                # read the generated AST back, check it (codegen.verify)
    # tiled code for the known sizes and larger, the code as written for smaller ones
    # (codegen.versioning); False: tiled code for every size
    versioning: bool = True
    # NAME or NAME=VALUE, as -D: the sizes the file chooses under them (and values of
    # parameters that are no macros) are known for decisions; the code stays parametric
    defines: list[str] = field(default_factory=list)
    include_dirs: list[str] = field(default_factory=list)   # searched for headers, as -I
    # work a parallel region must do (codegen.granularity); None: the calibrated
    # MIN_REGION_WORK, 0: every outermost parallel loop (tests of parallel code)
    min_region_work: int | None = None
    # time tiling of stencils (scheduler.stencil): None off, else the tile shape
    # ("auto": diamond where legal, else parallelogram); sizes [T, S1, ..., Sn]
    time_tile: str | None = None
    stencil_tile: list[int] | None = None
    # scalars whose values live within one iteration of their outer loops are private
    # to each thread (polyopt.scheduler.privatize); False: every dependence of a scalar is kept
    private_scalars: bool = True
    blas: bool = False                # matched statements become BLAS calls (polyopt.blas.match)
    blas_library: str | None = None   # the CBLAS linked with (None: scipy-openblas32's)
    blas_mode: str = "auto"           # "auto": a match is replaced where predicted to pay


def options_key(options: Options) -> str:
    """What, besides the schedule, shapes the generated code and its speed (a tuning
    database key): tiling, sizes, the threads it runs on, the target."""
    sizes = ",".join(map(str, options.tile_sizes)) if options.tile_sizes else "default"
    key = f"tile={int(options.tile)};sizes={sizes};parallel={int(options.parallel)}"
    if options.defines:     # they choose the sizes decisions see
        key += ";defines=" + ",".join(options.defines)
    if options.register_tiles and options.tile and options.target == "c":
        key += ";registers=1"
    if not options.packing:
        key += ";packing=0"
    if not options.expansion:
        key += ";expansion=0"
    if options.min_region_work is not None:
        key += f";region={options.min_region_work}"
    if not options.versioning:
        key += ";versioning=0"
    if options.time_tile is not None:
        sizes = ",".join(map(str, options.stencil_tile)) if options.stencil_tile else "default"
        key += f";time-tile={options.time_tile};stencil-tile={sizes}"
    if options.blas:
        key += ";blas=1" + (f";blas-mode={options.blas_mode}" if options.blas_mode != "auto" else "")
    if options.parallel and options.target == "c":
        # a schedule measured fastest on 2 threads need not be on 16
        key += f";threads={thread_count()}"
    if options.target != "c":
        blocks = ",".join(map(str, options.block_sizes)) if options.block_sizes else "default"
        key += f";target={options.target};blocks={blocks};shared={int(options.shared_memory)}"
        key += "" if options.registers else ";registers=0"
    return key
