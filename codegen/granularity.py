"""Parallelism that pays: the work of one parallel region, against what opening it costs.

A ``#pragma omp parallel for`` opens a region each time the loop starts: once for
an outermost loop, once per iteration of the sequential loops around it otherwise.
Opening one costs a few microseconds (waking the threads, the barrier at its end),
which the region must win back.

**Work of one region.** For the loop about to be generated, with the values of the
loops around it fixed (the outer dimensions of isl's build schedule), each statement
S runs at most ``prod_d E_d`` instances, where E_d is the extent (max - min + 1) of
its d-th iterator over those instances, maximized over the outer values (a bounding
box: an upper bound, exact for rectangular loops). The work is

    W = sum over statements S of cost(S) * prod_d E_d(S)

where ``cost(S)`` counts the arithmetic operations of S's body (a compound assignment
is one, a call ``CALL_COST``; index arithmetic inside subscripts is free) plus its
array accesses, and at least 1. The extents are piecewise affine in the parameters,
computed with the sizes known for decisions fixed (``Scop.decision_context``).

**Threshold.** Measured on the 2-core development machine (gcc 12, libgomp, 2
threads; noisy, the machine was shared): opening an empty region costs 1.4 us at
best, 5-10 us once the data moves between cores and threads wait; vectorized loop
bodies run at 0.07-0.11 ns per unit of ``cost`` (scalar code is slower, which only
makes parallel regions pay sooner). A region is opened where the time two threads
save, ``W * NS_PER_UNIT / 2``, is at least twice ``REGION_OVERHEAD_NS``:
``W >= MIN_REGION_WORK`` (250,000 units, e.g. 36,000 instances of ``C[i][j] +=
alpha * A[i][k] * B[k][j]``).

**Decision.** W known (every size it depends on is known, or bounded): below the
threshold the loop is not parallel, and no loop inside it either (they do less work
per region); at or above it, ``omp parallel for``. W depending on unknown sizes:
``omp parallel for if(W >= MIN_REGION_WORK)``, the test printed in C over the
parameters (in double precision, so that it cannot overflow), so one file is right
and fast at every size. The test only chooses between one thread and several: the
code is correct either way.

**Shared data.** Inside a loop that runs parallel regions (a time loop), a loop left
serial for too little work moves the data those regions spread over the cores to one
core, and back to them at the next region, in every iteration. Where its loop moves
along the same subscript of an array as a parallel loop of the same loop (it would hand
out the same rows), it gets a region from
``SHARED_REGION_WORK`` (an eighth of the threshold) on (``codegen.openmp``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl
from pycparser import c_ast

from polyopt.codegen.expressions import ATOM
from polyopt.core.operations import isl_operations
from polyopt.core.scop import Scop, Statement

# Calibration (see the module docstring).
REGION_OVERHEAD_NS = 5000.0
NS_PER_UNIT = 0.08
THREADS = 2
MIN_REGION_WORK = int(2 * REGION_OVERHEAD_NS / (NS_PER_UNIT * (1 - 1 / THREADS)))  # 250,000
CALL_COST = 10          # a call (sqrt, exp, pow) counts as this many operations
# isl operations one estimate may take (a few tenths of a second); past them the
# loop is parallel, as without the estimate.
ESTIMATE_OPERATIONS = 200_000

SMALL_REGION = "serial: too little work per region"

# Inside a loop that runs parallel regions (a time loop), a loop left serial moves the
# data those regions spread over the cores to one core and back, every iteration: the
# energy-balance step (copies of 69,000 doubles, 140,000 units of work, between two
# parallel loops over the same arrays) ran 1.9x slower on two threads than on one. Such
# a loop, where it moves along the same subscript of an array as a parallel loop of the
# loop around it, gets a region from this much work on (a few microseconds of serial work, some hundred
# kilobytes of data; codegen.openmp's shared regions; the cost model does not know it).
SHARED_REGION_FACTOR = 8
SHARED_REGION_WORK = MIN_REGION_WORK // SHARED_REGION_FACTOR     # 31,250


@dataclass
class RegionWork:
    """The work of one parallel region: ``sum(weight * prod(factors))`` over terms, each
    factor an isl AST expression over the parameters; ``known`` when it is a number."""

    terms: list[tuple[int, list[isl.AstExpr]]] = field(default_factory=list)
    known: int | None = None
    threshold: int = MIN_REGION_WORK
    # a loop left serial for too little work that gets a region all the same: it hands
    # out the rows the regions around it hand out (SHARED_REGION_WORK; codegen.openmp)
    shared: bool = False

    def condition(self, printer) -> str:
        """The C test of the OpenMP if clause, with `printer` for isl expressions."""
        terms = [(weight, [printer.print(factor) for factor in factors])
                 for weight, factors in self.terms]
        threshold = self.threshold
        if len(terms) == 1:           # one term: the weight moves to the threshold
            weight, factors = terms[0]
            threshold = -(-self.threshold // weight)
            terms = [(1, factors)]
        parts = []
        for weight, factors in terms:
            if not factors:
                parts.append(str(weight))
                continue
            texts = [text if precedence >= ATOM else f"({text})" for text, precedence in factors]
            texts[0] = f"(double) {texts[0]}"
            parts.append(" * ".join(texts + ([str(weight)] if weight != 1 else [])))
        return f"{' + '.join(parts)} >= {threshold}"


def statement_cost(statement: Statement) -> int:
    """Arithmetic operations of the body (subscripts aside) plus array accesses, >= 1."""
    counter = _OperationCounter()
    counter.visit(statement.body)
    return max(1, counter.count + len(statement.accesses))


class _OperationCounter(c_ast.NodeVisitor):
    def __init__(self) -> None:
        self.count = 0

    def visit_Assignment(self, node: c_ast.Assignment) -> None:
        self.count += node.op != "="
        self.generic_visit(node)

    def visit_BinaryOp(self, node: c_ast.BinaryOp) -> None:
        self.count += 1
        self.generic_visit(node)

    def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
        self.count += node.op in ("-", "~", "!", "++", "--", "p++", "p--")
        self.generic_visit(node)

    def visit_TernaryOp(self, node: c_ast.TernaryOp) -> None:
        self.count += 1
        self.generic_visit(node)

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        self.count += CALL_COST
        if node.args is not None:
            self.visit(node.args)

    def visit_ArrayRef(self, node: c_ast.ArrayRef) -> None:
        self.visit(node.name)          # index arithmetic is address arithmetic


class RegionDecider:
    """Decides, for a loop proven parallel, whether a region there pays (see the module)."""

    def __init__(self, scop: Scop, context: isl.Set | None = None,
                 threshold: int = MIN_REGION_WORK):
        self.scop = scop
        self.threshold = threshold
        self.costs = {statement.name: statement_cost(statement) for statement in scop.statements}
        # A context of its own, with an operation budget: the estimate neither counts
        # against the budget of the AST generation around it nor runs for minutes
        # on the rare schedule where isl's parametric extrema blow up.
        self.ctx = isl.Context()
        self.context = isl.Set.read_from_str(
            self.ctx, (scop.decision_context if context is None else context).to_str())
        self._printer_build = isl.AstBuild.from_context(
            isl.Set.read_from_str(self.ctx, scop.context.to_str()))

    def work(self, build: isl.AstBuild) -> RegionWork | None:
        """The work of one execution of the loop `build` is about to generate; None
        where isl could not tell within ESTIMATE_OPERATIONS."""
        text = build.get_schedule().to_str()
        try:
            with isl_operations(self.ctx, ESTIMATE_OPERATIONS):
                return self._work(isl.UnionMap.read_from_str(self.ctx, text))
        except isl.Error:
            return None

    def _work(self, union: isl.UnionMap) -> RegionWork:
        schedule: list[isl.Map] = []
        union.foreach_map(schedule.append)
        known_terms: list[tuple[int, list[isl.PwAff]]] = []
        lowest = highest = 0
        bounded = True
        for relation in schedule:
            relation = relation.flatten_range()
            last = relation.dim(isl.dim_type.out) - 1
            # outer loop values -> the statement's instances in one region
            region = relation.project_out(isl.dim_type.out, last, 1).reverse() \
                             .intersect_params(self.context)
            if region.is_empty():
                continue
            weight = self.costs.get(relation.get_tuple_name(isl.dim_type.in_), 1)
            factors, low, high = [], weight, weight
            for position, bound in free_extents(region):
                smallest, largest = _value(bound.min_val()), _value(bound.max_val())
                low = None if low is None or smallest is None else low * max(smallest, 0)
                high = None if high is None or largest is None else high * max(largest, 0)
                if smallest is not None and smallest == largest:
                    weight *= max(smallest, 0)
                else:
                    factors.append(bound)
            if weight == 0:
                continue
            lowest = None if lowest is None or low is None else lowest + low
            if high is None:
                bounded = False
            else:
                highest += high
            known_terms.append((weight, factors))
        if bounded and highest < self.threshold:
            return RegionWork(known=highest, threshold=self.threshold)
        if lowest is not None and lowest >= self.threshold:
            return RegionWork(known=lowest, threshold=self.threshold)
        terms: dict[tuple[str, ...], tuple[int, list[isl.AstExpr]]] = {}
        for weight, factors in known_terms:
            expressions = [self._printer_build.expr_from_pw_aff(
                factor.gist_params(self.context)) for factor in factors]
            key = tuple(sorted(expression.to_C_str() for expression in expressions))
            previous = terms.get(key)
            terms[key] = ((previous[0] if previous else 0) + weight, expressions)
        return RegionWork(terms=_constant_last([terms[key] for key in sorted(terms)]),
                          threshold=self.threshold)

    def annotation(self, build: isl.AstBuild, parallel: str) -> isl.Id:
        """The annotation of a loop proven parallel: `parallel` (with its RegionWork as
        the id's user object where an if clause is needed) or SMALL_REGION."""
        ctx = build.get_ctx()
        if self.threshold <= 0:
            return isl.Id(parallel, context=ctx)
        work = self.work(build)
        if work is None:        # no estimate: a region, as where the work is large
            return isl.Id(parallel, context=ctx)
        if work.known is not None:
            if work.known < self.threshold:
                # the work kept: such a loop may still get a region (SHARED_REGION_WORK)
                return isl.Id(SMALL_REGION, user=work, context=ctx)
            return isl.Id(parallel, context=ctx)
        return isl.Id(parallel, user=work, context=ctx)


def free_extents(region: isl.Map) -> list[tuple[int, isl.PwAff]]:
    """(position, extent over the parameters) of the statement dimensions that
    determine the others in one region (`region`: outer loop values -> instances).

    The extent of a dimension is its max - min + 1 for fixed outer values, maximized
    over them. A dimension that is a function of the outer values and of the
    dimensions kept so far (skewed schedules: `j = c0 - 2 * i` on a wavefront) adds
    no instances: the dimensions are taken from the smallest extent up, and those
    already determined are left out of the product."""
    one = isl.Val.one(region.get_ctx())
    extents = []
    for position in range(region.dim(isl.dim_type.out)):
        extent = region.dim_max(position).sub(region.dim_min(position)).add_constant_val(one)
        bound = isl.Map.from_pw_aff(extent).range().dim_max(0).coalesce()
        largest = _value(bound.max_val())
        extents.append((largest is None, largest or 0, position, bound))
    if len(extents) < 2 or not _has_equalities(region):
        return [(position, bound) for _, _, position, bound in extents]
    kept: list[int] = []
    result = []
    for _, _, position, bound in sorted(extents, key=lambda entry: entry[:3]):
        if kept and _determined(region, kept, position):
            continue
        kept.append(position)
        result.append((position, bound))
    return result


def _has_equalities(region: isl.Map) -> bool:
    """Some equality of one region's instances involves the statement's dimensions."""
    hull = region.affine_hull()
    found = []

    def visit(constraint: isl.Constraint) -> None:
        if constraint.is_equality() and constraint.involves_dims(
                isl.dim_type.out, 0, region.dim(isl.dim_type.out)):
            found.append(constraint)
    hull.foreach_constraint(visit)
    return bool(found)


def _determined(region: isl.Map, kept: list[int], position: int) -> bool:
    """Statement dimension `position` is a function of the outer values and the
    dimensions `kept` over `region` (outer values -> instances)."""
    outer = region.dim(isl.dim_type.in_)
    points = isl.Map.from_range(region.wrap().flatten())       # {} -> [outer, instance]
    inputs = sorted(list(range(outer)) + [outer + k for k in kept])
    for moved, index in enumerate(inputs):
        points = points.move_dims(isl.dim_type.in_, moved, isl.dim_type.out, index - moved, 1)
    remaining = [d for d in range(points.dim(isl.dim_type.out) + len(inputs)) if d not in inputs]
    target = remaining.index(outer + position)
    points = points.project_out(isl.dim_type.out, target + 1, len(remaining) - target - 1)
    points = points.project_out(isl.dim_type.out, 0, target)
    return points.is_single_valued()


def _constant_last(terms):
    """Terms with factors first (the sum starts with a double), a constant term last."""
    return [term for term in terms if term[1]] + [term for term in terms if not term[1]]


def _value(value: isl.Val) -> int | None:
    """An integer isl value as int; None for infinity or NaN."""
    if value.is_nan() or value.is_infty() or value.is_neginfty():
        return None
    return value.to_python()
