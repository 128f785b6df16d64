"""isl AST generation from a schedule tree, with exact parallelism detection.

Each ``for`` node is annotated while it is generated: a loop is parallel when,
for the statement instances it executes, no dependence links two iterations
with equal outer loop values and different values of this loop (the check
Polly makes, on isl's own build schedule). Only the outermost parallel loop
of each nest is marked PARALLEL (an OpenMP thread loop); with a ``region_decider``
(codegen.granularity), only where a parallel region there does enough work, else
the nest below stays serial. An innermost loop (a ``for`` whose body holds no
``for``) that is not the PARALLEL loop and carries no dependence by the same exact
check is marked SIMD (``#pragma omp simd``); a reduction carries its dependence, so
it is never marked.

Inside a parallel region, a loop around small loops only (a few iterations known at
compile time, ``SMALL_TRIPS``) that carries no dependence and steps by at most one
element is marked IVDEP (``#pragma GCC ivdep``), and the small loops inside it are
printed without their SIMD pragma (codegen.openmp): gcc unrolls them completely and
vectorizes the loop around them, as it does in serial code, where a SIMD pragma on a
small loop keeps it a loop. The pragma is needed because the outlined function of an
OpenMP region reads the arrays through pointers that are no longer ``restrict``, and
gcc's run-time alias checks for the copies of the unrolled body exceed its limit
(``vect-max-version-for-alias-checks``): the loop stays scalar there (2x slower per
thread). Outside such a loop the small loops keep their SIMD marks: gcc 12 vectorizes
some tiled loops around small unmarked loops wrongly, along a dependence they carry.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl

from polyopt.codegen.granularity import SMALL_REGION
from polyopt.core.operations import isl_operations
from polyopt.core.scop import Scop
from polyopt.core.marks import REGISTER_MARK

PARALLEL = "parallel"
SERIAL = "serial"
# a loop right inside the PARALLEL one that carries no dependence either: the two can
# be one OpenMP loop (collapse(2), codegen.openmp), threads kept busy where the outer
# loop alone has few iterations (a tile loop of 8 heads, 3 channels, a small batch)
COLLAPSE = "collapse"
SIMD = "simd"
# the marks of a loop no thread runs in parallel: it may still be SIMD or accumulate
LEFT_SERIAL = (SERIAL, SMALL_REGION, COLLAPSE)
# the loops of a register tile's copies (scheduler.registers): printed for the C
# compiler to unroll completely, never parallel or SIMD themselves
COPIES = "copies"
# a loop inside a parallel region around small loops only, with no dependence
# carried (module docstring)
IVDEP = "ivdep"
# a loop of fewer iterations than this, known at compile time, is left to the C
# compiler: unrolled completely, the loop around it vectorized (a SIMD register holds
# 8 doubles with AVX-512, 4 with AVX2: a vector of fewer lanes gains little)
SMALL_TRIPS = 8
# the conditions that do not change along an innermost loop it is printed once per
# outcome of, at most (2**UNSWITCHED copies; codegen.openmp, codegen.registers)
UNSWITCHED = 2


@dataclass
class AstResult:
    root: isl.AstNode
    parallel_loops: list[str] = field(default_factory=list)   # iterators of the parallel loops
    # innermost loops left serial (reductions) along which an access steps over more
    # than one element (gathered, were the loop vectorized): (iterator, statements)
    gathering: set[tuple[str, frozenset[str]]] = field(default_factory=set)


def union_maps(union: isl.UnionMap) -> list[isl.Map]:
    """The maps of a union map, one per space."""
    maps: list[isl.Map] = []
    union.foreach_map(maps.append)
    return maps


def loop_is_parallel(build: isl.AstBuild, dependences: isl.UnionMap) -> bool:
    """True if the loop about to be generated carries no dependence.

    The pairs of dependent schedule vectors are tested as they are (equal outer
    values, then this loop's value smaller or larger): the same answer as on their
    distance vectors, without computing ``deltas``, which projects out half the
    dimensions and was most of this test's time."""
    schedule = build.get_schedule()
    mapped = dependences.apply_domain(schedule).apply_range(schedule)
    if mapped.is_empty():
        return True
    relation = isl.Map.from_union_map(mapped)
    last = relation.dim(isl.dim_type.out) - 1
    for dim in range(last):
        relation = relation.equate(isl.dim_type.in_, dim, isl.dim_type.out, dim)
    return (relation.order_lt(isl.dim_type.in_, last, isl.dim_type.out, last).is_empty()
            and relation.order_gt(isl.dim_type.in_, last, isl.dim_type.out, last).is_empty())


def single_loop_chain(node: isl.AstNode) -> list[isl.AstNode] | None:
    """The loops under `node` if they are one chain (each the only loop in the one
    around it, statements beside them allowed, no condition), outermost first, the last
    innermost; else None."""
    chain: list[isl.AstNode] = []
    while True:
        inner = _single_for(node)
        if inner is None:
            return None
        chain.append(inner)
        if not contains_for(inner.for_get_body()):
            return chain
        node = inner.for_get_body()


def _single_for(node: isl.AstNode) -> isl.AstNode | None:
    """The one ``for`` directly under `node` (through blocks and marks), else None."""
    kind = node.get_type()
    if kind == isl.ast_node_type.for_:
        return node
    if kind == isl.ast_node_type.block:
        children = node.block_get_children()
        loops = [children.get_at(k) for k in range(children.n_ast_node())
                 if contains_for(children.get_at(k))]
        return _single_for(loops[0]) if len(loops) == 1 else None
    if kind == isl.ast_node_type.mark:
        return _single_for(node.mark_get_node())
    return None


def unit_strides(build: isl.AstBuild, accesses: isl.UnionMap) -> bool:
    """Whether the loop about to be generated is, for each statement under it, one of
    its iterators (plus a constant), and each of the statement's array accesses moves
    by at most one element of its last subscript, and not in the others, along it."""
    schedule = build.get_schedule()
    for piece in union_maps(schedule):
        name = piece.get_tuple_name(isl.dim_type.in_)
        last = piece.dim(isl.dim_type.out) - 1
        if last < 0 or not piece.is_single_valued():
            return False
        iterator = _unit_input(isl.PwMultiAff.from_map(piece).get_pw_aff(last))
        if iterator is None:
            return False
        for access in _access_pieces(accesses, name):
            rank = access.dim(isl.dim_type.out)
            if rank == 0:
                continue
            if not access.is_single_valued():
                return False
            subscripts = isl.PwMultiAff.from_map(access)
            for k in range(rank):
                for _, aff in subscripts.get_pw_aff(k).get_pieces():
                    step = aff.get_coefficient_val(isl.dim_type.in_, iterator).to_python()
                    if step != 0 and (k < rank - 1 or abs(step) > 1):
                        return False
    return True


def _access_pieces(accesses: isl.UnionMap, statement: str) -> list[isl.Map]:
    """The accesses of `statement`, one basic relation each (two reads of one array,
    `In[i + di][j + dj]` and `In[i + r][j + r]`, are one map of the union, not single
    valued together)."""
    pieces: list[isl.Map] = []
    for access in union_maps(accesses):
        if access.get_tuple_name(isl.dim_type.in_) == statement:
            access.foreach_basic_map(lambda piece: pieces.append(isl.Map.from_basic_map(piece)))
    return pieces


def _unit_input(value: isl.PwAff) -> int | None:
    """The input dimension `value` is, with coefficient 1 or -1 (plus parameters, a
    constant, and divisions that stay fixed while the outer loops do: a tile's point
    loop `i - 32 floor(i / 32)`), on every piece; None if it is not one such."""
    found = None
    for _, aff in value.get_pieces():
        steps = [aff.get_coefficient_val(isl.dim_type.in_, k).to_python()
                 for k in range(aff.dim(isl.dim_type.in_))]
        moving = [k for k, step in enumerate(steps) if step != 0]
        if len(moving) != 1 or abs(steps[moving[0]]) != 1 or found not in (None, moving[0]):
            return None
        found = moving[0]
    return found


def constant_trips(node: isl.AstNode) -> int | None:
    """The trip count of the ``for`` `node` where its bounds are numbers, its step one
    and the count below SMALL_TRIPS; else None."""
    init, cond = node.for_get_init(), node.for_get_cond()
    if init.get_type() != isl.ast_expr_type.int or cond.get_type() != isl.ast_expr_type.op \
            or _number(node.for_get_inc()) != 1 or cond.get_op_n_arg() != 2:
        return None
    kind, bound = cond.get_op_type(), _number(cond.get_op_arg(1))
    if bound is None or kind not in (isl.ast_expr_op_type.le, isl.ast_expr_op_type.lt):
        return None
    trips = bound - init.get_val().to_python() + (kind == isl.ast_expr_op_type.le)
    return trips if 0 < trips < SMALL_TRIPS else None


def known_trips(node: isl.AstNode, values: dict[str, int]) -> int | None:
    """The trip count of the ``for`` `node` of step one whose bounds name parameters
    only, at the parameters' `values` (a size a ``#define`` gives); None where a bound
    names an outer loop's iterator or a parameter without a value."""
    cond = node.for_get_cond()
    if _number(node.for_get_inc()) != 1 or cond.get_type() != isl.ast_expr_type.op \
            or cond.get_op_type() not in (isl.ast_expr_op_type.le, isl.ast_expr_op_type.lt):
        return None
    first = _evaluated(node.for_get_init(), values)
    bound = _evaluated(cond.get_op_arg(1), values)
    if first is None or bound is None:
        return None
    return max(0, bound - first + (cond.get_op_type() == isl.ast_expr_op_type.le))


def _evaluated(expr: isl.AstExpr, values: dict[str, int]) -> int | None:
    """The value of an integer isl AST expression at `values`; None where it names
    anything else or is an operation other than arithmetic."""
    kind = expr.get_type()
    if kind == isl.ast_expr_type.int:
        return expr.get_val().to_python()
    if kind == isl.ast_expr_type.id:
        return values.get(expr.get_id().get_name())
    args = [_evaluated(expr.get_op_arg(k), values) for k in range(expr.get_op_n_arg())]
    if None in args:
        return None
    op = isl.ast_expr_op_type
    kind = expr.get_op_type()
    if kind == op.minus:
        return -args[0]
    if kind in (op.min, op.max):
        return (min if kind == op.min else max)(args)
    if len(args) != 2:
        return None
    left, right = args
    if kind == op.add:
        return left + right
    if kind == op.sub:
        return left - right
    if kind == op.mul:
        return left * right
    if kind in (op.fdiv_q, op.pdiv_q, op.div) and right != 0:
        return left // right
    if kind in (op.pdiv_r, op.zdiv_r) and right > 0 and left >= 0:
        return left % right
    return None


def _number(expr: isl.AstExpr) -> int | None:
    return expr.get_val().to_python() if expr.get_type() == isl.ast_expr_type.int else None


def loops_in(node: isl.AstNode) -> list[isl.AstNode]:
    """The loops right in `node` (itself, or inside its blocks, conditions and marks),
    not those nested in them."""
    kind = node.get_type()
    if kind == isl.ast_node_type.for_:
        return [node]
    if kind == isl.ast_node_type.block:
        children = node.block_get_children()
        return [loop for k in range(children.n_ast_node())
                for loop in loops_in(children.get_at(k))]
    if kind == isl.ast_node_type.if_:
        return loops_in(node.if_get_then_node()) + (
            loops_in(node.if_get_else_node()) if node.if_has_else_node() else [])
    if kind == isl.ast_node_type.mark:
        return loops_in(node.mark_get_node())
    return []


def loops_under(node: isl.AstNode) -> list[isl.AstNode]:
    """Every ``for`` in the subtree of `node` (itself included), outermost first."""
    return [each for loop in loops_in(node) for each in (loop, *loops_under(loop.for_get_body()))]


def contains_for(node: isl.AstNode, copies: bool = True) -> bool:
    """True if a ``for`` node is somewhere in the subtree of `node` (itself included);
    without `copies`, the loops of a register tile's copies do not count (the C compiler
    unrolls them: the loop around them is the innermost one)."""
    kind = node.get_type()
    if kind == isl.ast_node_type.for_:
        return True
    if kind == isl.ast_node_type.block:
        children = node.block_get_children()
        return any(contains_for(children.get_at(k), copies)
                   for k in range(children.n_ast_node()))
    if kind == isl.ast_node_type.if_:
        return (contains_for(node.if_get_then_node(), copies)
                or (node.if_has_else_node() and contains_for(node.if_get_else_node(), copies)))
    if kind == isl.ast_node_type.mark:
        if not copies and node.mark_get_id().get_name() == REGISTER_MARK:
            return False
        return contains_for(node.mark_get_node(), copies)
    return False


def calls_in(node: isl.AstNode) -> list[isl.AstExpr]:
    """The statement calls (``S3(c0, c1 + c3)``) in an AST node."""
    kind = node.get_type()
    if kind == isl.ast_node_type.user:
        return [node.user_get_expr()]
    if kind == isl.ast_node_type.block:
        children = node.block_get_children()
        return [call for k in range(children.n_ast_node()) for call in calls_in(children.get_at(k))]
    if kind == isl.ast_node_type.for_:
        return calls_in(node.for_get_body())
    if kind == isl.ast_node_type.if_:
        return calls_in(node.if_get_then_node()) + (
            calls_in(node.if_get_else_node()) if node.if_has_else_node() else [])
    if kind == isl.ast_node_type.mark:
        return calls_in(node.mark_get_node())
    return []


def statements_in(node: isl.AstNode) -> set[str]:
    """The names of the statements an AST node runs."""
    return {call.get_op_arg(0).get_id().get_name() for call in calls_in(node)}


def build_ast(schedule: isl.Schedule | isl.UnionMap, context: isl.Set,
              dependences: isl.UnionMap | None, iterator_prefix: str = "c",
              after_mark=None, innermost=None, region_decider=None,
              regions: bool = True, outer_simd: isl.UnionMap | None = None) -> AstResult:
    """The isl AST of a schedule (a tree, or a flat map); loops annotated PARALLEL,
    innermost loops SIMD, where it is proven safe.

    ``dependences`` None means no parallel or SIMD marks at all; ``regions`` False,
    no PARALLEL marks (serial code), SIMD marks still. ``after_mark(node, build)`` sees each generated mark node and returns it (it may annotate it);
    ``innermost(node, build)`` likewise each innermost loop that is neither
    PARALLEL nor SIMD (codegen.accumulate); with ``dependences`` None, every
    innermost loop (a CUDA thread's loops, all serial).
    ``region_decider.annotation(build, PARALLEL)`` annotates each loop found parallel
    (PARALLEL, with an if clause's work as the id's user object, or a serial mark where
    a region does too little work: the loops inside then stay serial too).
    With ``outer_simd`` (the SCoP's accesses), a loop around one innermost loop, or a
    chain of loops, that is no SIMD loop (a reduction) is marked SIMD where it carries
    no dependence, is
    not the PARALLEL loop, and every access steps by at most one element along it
    (``unit_strides``): the vectorization of the loop around a reduction that gcc
    does in serial code and not inside an OpenMP region; the innermost loops left
    serial along which an access does not step so are noted (``AstResult.gathering``).
    """
    ctx = schedule.get_ctx()
    ctx.set_ast_build_atomic_upper_bound(1)
    ctx.set_ast_build_detect_min_max(1)
    result = AstResult(root=None)
    inside_parallel: list[bool] = []
    inside_copies: list[bool] = []      # register tiles' copies (scheduler.registers)
    # per loop being generated: does it open a parallel region (marked PARALLEL)?
    opens_region: list[bool] = []
    # An exception must not escape a callback: islpy would hand isl a NULL and
    # isl's clean-up then corrupts the heap (seen when an operation budget runs
    # out inside the parallelism check). Keep it, answer "serial", re-raise after.
    failures: list[Exception] = []

    def before_for(build: isl.AstBuild) -> isl.Id:
        mark = _before_for(build)
        opens_region.append(mark.get_name() == PARALLEL)
        return mark

    def _before_for(build: isl.AstBuild) -> isl.Id:
        # A caller's operation budget (see pipeline.generate) is lifted in here, so
        # that running out never happens inside the callback; the build itself
        # then fails cleanly at its next operation.
        if inside_copies:
            inside_parallel.append(False)
            return isl.Id.read_from_str(ctx, COPIES)
        with isl_operations(ctx, 0, reset=False):
            parallel = False
            annotation = None
            if dependences is not None and regions and inside_parallel \
                    and inside_parallel[-1] and sum(inside_parallel) == 1 and not failures:
                # right inside the parallel loop (and no other): one to collapse with it?
                inside_parallel.append(False)
                try:
                    if loop_is_parallel(build, dependences):
                        return isl.Id.read_from_str(ctx, COLLAPSE)
                except Exception as error:  # noqa: BLE001 - re-raised below, outside isl
                    failures.append(error)
                return isl.Id.read_from_str(ctx, SERIAL)
            if dependences is not None and regions and not any(inside_parallel) \
                    and not failures:
                try:
                    parallel = loop_is_parallel(build, dependences)
                    if parallel and region_decider is not None:
                        annotation = region_decider.annotation(build, PARALLEL)
                except Exception as error:  # noqa: BLE001 - re-raised below, outside isl
                    failures.append(error)
                    parallel = False
            inside_parallel.append(parallel)    # a region too small: the loops inside too
            if annotation is not None and not failures:
                return annotation
            return isl.Id.read_from_str(ctx, PARALLEL if parallel else SERIAL)

    def after_for(node: isl.AstNode, build: isl.AstBuild) -> isl.AstNode:
        # the build is the loop's own, as in before_for; only a loop before_for
        # left SERIAL, or serial for too little work per region, may be marked SIMD
        # (never the PARALLEL one)
        inside_parallel.pop()
        opens_region.pop()
        annotation = node.get_annotation()
        if failures or (annotation is not None and annotation.get_name() == COPIES):
            return node
        if contains_for(node.for_get_body(), copies=False):
            if outer_simd is None or dependences is None or annotation is None \
                    or annotation.get_name() not in LEFT_SERIAL:
                return node
            # the loops inside: one innermost loop, or a chain of them (a filter's taps
            # in two dimensions), none of them SIMD already
            chain = single_loop_chain(node.for_get_body())
            mark = SIMD
            with isl_operations(ctx, 0, reset=False):
                try:
                    if chain is None or any(loop.get_annotation() is not None
                                            and loop.get_annotation().get_name() == SIMD
                                            for loop in chain):
                        # else, in a parallel region, around small loops only (IVDEP; a
                        # loop left serial for too little work opens none, nor is in one)
                        if not any(opens_region) or not all(constant_trips(loop) is not None
                                           for loop in loops_under(node.for_get_body())):
                            return node
                        mark = IVDEP
                    if unit_strides(build, outer_simd) and loop_is_parallel(build, dependences):
                        small = annotation.get_name() == SMALL_REGION
                        return node.set_annotation(isl.Id(mark, user=SMALL_REGION if small else None,
                                                          context=ctx))
                except Exception as error:  # noqa: BLE001 - re-raised below, outside isl
                    failures.append(error)
            return node
        if dependences is None and innermost is None:
            return node
        # with dependences, only a loop left serial; without (a CUDA thread's own loops),
        # every innermost loop is serial
        if dependences is not None and (annotation is None
                                        or annotation.get_name() not in LEFT_SERIAL):
            return node
        with isl_operations(ctx, 0, reset=False):
            try:
                if dependences is not None and loop_is_parallel(build, dependences):
                    # a loop left serial for too little work keeps that note (the report's)
                    small = annotation.get_name() == SMALL_REGION
                    return node.set_annotation(isl.Id(SIMD, user=SMALL_REGION if small else None,
                                                      context=ctx))
                if outer_simd is not None and dependences is not None \
                        and constant_trips(node) is None and not unit_strides(build, outer_simd):
                    result.gathering.add((node.for_get_iterator().get_id().get_name(),
                                          frozenset(statements_in(node))))
                if innermost is not None:
                    return innermost(node, build)
            except Exception as error:  # noqa: BLE001 - re-raised below, outside isl
                failures.append(error)
        return node

    build = isl.AstBuild.from_context(context)
    names = isl.IdList.alloc(ctx, 0)
    for k in range(64):
        names = names.add(isl.Id.read_from_str(ctx, f"{iterator_prefix}{k}"))
    build = build.set_iterators(names)
    # islpy returns (build, lifetime handle); the handles must outlive the build.
    build, keep_before = build.set_before_each_for(before_for)
    build, keep_after = build.set_after_each_for(after_for)

    def before_mark(mark: isl.Id, build: isl.AstBuild) -> None:
        if mark.get_name() == REGISTER_MARK:
            inside_copies.append(True)

    def marked(node: isl.AstNode, build: isl.AstBuild) -> isl.AstNode:
        if node.mark_get_id().get_name() == REGISTER_MARK and inside_copies:
            inside_copies.pop()
        if after_mark is None:
            return node
        try:
            return after_mark(node, build)
        except Exception as error:  # noqa: BLE001 - re-raised below, outside isl
            failures.append(error)
            return node

    build, keep_before_mark = build.set_before_each_mark(before_mark)
    build, keep_mark = build.set_after_each_mark(marked)
    try:
        if isinstance(schedule, isl.Schedule):
            result.root = build.node_from_schedule(schedule)
        else:
            result.root = build.node_from_schedule_map(schedule)
    finally:
        del keep_before, keep_after, keep_mark, keep_before_mark
    if failures:
        raise failures[0]
    return result


def iterator_prefix(scop: Scop) -> str:
    """A prefix for generated iterators that no identifier of the region uses."""
    return iterator_prefixes(scop, 1)[0]


def iterator_prefixes(scop: Scop, count: int,
                      candidates: tuple[str, ...] = ("c", "t", "polyopt_c")) -> list[str]:
    """`count` distinct prefixes for generated iterators, unused in the region and in
    the file (a macro the region uses may expand to any name of the file)."""
    taken = scop.taken_names

    def free(prefix: str) -> bool:
        return not any(name.startswith(prefix) and name[len(prefix):].isdigit() for name in taken)

    result = [prefix for prefix in candidates if free(prefix)]
    n = 0
    while len(result) < count:
        if free(f"polyopt_iterator{n}_"):
            result.append(f"polyopt_iterator{n}_")
        n += 1
    return result[:count]
