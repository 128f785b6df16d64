"""A static cost model: the predicted running time of a SCoP under a schedule.

The model works from the polyhedral model alone (domains, accesses, dependences,
the parameter values known for decisions) and the flat map of the schedule as it
will be generated (tiled where the pipeline tiles). It never builds code. Each
statement is looked at on its own, in the schedule's coordinates:

* **Trip counts.** The statement's instances, mapped into the schedule space and
  with the parameters fixed (``Scop.decision_context``; a parameter nothing
  fixes is taken as ``UNKNOWN_PARAMETER``), are walked from the outermost
  dimension in: a dimension's trip count is its extent (divided by its stride:
  tile loops step by the tile size) once the outer dimensions are fixed at the
  middle of their ranges, which is exact for boxes and gives the average
  extent for triangles. The product is the number of instances; where a skewed
  schedule makes it larger than the instances counted in the original
  coordinates (the middle of a parallelogram is its widest part), the inner
  loops' trips are scaled down to their average.
* **Memory traffic** (cache lines, the Carr–McKinley–Tseng kind of model made
  level by level). Every access is rewritten as an affine function of the
  schedule dimensions; accesses to one array with the same linear part form one
  group (stencil neighbours share their lines). The footprint of a loop is the
  number of distinct cache lines its groups touch while the loop and the loops
  inside it run (spans of the subscripts; the last subscript is contiguous,
  one line holds ``line_bytes / element_bytes`` elements, a larger stride
  costs a line per element; never more than the lines of all the elements
  the access touches in the SCoP). For each cache level, the outermost loop whose
  footprint fits decides the traffic: the lines of one run of the loop just
  outside it (consecutive iterations of that loop share what they reuse) times
  the number of runs of that loop. Lines brought into a level are charged that
  level's cost. A cache level several CPUs share (sysfs's ``shared_cpu_list``;
  the last level, where the machine says nothing) is split by the threads of a
  parallel statement: each footprint inside the parallel loop gets its part of
  the capacity, the threads running different iterations at once. (syr2k and
  gemm at LARGE: the original order tiled keeps a 5-10 MB panel in the 16 MB the
  model allows the whole cache; with two threads it does not stay, and isl's
  schedule, which reuses its panels from a 64 KB tile, measured 2-4x faster.)
  The footprint of the parallel loop itself and of the loops around it is the
  threads' together in a shared level, and in a thread's own level its part
  (the groups that follow the parallel dimension divided among the threads): a
  stencil whose two grids fit the last level stays there from one time step to
  the next with two threads as with one.
  Tiling shows up by itself: the point loops' footprint fits.
  Address translation is counted the same way, with pages for lines and the
  two TLB levels for caches: a walk down the columns of a large array takes a
  new page at every access, and that, more than the cache lines, is what makes
  such code slow.
* **Vectorizability.** The innermost loop is vectorized (compute divided by
  the vector width) if it carries no dependence of the statement (but the
  statement's own anti-dependences: an in-place update that reads ahead,
  ``V[i] = f(V[i + 1])``, loads before it stores in vector code too) and every
  access is stride 0 or stride 1 in it, as gcc and clang require (a reduction
  in floating point is not vectorized without -ffast-math), and no other
  statement runs on one of its iterations (``guarded_loops``: a boundary
  update fused into a sweep puts a test in the loop's body). Innermost loops of
  a few iterations (``SMALL_TRIP``) are unrolled completely by the compiler: the
  loop around them is then the one vectorized (``vector_loop``).
* **Parallel granularity.** A loop is parallel if it carries no dependence of
  any statement inside it (statements sharing the loop are those with the
  same outer constant dimensions). The statement's outermost parallel loop
  divides its work by the threads it can keep busy (a loop of 3 tiles on 2
  threads gives 1.5); every execution of that loop opens a parallel region,
  charged ``region_ns`` (and the first ``team_ns``, starting the threads):
  the number of regions is the product of the trip
  counts of the sequential loops around it. As the code generator does
  (``codegen.granularity``), a loop whose region does less work than
  ``min_region_work`` stays serial. (An earlier version also charged a region
  per run of the point loop for partial tiles generated apart; the generated
  code of lu, nussinov and gramschmidt opens no such regions, and the rule made
  the model prefer schedules measured 1.3-3x slower, so it is gone.)
* **Recurrences.** Where the innermost loop carries a flow dependence of the
  statement on itself (a reduction, a Gauss-Seidel sweep), its operations wait
  for each other: they cost their latency, ``latency_ns``, not their throughput;
  only the operations on the chain from the value read back to the value
  written wait (``chain_operations``: one for an accumulation ``x += e``).
* **Loop and skewing overhead.** Every entry of a loop costs ``loop_ns`` (loop
  setup, the mispredicted exit); where the statement's schedule is skewed
  (a loop follows a combination of iterators), loop bounds become minima and
  maxima and each entry costs ``skewed_loop_ns`` more.
* **Register tiles.** Where the tiles' point loops get a register tile
  (``scheduler.registers``), the statement's compute is divided by the cycles
  its register model saves and its loops' entries by its copies, over the share
  of its instances in full tiles (``register_gains``).

The time is the sum over statements of compute (operations of the statement
body per instance), memory and loop overhead, divided by the parallel speedup,
plus the regions' overhead. Only ratios between candidates of one SCoP are
used, so the constants only need the right orders of magnitude.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace

import islpy as isl
from pycparser import c_ast, c_generator

from polyopt.core.scop import Scop, Statement
from polyopt.core.machine.cpu import Machine

UNKNOWN_PARAMETER = 1000     # a parameter whose value is not known, for decisions only
SMALL_PARAMETER = 16         # one that must be small for the loops to run (parameter_point)


# ---------------------------------------------------------------- statements


class _Operations(c_ast.NodeVisitor):
    """Arithmetic in a statement body: binary, unary, ternary operators; calls
    count for several (a square root or an exponential is not one add)."""

    CALL = 8
    DIVISION = 4      # a division takes several times an add's throughput and latency

    def __init__(self) -> None:
        self.count = 0

    def visit_BinaryOp(self, node: c_ast.BinaryOp) -> None:
        self.count += self.DIVISION if node.op in ("/", "%") else 1
        self.generic_visit(node)

    def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
        if node.op not in ("&", "sizeof", "+"):
            self.count += 1
        self.generic_visit(node)

    def visit_TernaryOp(self, node: c_ast.TernaryOp) -> None:
        self.count += 1
        self.generic_visit(node)

    def visit_Assignment(self, node: c_ast.Assignment) -> None:
        if node.op != "=":
            self.count += 1
        self.generic_visit(node)

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        self.count += self.CALL
        if node.args is not None:
            self.visit(node.args)

    def visit_ArrayRef(self, node: c_ast.ArrayRef) -> None:
        self.visit(node.name)     # subscripts are address arithmetic, folded by the compiler


def statement_operations(statement: Statement) -> int:
    counter = _Operations()
    counter.visit(statement.body)
    return max(1, counter.count)


def chain_operations(statement: Statement) -> int:
    """Operations on the path from a value a statement reads back to the value it
    writes, where the innermost loop carries its flow dependence on itself. In an
    accumulation (``x op= e``, or ``x = x op e``) only the ``op`` waits for the
    previous instance: ``e`` is computed beside it. Otherwise the whole body is taken
    to be on the path (a Gauss-Seidel sweep reads its neighbour early in the sum)."""
    body = statement.body
    if isinstance(body, c_ast.Assignment):
        if body.op != "=":
            return 1
        value = body.rvalue
        if isinstance(value, c_ast.BinaryOp) and value.op in ("+", "-", "*") and (
                _same_reference(value.left, body.lvalue) or
                value.op != "-" and _same_reference(value.right, body.lvalue)):
            return 1
    return statement_operations(statement)


def _same_reference(node, target) -> bool:
    printer = c_generator.CGenerator()
    return type(node) is type(target) and printer.visit(node) == printer.visit(target)


@dataclass
class _Access:
    array: str
    rank: int
    coefficients: tuple[tuple[int, ...], ...] | None   # [subscript][dim]; None: not affine
    offsets: tuple[int, ...]
    is_write: bool
    lines: float = float("inf")   # lines of everything it touches in the whole SCoP
    pages: float = float("inf")   # and pages


@dataclass
class StatementShape:
    """One statement under a schedule: its loops and its accesses in schedule dims."""

    name: str
    trips: list[int]              # per schedule dimension (1: constant for this statement)
    steps: list[int]              # stride of the dimension's values
    constants: list[int | None]   # value of a constant dimension, None for a loop
    accesses: list[_Access]
    operations: int
    skewed: bool
    chain: int = 1                # operations on its own recurrence (chain_operations)
    carried: set[int] = field(default_factory=set)   # dims where a dependence is carried
    # dims where a dependence that a vectorizer must keep is carried: all of `carried`
    # but those where only the statement's own anti-dependences are (vector_safe_pairs)
    vector_carried: set[int] = field(default_factory=set)
    recurrent: set[int] = field(default_factory=set)  # dims carrying its own flow dependence
    spans: list[tuple[int, int] | None] = field(default_factory=list)   # (first, last) per dim

    @property
    def instances(self) -> float:
        return float(math.prod(self.trips))

    @property
    def loops(self) -> list[int]:
        return [k for k, trip in enumerate(self.trips) if trip > 1]


def parameter_point(scop: Scop) -> isl.Set:
    """The parameter values decisions use: the known ones, the others UNKNOWN_PARAMETER.
    Where that leaves every domain empty (a size that must be smaller than another for
    the loops to run: an offset, a halo, `j < m - w`), one unknown parameter at a time
    is made SMALL_PARAMETER instead, the first in order that gives the domains points;
    failing that, any values the domains allow."""
    context = scop.decision_context
    domain = scop.domain()
    unknown = [position for position, name in enumerate(scop.parameters)
               if name not in scop.known_values]

    def fixed_at(small: int | None) -> isl.Set:
        fixed = context
        for position in unknown:
            value = SMALL_PARAMETER if position == small else UNKNOWN_PARAMETER
            fixed = fixed.fix_val(isl.dim_type.param, position,
                                  isl.Val.int_from_si(fixed.get_ctx(), value))
        return fixed

    fixed = fixed_at(None)
    for point in itertools.chain([fixed], map(fixed_at, unknown)):    # (each made lazily)
        if not domain.intersect_params(point).is_empty():
            return point
    nonempty = domain.params().intersect(context)
    if nonempty.is_empty():
        return fixed
    point = nonempty.sample_point()
    result = context
    for position in range(len(scop.parameters)):
        value = point.get_coordinate_val(isl.dim_type.param, position)
        result = result.fix_val(isl.dim_type.param, position, value)
    return result


def _without_parameters(thing, point: isl.Set):
    """A set or map with the parameters fixed to `point` and then projected out."""
    fixed = thing.intersect_params(point)
    return fixed.project_out(isl.dim_type.param, 0, fixed.dim(isl.dim_type.param))


def _constant_of(pw: isl.PwAff) -> int | None:
    pieces = pw.get_pieces()
    if not pieces:
        return None
    values = [aff.get_constant_val().to_python() for _, aff in pieces
              if aff.dim(isl.dim_type.div) == 0]
    return max(values) if values else None


def instance_count(domain: isl.Set, point: isl.Set) -> int:
    """About how many instances a statement's domain has at the parameter values of
    `point` (the product of its trip counts, outer loops at the middle of their ranges)."""
    return math.prod(_trips(_without_parameters(domain, point))[0])


def _trips(instances: isl.Set) -> tuple[list[int], list[int], list[int | None],
                                       list[tuple[int, int] | None]]:
    """Trip count, stride, constant value and (first, last) value of each dimension,
    the outer ones fixed at the middle of their ranges in turn."""
    n = instances.dim(isl.dim_type.set)
    trips, steps, constants, spans = [], [], [], []
    current = instances
    for k in range(n):
        low = _constant_of(current.dim_min(k))
        high = _constant_of(current.dim_max(k))
        if low is None or high is None:
            trips.append(1)
            steps.append(1)
            constants.append(None)
            spans.append(None)
            continue
        spans.append((low, high))
        if low == high:
            trips.append(1)
            steps.append(1)
            constants.append(low)
            current = current.fix_val(isl.dim_type.set, k, isl.Val.int_from_si(current.get_ctx(), low))
            continue
        stride = current.get_stride(k).to_python() or 1
        stride = max(1, abs(int(stride)))
        trip = (high - low) // stride + 1
        trips.append(trip)
        steps.append(stride)
        constants.append(None)
        middle = low + stride * ((trip - 1) // 2)
        fixed = current.fix_val(isl.dim_type.set, k, isl.Val.int_from_si(current.get_ctx(), middle))
        if fixed.is_empty():
            fixed = current.fix_val(isl.dim_type.set, k, isl.Val.int_from_si(current.get_ctx(), low))
        current = fixed
    return trips, steps, constants, spans


def _average_trips(trips: list[int], steps: list[int], count: int) -> list[int]:
    """Trip counts whose product is the statement's number of instances. Extents taken
    at the middle of a skewed schedule's outer loops are its widest (a parallelogram
    is widest in its middle), so their product can be several times the instances,
    counted in the original coordinates where the domain is a box or a triangle; the
    inner loops then get their average trips."""
    loops = [k for k, trip in enumerate(trips) if trip > 1]
    product = math.prod(trips)
    if len(loops) < 2 or product <= 1.1 * count or count < 1:
        return trips
    factor = (count / product) ** (1.0 / (len(loops) - 1))
    return [max(1, round(trip * factor)) if k in loops[1:] and steps[k] == 1 else trip
            for k, trip in enumerate(trips)]


def _single_aff(pw: isl.PwAff) -> isl.Aff | None:
    """The affine expression of a piecewise one whose pieces share their linear part;
    else of its one piece over a domain of full dimension where every other piece's
    is of lower dimension (a boundary: `r == 0 ? idx : idx - col`, a clamped
    neighbour, is `r - 1` inside and `0` on the first row only)."""
    pieces = pw.get_pieces()
    if not pieces:
        return None
    if any(aff.dim(isl.dim_type.div) != 0 for _, aff in pieces):
        # (a tile loop's value, a multiple of the tile size, as its piece's domain says)
        pieces = [(domain, aff.gist(domain)) for domain, aff in pieces]
        if any(aff.dim(isl.dim_type.div) != 0 for _, aff in pieces):
            return None
    first = pieces[0][1]
    for _, aff in pieces[1:]:
        difference = aff.sub(first)
        if any(not difference.get_coefficient_val(isl.dim_type.in_, k).is_zero()
               for k in range(aff.dim(isl.dim_type.in_))):
            return _dominant_piece(pieces)
    return first


def _dominant_piece(pieces: list[tuple[isl.Set, isl.Aff]]) -> isl.Aff | None:
    """The expression of the one piece whose domain has the fewest equalities (the
    interior), where every other piece's has more (boundaries); None otherwise."""
    def equalities(domain: isl.Set) -> int:
        return sum(1 for constraint in domain.affine_hull().get_constraints()
                   if constraint.is_equality())

    counted = sorted(((equalities(domain), k) for k, (domain, _) in enumerate(pieces)))
    if len(counted) > 1 and counted[0][0] == counted[1][0]:
        return None
    return pieces[counted[0][1]][1]


def _access_in_schedule(inverse: isl.Map, access, n_dims: int, point: isl.Set) -> _Access:
    """The access as a function of the schedule dimensions (parameters fixed)."""
    rank = access.relation.dim(isl.dim_type.out)
    coefficients, offsets = None, (0,) * rank
    try:
        in_schedule = inverse.apply_range(_without_parameters(access.relation, point))
        multi = isl.PwMultiAff.from_map(in_schedule)
        rows, constants = [], []
        for r in range(rank):
            aff = _single_aff(multi.get_pw_aff(r))
            if aff is None:
                raise ValueError("not affine")
            rows.append(tuple(aff.get_coefficient_val(isl.dim_type.in_, k).to_python()
                              for k in range(n_dims)))
            constants.append(aff.get_constant_val().to_python())
        coefficients, offsets = tuple(rows), tuple(int(c) for c in constants)
    except (isl.Error, ValueError):
        pass
    return _Access(access.array, rank, coefficients, offsets, access.is_write)


def _touched_lines(access, domain: isl.Set, point: isl.Set, elements_per_line: int) -> float:
    """Cache lines of the box of elements the access touches over the statement's domain."""
    rank = access.relation.dim(isl.dim_type.out)
    if rank == 0:
        return 1.0
    image = _without_parameters(access.relation.intersect_domain(domain).range(), point)
    extents = []
    for r in range(rank):
        low, high = _constant_of(image.dim_min(r)), _constant_of(image.dim_max(r))
        if low is None or high is None:
            return float("inf")
        extents.append(high - low + 1)
    extents[-1] = math.ceil(extents[-1] / elements_per_line)
    return float(math.prod(extents))


def _skewed(schedule: isl.Map) -> bool:
    """Some dimension follows a combination of two or more iterators."""
    try:
        multi = isl.PwMultiAff.from_map(schedule)
    except isl.Error:
        return True
    n_in = schedule.dim(isl.dim_type.in_)
    for k in range(schedule.dim(isl.dim_type.out)):
        for _, aff in multi.get_pw_aff(k).get_pieces():
            used = sum(1 for i in range(n_in)
                       if not aff.get_coefficient_val(isl.dim_type.in_, i).is_zero())
            if used > 1:
                return True
    return False


def _maps(union: isl.UnionMap) -> list[isl.Map]:
    maps: list[isl.Map] = []
    union.foreach_map(maps.append)
    return maps


def _carried_levels(pairs: isl.Map) -> set[int]:
    """Schedule dimensions at which the distance of some of these pairs of schedule
    vectors (a dependence in schedule space) is first non-zero.

    The pairs are tested as they are, level by level (equal before k, different at
    k): the same answer as on their distance vectors, without computing ``deltas``,
    which projects out half the dimensions and was most of the cost model's time."""
    levels = set()
    current = pairs
    for k in range(pairs.dim(isl.dim_type.out)):
        if current.is_empty():
            break
        if not (current.order_lt(isl.dim_type.in_, k, isl.dim_type.out, k).is_empty()
                and current.order_gt(isl.dim_type.in_, k, isl.dim_type.out, k).is_empty()):
            levels.add(k)
        current = current.equate(isl.dim_type.in_, k, isl.dim_type.out, k)
    return levels


def vector_safe_pairs(dependences) -> isl.UnionMap:
    """The pairs of `dependences` (a core.dependences.Dependences) that do not keep a
    loop from being vectorized where they are carried: a statement's anti-dependences
    on itself that are not also flow or output pairs. A vector loop loads all its
    lanes' operands before it stores any lane's result, so a statement that reads an
    element a later iteration of the same loop overwrites (`V[i] = f(V[i + 1], V[i])`,
    in place) reads the old value vectorized too; gcc and clang vectorize it."""
    safe = dependences.empty
    for each in _maps(dependences.anti):
        if each.get_tuple_name(isl.dim_type.in_) == each.get_tuple_name(isl.dim_type.out):
            safe = safe.union(isl.UnionMap.from_map(each))
    return safe.subtract(dependences.flow.union(dependences.output)).coalesce()


def statement_shapes(scop: Scop, schedule: isl.Schedule, dependences: isl.UnionMap,
                     flow: isl.UnionMap | None = None, point: isl.Set | None = None,
                     machine: Machine | None = None,
                     touched: dict | None = None,
                     vector_safe: isl.UnionMap | None = None) -> list[StatementShape]:
    """Every statement's trip counts, accesses and carried dependences under `schedule`
    (`flow`: the flow dependences among `dependences`, for recurrences; `point`: the
    parameter values, ``parameter_point``; `touched`: a cache of the lines and pages each
    access touches and of each statement's instances, kept from one schedule of the SCoP
    to the next; `vector_safe`: the pairs among `dependences` that do not keep a loop
    from being vectorized, ``vector_safe_pairs``)."""
    point = point if point is not None else parameter_point(scop)
    touched = touched if touched is not None else {}
    machine = machine or Machine()
    elements_per_line = max(1, machine.line_bytes // machine.element_bytes)
    elements_per_page = max(1, machine.page_bytes // machine.element_bytes)
    flat = schedule.get_map().intersect_domain(schedule.get_domain())
    by_statement = {m.get_tuple_name(isl.dim_type.in_): m for m in _maps(flat)}
    shapes: dict[str, StatementShape] = {}
    for statement in scop.statements:
        relation = by_statement.get(statement.name)
        if relation is None:
            continue
        relation = relation.intersect_domain(statement.domain)
        n_dims = relation.dim(isl.dim_type.out)
        instances = _without_parameters(relation.range(), point)
        if instances.is_empty():
            continue
        trips, steps, constants, spans = _trips(instances)
        # the count does not depend on the schedule: kept with the lines, for the next one
        count_key = ("instances", statement.name)
        if count_key not in touched:
            touched[count_key] = instance_count(statement.domain, point)
        trips = _average_trips(trips, steps, touched[count_key])
        inverse = _without_parameters(relation.reverse(), point)
        accesses = [_access_in_schedule(inverse, access, n_dims, point) for access in statement.accesses]
        for model_access, access in zip(accesses, statement.accesses):
            if access.reference not in touched:
                touched[access.reference] = tuple(
                    _touched_lines(access, statement.domain, point, per_unit)
                    for per_unit in (elements_per_line, elements_per_page))
            model_access.lines, model_access.pages = touched[access.reference]
        shapes[statement.name] = StatementShape(statement.name, trips, steps, constants, accesses,
                                                statement_operations(statement), _skewed(relation),
                                                chain_operations(statement), spans=spans)
    for dependence in _maps(dependences):
        source = dependence.get_tuple_name(isl.dim_type.in_)
        sink = dependence.get_tuple_name(isl.dim_type.out)
        if source not in by_statement or sink not in by_statement:
            continue
        # parameters fixed first: the same pairs, smaller relations to compose
        mapped = (dependence.intersect_params(point).apply_domain(by_statement[source])
                  .apply_range(by_statement[sink]))
        levels = vector_levels = _carried_levels(mapped)
        if source == sink and source in shapes and vector_safe is not None and levels:
            safe = vector_safe.extract_map(dependence.get_space())
            if not safe.is_empty():
                kept = (dependence.subtract(safe).intersect_params(point)
                        .apply_domain(by_statement[source]).apply_range(by_statement[sink]))
                vector_levels = _carried_levels(kept)
        for name in (source, sink):
            if name in shapes:
                shapes[name].carried |= levels
                shapes[name].vector_carried |= vector_levels
    if flow is not None:
        for dependence in _maps(flow):
            source = dependence.get_tuple_name(isl.dim_type.in_)
            if source != dependence.get_tuple_name(isl.dim_type.out) or source not in shapes:
                continue
            relation = by_statement[source]
            mapped = dependence.intersect_params(point).apply_domain(relation).apply_range(relation)
            shapes[source].recurrent |= _carried_levels(mapped)
    return [shapes[s.name] for s in scop.statements if s.name in shapes]


# ---------------------------------------------------------------- the model


@dataclass
class StatementCost:
    name: str
    instances: float
    compute_ns: float
    memory_ns: float
    loop_ns: float
    vectorized: bool
    parallel_dim: int | None       # schedule dimension of its outermost parallel loop
    parallel_depth: int | None     # 0: the outermost loop of the statement
    speedup: float                 # threads kept busy by that loop
    regions: float                 # parallel regions it runs in
    lines: list[float] = field(default_factory=list)   # lines brought into each cache level
    # the same without OpenMP (a shared cache then is the one thread's alone)
    serial_memory_ns: float | None = None
    serial_lines: list[float] | None = None


def _work_ns(costs: list[StatementCost]) -> float:
    """The statements' own nanoseconds, each divided by its parallel speed-up."""
    return sum((c.compute_ns + c.memory_ns + c.loop_ns) / c.speedup for c in costs)


@dataclass
class Estimate:
    """Predicted time of a SCoP under one schedule, and its parts."""

    seconds: float
    statements: list[StatementCost]
    regions: float                  # parallel regions opened in all

    @property
    def memory_lines(self) -> float:
        return sum(cost.lines[-1] if cost.lines else 0.0 for cost in self.statements)

    def serial(self) -> "Estimate":
        """The same statements without OpenMP regions: what ``estimate(shapes, machine,
        parallel=False)`` gives, derived without estimating the statements again."""
        costs = [replace(cost, parallel_dim=None, parallel_depth=None, speedup=1.0, regions=0.0,
                         memory_ns=(cost.memory_ns if cost.serial_memory_ns is None
                                    else cost.serial_memory_ns),
                         lines=cost.lines if cost.serial_lines is None else cost.serial_lines,
                         serial_memory_ns=None, serial_lines=None)
                 for cost in self.statements]
        return Estimate(_work_ns(costs) * 1e-9, costs, 0.0)

    @property
    def work_seconds(self) -> float:
        """The statements' own time, divided by their parallel speed-up: the estimate
        without the parallel regions' start."""
        return _work_ns(self.statements) * 1e-9

    def weighted(self, attribute: str) -> float:
        """Share of the statements' instances for which `attribute` holds."""
        total = sum(cost.instances for cost in self.statements) or 1.0
        return sum(cost.instances for cost in self.statements if getattr(cost, attribute)) / total


def _line_span(access_group: list[_Access], dims: list[int], shape: StatementShape,
               elements_per_line: int, pages: bool = False) -> float:
    """Distinct cache lines (or pages, `elements_per_line` then being the elements of a
    page) a group of accesses touches while the loops `dims` run."""
    first = access_group[0]
    if first.rank == 0:
        return 1.0
    if first.coefficients is None:
        # not affine in the schedule: a line per instance of the loops, per access
        return float(math.prod(shape.trips[k] for k in dims)) * len(access_group)
    rows = 1.0
    involved: set[int] = set()
    last = first.rank - 1
    lines_last = 1.0
    for r in range(first.rank):
        coefficients = first.coefficients[r]
        offsets = [access.offsets[r] for access in access_group]
        extent = max(offsets) - min(offsets)
        varying = [k for k in dims if coefficients[k] != 0]
        involved.update(varying)
        span = 1 + extent + sum(abs(coefficients[k]) * shape.steps[k] * (shape.trips[k] - 1)
                                for k in varying)
        distinct = min(span, math.prod(shape.trips[k] for k in varying) * len(set(offsets)))
        if r == last:
            finest = min((abs(coefficients[k]) * shape.steps[k] for k in varying), default=0)
            if finest >= elements_per_line:
                lines_last = distinct
            else:
                lines_last = max(1.0, math.ceil(span / elements_per_line))
        else:
            rows *= distinct
    bound = math.prod(shape.trips[k] for k in involved) * len(access_group)
    whole = sum(access.pages if pages else access.lines for access in access_group)
    return float(min(rows * lines_last, bound, whole))


def _groups(shape: StatementShape) -> list[list[_Access]]:
    groups: dict[tuple, list[_Access]] = {}
    for k, access in enumerate(shape.accesses):
        key = (access.array, access.coefficients) if access.coefficients is not None else (k,)
        groups.setdefault(key, []).append(access)
    return list(groups.values())


def _cache_lines(shape: StatementShape, shapes: list[StatementShape], machine: Machine,
                 parallel: tuple[int, int] | None = None) -> list[float]:
    """Lines brought into each cache level for this statement (see the module
    docstring); `parallel`: (the dimension of its parallel loop, the threads that
    run it), as ``_level_traffic``'s `split`."""
    per_line = max(1, machine.line_bytes // machine.element_bytes)
    lines = _level_traffic(shape, shapes, machine.caches, machine.line_bytes, per_line, False,
                           split=parallel)
    return [max(count, _compulsory(shape, shapes, False)) for count in lines]


def _tlb_pages(shape: StatementShape, shapes: list[StatementShape],
               machine: Machine) -> list[float]:
    """Pages brought into each TLB level for this statement (each core has its own)."""
    if not machine.tlbs:
        return []
    per_page = max(1, machine.page_bytes // machine.element_bytes)
    pages = _level_traffic(shape, shapes, machine.tlbs, machine.page_bytes, per_page, True)
    return [max(count, _compulsory(shape, shapes, True)) for count in pages]


def compulsory_lines(shapes: list[StatementShape]) -> float:
    """Cache lines every schedule of these statements brings in at least once."""
    return sum(_compulsory(shape, shapes, False) for shape in shapes)


def _compulsory(shape: StatementShape, shapes: list[StatementShape], pages: bool) -> float:
    """This statement's part of the lines (pages) every schedule brings in at least once:
    those its accesses touch in the whole SCoP, each array's shared out among the
    statements that access it. (A footprint taken at the middle of a time tile's
    wavefront can miss them.)"""
    users: dict[str, int] = {}
    for other in shapes:
        for array in {access.array for access in other.accesses}:
            users[array] = users.get(array, 0) + 1
    total = 0.0
    for group in _groups(shape):
        touched = max(access.pages if pages else access.lines for access in group)
        if math.isfinite(touched):
            total += touched / users[group[0].array]
    return total


def _level_traffic(shape: StatementShape, shapes: list[StatementShape], levels, unit_bytes: int,
                   elements_per_line: int, pages: bool,
                   split: tuple[int, int] | None = None) -> list[float]:
    """Units (lines or pages) brought into each level. The footprint of a loop holds
    every statement inside it; an array group that several statements share (the same
    subscripts in the schedule's coordinates) counts once, its units shared out by the
    statements' accesses.

    `split`: (the dimension of a parallel loop, its threads). A level the threads share
    holds the footprint of that loop, or of a loop around it, for all of them together
    (the rows of a stencil's sweep each is given, at every step of the time loop
    around; what they all read, once), and holds inside that loop each thread's
    footprint in its part of the capacity (the threads run different iterations at
    once). A thread's own level holds its part: the groups that follow the parallel
    dimension divided among the threads, the others whole."""
    loops = shape.loops
    # footprint[j]: lines touched by one run of loops[j:], footprint[len] = one instance;
    # share[j]: this statement's part of them
    footprint = [0.0] * (len(loops) + 1)
    share = [0.0] * (len(loops) + 1)
    footprint[len(loops)] = share[len(loops)] = float(len(_groups(shape)))
    own = list(footprint)       # one thread's part, where `split`
    for j in range(len(loops) - 1, -1, -1):
        dim = loops[j]
        key = _loop_key(shape, dim)
        inside = [other for other in shapes
                  if other is shape or (dim in other.loops and _loop_key(other, dim) == key)]
        groups: dict[tuple, list[tuple[StatementShape, list[_Access]]]] = {}
        for other in inside:
            for k, group in enumerate(_groups(other)):
                first = group[0]
                name = ((first.array, first.coefficients) if first.coefficients is not None
                        else (other.name, k))
                groups.setdefault(name, []).append((other, group))
        for members in groups.values():
            lines = max(_line_span(group, [d for d in other.loops if d >= dim], other,
                                   elements_per_line, pages) for other, group in members)
            total = sum(len(group) for _, group in members)
            mine = sum(len(group) for other, group in members if other is shape)
            footprint[j] += lines
            share[j] += lines * mine / total
            if split is not None:
                coefficients = members[0][1][0].coefficients
                divided = coefficients is not None and any(
                    split[0] < len(row) and row[split[0]] for row in coefficients)
                own[j] += lines / split[1] if divided else lines

    def fits_in(level, j: int) -> bool:
        if split is None:
            return footprint[j] * unit_bytes <= level.capacity
        sharing = max(1, min(level.shared, split[1]))
        if j < len(loops) and loops[j] <= split[0]:
            needed = footprint[j] if sharing > 1 else own[j]
            return needed * unit_bytes <= level.capacity
        return footprint[j] * unit_bytes <= level.capacity / sharing

    result = []
    for level in levels:
        fits = len(loops)
        while fits > 0 and fits_in(level, fits - 1):
            fits -= 1
        if fits == 0:
            result.append(share[0])
        else:
            runs = math.prod(shape.trips[k] for k in loops[:fits - 1])
            result.append(runs * share[fits - 1])
    return result


def _memory_ns(lines: list[float], pages: list[float], machine: Machine) -> float:
    return (sum(count * level.line_ns for count, level in zip(lines, machine.caches))
            + sum(count * level.line_ns for count, level in zip(pages, machine.tlbs)))


# gcc unrolls a loop of a few iterations completely (its max-completely-peel-times is
# 16; nested small loops while their copies stay few): the loop around them is then
# the innermost one, the one it vectorizes (a 5x5 filter: the pixels' loop)
SMALL_TRIP = 8
UNROLLED_COPIES = 64


def vector_loop(shape: StatementShape) -> int | None:
    """The schedule dimension a compiler would vectorize: the innermost loop, or the
    loop around the innermost ones of a few iterations each, which it unrolls."""
    loops = shape.loops
    if not loops:
        return None
    index, copies = len(loops) - 1, 1
    while index > 0 and shape.trips[loops[index]] <= SMALL_TRIP and \
            copies * shape.trips[loops[index]] <= UNROLLED_COPIES:
        copies *= shape.trips[loops[index]]
        index -= 1
    return loops[index]


def guarded_loops(shapes: list[StatementShape]) -> set[tuple]:
    """The loops (``_loop_key``) that run another statement on one of their iterations:
    a statement at a constant value of the loop's dimension, among its values, under
    the same outer loops and positions (a boundary row's update fused into the sweep
    of the inner rows). The generated loop tests for that iteration in its body, and
    gcc vectorizes no loop with such a test in it (measured: a column model's sweep
    2x slower than as written, where both models counted it vectorized)."""
    points: dict[tuple, list[int]] = {}
    for shape in shapes:
        for dim, value in enumerate(shape.constants):
            if value is not None and shape.trips[dim] == 1:
                points.setdefault(_loop_key(shape, dim), []).append(value)
    guarded = set()
    for shape in shapes:
        for dim in shape.loops:
            key, span = _loop_key(shape, dim), shape.spans[dim] if shape.spans else None
            if span is not None and any(span[0] <= value <= span[1]
                                        for value in points.get(key, ())):
                guarded.add(key)
    return guarded


def _vectorized(shape: StatementShape, machine: Machine, innermost: int | None,
                guarded: set[tuple] = frozenset()) -> bool:
    """Whether the compiler vectorizes `innermost`, the shape's ``vector_loop``
    (`guarded`: ``guarded_loops`` of the schedule)."""
    if innermost is None or _loop_key(shape, innermost) in guarded:
        return False
    if innermost in shape.vector_carried or shape.trips[innermost] < 2 * machine.vector_width:
        return False
    for access in shape.accesses:
        if access.rank == 0:
            if access.is_write:
                return False
            continue
        if access.coefficients is None:
            return False
        column = [row[innermost] for row in access.coefficients]
        if any(column[:-1]) or abs(column[-1]) * shape.steps[innermost] > 1:
            return False
    return True


def _loop_key(shape: StatementShape, dim: int) -> tuple:
    return (dim, tuple(shape.constants[:dim]))


def _parallel_loop(shape: StatementShape, serial_loops: set[tuple]) -> tuple[int, int] | None:
    """(depth, dim) of the statement's outermost loop no statement inside carries."""
    for depth, dim in enumerate(shape.loops):
        if dim not in shape.carried and _loop_key(shape, dim) not in serial_loops:
            return depth, dim
    return None


def _region_work(shape: StatementShape, dim: int) -> float:
    """Work one region of the loop at `dim` does for this statement, in the units of
    codegen.granularity (operations and accesses per instance)."""
    regions = math.prod(shape.trips[:dim])
    return shape.instances / max(1, regions) * (shape.operations + len(shape.accesses))


def estimate(shapes: list[StatementShape], machine: Machine, parallel: bool = True,
             registers: dict[str, tuple[float, float]] | None = None) -> Estimate:
    """Predicted time of the statements as scheduled; `parallel` False: no OpenMP.
    `registers`: per statement whose tile's point loops get a register tile, what the
    tile saves (``scheduler.registers.register_gains``: its compute divided by the
    first, the entries of its loops by the second)."""
    # A loop is parallel if no statement inside it has a dependence carried there.
    serial_loops: set[tuple] = set()
    for shape in shapes:
        for dim in shape.carried:
            serial_loops.add(_loop_key(shape, dim))
    # As the code generator does (codegen.granularity), a loop whose region would do
    # too little work stays serial, and the loops inside it too.
    chosen: dict[str, tuple[int, int]] = {}
    work: dict[tuple, float] = {}
    if parallel and machine.threads > 1:
        for shape in shapes:
            found = _parallel_loop(shape, serial_loops)
            if found is not None:
                chosen[shape.name] = found
                key = _loop_key(shape, found[1])
                work[key] = work.get(key, 0.0) + _region_work(shape, found[1])
    regions_of: dict[tuple, float] = {}
    costs = []
    guarded = guarded_loops(shapes)
    for shape in shapes:
        instances = shape.instances
        vector_dim = vector_loop(shape)
        vectorized = _vectorized(shape, machine, vector_dim, guarded)
        compute = instances * (shape.operations * machine.op_ns
                               + len(shape.accesses) * machine.access_ns)
        if vectorized:
            compute /= machine.vector_width
        elif shape.loops and shape.loops[-1] in shape.recurrent:
            compute = max(compute, instances * shape.chain * machine.latency_ns)
        lines, pages = _cache_lines(shape, shapes, machine), _tlb_pages(shape, shapes, machine)
        memory = _memory_ns(lines, pages, machine)
        entries = 0.0
        for dim in shape.loops:       # (the loops inside the vector loop are unrolled)
            if dim <= vector_dim:
                entries += math.prod(shape.trips[:dim])
        loop = entries * (machine.loop_ns + (machine.skewed_loop_ns if shape.skewed else 0.0))
        if registers and shape.name in registers:
            gain, copies = registers[shape.name]
            compute, loop = compute / gain, loop / copies
        parallel_dim = parallel_depth = None
        speedup, regions = 1.0, 0.0
        found = chosen.get(shape.name)
        if found is not None and work[_loop_key(shape, found[1])] >= machine.min_region_work:
            depth, dim = found
            parallel_dim, parallel_depth = dim, depth
            trip = shape.trips[dim]
            speedup = trip / math.ceil(trip / machine.threads)
            regions = float(math.prod(shape.trips[:dim]))
            key = _loop_key(shape, dim)
            regions_of[key] = max(regions_of.get(key, 0.0), regions)
        serial_memory = serial_lines = None
        if parallel_dim is not None and any(min(level.shared, machine.threads) > 1
                                            for level in machine.caches):
            serial_memory, serial_lines = memory, lines
            lines = _cache_lines(shape, shapes, machine, (parallel_dim, machine.threads))
            memory = _memory_ns(lines, pages, machine)
        costs.append(StatementCost(shape.name, instances, compute, memory, loop, vectorized,
                                   parallel_dim, parallel_depth, speedup, regions, lines,
                                   serial_memory, serial_lines))
    total_regions = sum(regions_of.values())
    nanoseconds = _work_ns(costs)
    nanoseconds += total_regions * machine.region_ns + (machine.team_ns if total_regions else 0.0)
    return Estimate(nanoseconds * 1e-9, costs, total_regions)
