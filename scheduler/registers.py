"""Register tiles: unroll-and-jam of a tile's point loops, chosen by a model of the
registers and the load/store ports.

Inside a rectangular tile the point loops are a permutable band, so any of them may be
strip-mined and its strip moved inside the others (Callahan, Carr, Kennedy's
unroll-and-jam; the register tiling of Polly's matrix-multiplication optimization and
of BLIS's micro-kernels). The point band is tiled once more, by the *register tile*
``U`` (one factor per member, 1 for the innermost, stride-1 loop), and isl's AST
generator unrolls the inner band: each iteration of the innermost loop then executes
``prod(U)`` copies of each statement, which share their loads in registers. In a matrix
product ``C[i][j] += A[i][k] * B[k][j]`` with ``j`` innermost, unrolling ``i`` by 8 and
``k`` by 4 keeps 8 vectors of ``C`` across 4 steps of ``k`` and reuses each vector of
``B`` for 8 rows: 12 vector loads and 8 stores for 32 multiply-adds instead of 2 loads
and a store for each. The C compiler vectorizes the innermost loop as before.

The factors come from a throughput model of one iteration of the innermost loop (the
copies of all statements in it), per copy of a statement:

* loads: the distinct addresses its references read (a reference that does not move
  with an unrolled loop is read once for all its copies; references that differ by a
  constant are the same address in neighbouring copies, a stencil's rows), two per
  cycle;
* stores: the distinct addresses written, one per cycle;
* arithmetic: half the binary operations that take an array element (a multiply and
  an add fuse; those on scalars alone the compiler hoists), at least one, two per
  cycle;
* the longest chain of updates of one element (``C[i][j] += ...`` in copies along a
  reduction): each waits for the one before, ``CHAIN_CYCLES`` (an add's latency) each;

the cycles of the iteration are the largest of the four (a chain of one update costs
nothing: it overlaps with the iterations before), plus ``LOOP_CYCLES`` for the loop's
own increment and branch.

An element that a statement accumulates along the innermost loop (a dot product,
``s[i][j] += A[i][k] * B[j][k]`` with ``k`` innermost) is different: it stays in a
register for the whole loop (``codegen.registers`` loads it before the loop and stores
it after), costs no load or store per iteration, but each update waits for the one of
the iteration before: ``CHAIN_CYCLES`` times its updates per iteration, however few.
Its copies are independent chains: unrolled by 4 and 2 (``i``, ``j``), eight sums
advance together, each in the original order of ``k`` (results are bit-identical),
and the loads of ``A`` and ``B`` are shared by the copies along the other member.

The factors (powers of two, each dividing its member's tile size) minimize the cycles
per statement copy, where the distinct vectors (references that move with the innermost
loop) fit in the machine's vector registers less four and the copies of all statements
stay within ``MAX_COPIES``; a register tile that saves less than ``MIN_GAIN`` of the
cycles, or of the loads and stores (it must share elements in registers), is not made.
Only bands whose members are single iterators of each statement (no skew) and that
have no band below them (the innermost point loop is the innermost loop) are
considered, and only
where every element written either moves with the innermost loop or is accumulated
along it (read and written by one statement) by a statement that moves with it (a
statement fused into the band at one value of the innermost member would run under a
test inside the loop; a scalar assigned in every iteration is no sum). An array the
copies write must be referenced with one shape of subscripts (up to constants), or its
elements could not be kept in locals exactly (``codegen.registers``).
"""

from __future__ import annotations

import itertools
import math
import os
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import islpy as isl
from pycparser import c_ast

from polyopt.core.marks import MAX_REGISTER_FACTOR, REGISTER_MARK
from polyopt.core.scop import Scop
from polyopt.scheduler.bands import tile_band
from polyopt.scheduler.locality import CONSTANT, iterator_of_member

MAX_COPIES = 48          # statement copies in one iteration of the innermost loop
FACTORS = tuple(1 << k for k in range(MAX_REGISTER_FACTOR.bit_length()))
MIN_GAIN = 0.25          # the share of cycles per copy a register tile must save
RESERVED_REGISTERS = 4   # vector registers the compiler needs besides the reused values
LOADS_PER_CYCLE = 2.0
STORES_PER_CYCLE = 1.0
OPERATIONS_PER_CYCLE = 2.0
# an update of one written address waits for the previous one (an add's latency, 4
# cycles), partly hidden by the next iterations of the innermost loop
CHAIN_CYCLES = 4.0
LOOP_CYCLES = 1.0        # the loop's own increment, test and branch, per iteration


REGISTERS_VARIABLE = "POLYOPT_VECTOR_REGISTERS"


@cache
def vector_registers() -> int:
    """The vector registers of this CPU: 32 with AVX-512 (also for 256-bit vectors,
    ymm16-31), else 16 (AVX2, SSE, and what the model assumes elsewhere); the
    environment's POLYOPT_VECTOR_REGISTERS instead where set (a target machine
    other than this one)."""
    given = os.environ.get(REGISTERS_VARIABLE, "").strip()
    if given.isdigit() and int(given) > RESERVED_REGISTERS:
        return int(given)
    try:
        text = Path("/proc/cpuinfo").read_text(errors="replace")
    except OSError:
        return 16
    for line in text.splitlines():
        if line.startswith("flags"):
            return 32 if "avx512f" in line.split() else 16
    return 16


@dataclass(frozen=True)
class _Reference:
    write: bool
    array: str
    moves_innermost: bool
    # per subscript: (the rest of the subscript, without band iterators and constant:
    # (name, coefficient) pairs; the coefficient of each band member's iterator; the constant)
    subscripts: tuple[tuple[tuple, tuple[int, ...], int], ...]
    statement: str
    update: bool = False       # a write of the element the statement also reads

    def address(self, copy: tuple[int, ...]) -> tuple:
        return (self.array, tuple((rest, coefficients,
                                   constant + sum(c * u for c, u in zip(coefficients, copy)))
                                  for rest, coefficients, constant in self.subscripts))


@dataclass(frozen=True)
class _Statement:
    name: str
    operations: int
    follows: tuple[bool, ...]      # per member: does the statement move with it


def _operations(body: c_ast.Node) -> int:
    """Binary operations of a statement that take an array element (a compound
    assignment counting as one): those on scalars alone stay out of the loop."""
    count = 0

    def has_element(node: c_ast.Node) -> bool:
        return isinstance(node, c_ast.ArrayRef) or any(has_element(child)
                                                       for _, child in node.children())

    class Counter(c_ast.NodeVisitor):
        def visit_BinaryOp(self, node):
            nonlocal count
            if has_element(node):
                count += 1
            self.generic_visit(node)

        def visit_Assignment(self, node):
            nonlocal count
            if node.op != "=":
                count += 1
            self.generic_visit(node)

    Counter().visit(body)
    return count


def _rest(aff: isl.Aff, names: list[str], members: list[int]) -> tuple | None:
    """A subscript's terms outside the band: parameters and outer iterators, by name
    (statements of one band share their outer loops), None where it has divisions."""
    if aff.dim(isl.dim_type.div):
        return None
    terms = []
    for kind, count, name_of in ((isl.dim_type.param, aff.dim(isl.dim_type.param),
                                  lambda k: aff.get_dim_name(isl.dim_type.param, k)),
                                 (isl.dim_type.in_, aff.dim(isl.dim_type.in_),
                                  lambda k: names[k] if k < len(names) else f"#{k}")):
        for k in range(count):
            if kind == isl.dim_type.in_ and k in members:
                continue
            value = aff.get_coefficient_val(kind, k).to_python()
            if value:
                terms.append((name_of(k), value))
    return tuple(sorted(terms))


def _band_model(node: isl.ScheduleNode, scop: Scop, innermost: int
                ) -> tuple[list[_Reference], list[_Statement]] | None:
    n = node.band_n_member()
    partial = node.band_get_partial_schedule_union_map().intersect_domain(node.get_domain())
    relations: list[isl.Map] = []
    partial.foreach_map(relations.append)
    references: list[_Reference] = []
    statements: list[_Statement] = []
    for relation in relations:
        statement = scop.statement(relation.get_tuple_name(isl.dim_type.in_))
        iterators = [iterator_of_member(relation, member) for member in range(n)]
        if any(iterator is None for iterator in iterators):
            return None
        statements.append(_Statement(statement.name, _operations(statement.body),
                                     tuple(iterator != CONSTANT for iterator in iterators)))
        for access in statement.accesses:
            subscripts = isl.PwMultiAff.from_map(access.relation)
            described = []
            moves = False
            for position in range(access.relation.dim(isl.dim_type.out)):
                pieces = subscripts.get_pw_aff(position).get_pieces()
                if len(pieces) != 1:
                    return None
                aff = pieces[0][1]
                coefficients = tuple(0 if iterator == CONSTANT else
                                     aff.get_coefficient_val(isl.dim_type.in_, iterator).to_python()
                                     for iterator in iterators)
                constant = aff.get_constant_val()
                if not constant.is_int():
                    return None
                rest = _rest(aff, statement.iterators, iterators)
                if rest is None:
                    return None
                described.append((rest, coefficients, constant.to_python()))
                moves = moves or coefficients[innermost] != 0
            references.append(_Reference(access.is_write, access.array, moves, tuple(described),
                                         statement.name))
    for k, reference in enumerate(references):
        if reference.write and any(not other.write and other.statement == reference.statement
                                   and other.array == reference.array
                                   and other.subscripts == reference.subscripts
                                   for other in references):
            references[k] = replace(reference, update=True)
    return references, statements


@dataclass(frozen=True)
class _Cost:
    cycles: float       # per copy
    memory: float       # cycles of the loads and stores alone, per copy
    vectors: int        # vector registers


def _count(statement: _Statement, factors: list[int]) -> int:
    """The copies of `statement` in one iteration of the innermost loop."""
    return math.prod(f if moves else 1 for f, moves in zip(factors, statement.follows))


def _cycles(references: list[_Reference], statements: list[_Statement],
            factors: list[int]) -> _Cost:
    """The cost of one iteration of the innermost loop under the register tile `factors`."""
    follows = {s.name: s.follows for s in statements}
    loads: set = set()
    stores: set = set()
    vectors: set = set()
    chains: dict = {}
    carried: dict = {}      # accumulated along the innermost loop: updates per iteration
    accumulated = _accumulated(references)
    ranges = [range(f) for f in factors]
    operations = sum(_count(statement, factors) * max(1.0, statement.operations / 2)
                     for statement in statements)
    for reference in references:
        for copy in itertools.product(*ranges):
            if any(u and not moves for u, moves in zip(copy, follows[reference.statement])):
                continue
            address = reference.address(copy)
            if reference.array in accumulated:
                # in a register across the loop
                carried[address] = carried.get(address, 0) + (1 if reference.write else 0)
                continue
            (stores if reference.write else loads).add(address)
            if reference.update:
                chains[address] = chains.get(address, 0) + 1
            if reference.moves_innermost:
                vectors.add(address)
    memory = max(len(loads) / LOADS_PER_CYCLE, len(stores) / STORES_PER_CYCLE)
    chain = max(chains.values(), default=0)
    carried_chain = max(carried.values(), default=0)
    cycles = max(memory, operations / OPERATIONS_PER_CYCLE,
                 chain * CHAIN_CYCLES if chain > 1 else 0,
                 carried_chain * CHAIN_CYCLES) + LOOP_CYCLES
    unrolled = math.prod(factors)
    return _Cost(cycles / unrolled, memory / unrolled, len(vectors) + len(carried))


def _accumulated(references: list[_Reference]) -> set[str]:
    """The arrays whose elements the band's statements accumulate along the innermost
    loop: written by references that do not move with it."""
    return {r.array for r in references if r.write and not r.moves_innermost}


def _band_below(node: isl.ScheduleNode) -> bool:
    """Whether a band is at or below `node` in the schedule tree."""
    if node.get_type() == isl.schedule_node_type.band:
        return True
    return any(_band_below(node.child(k)) for k in range(node.n_children()))


def _one_shape(references: list[_Reference], array: str) -> bool:
    """Whether every reference to `array` has the same subscripts up to constants: then
    two of them are one element exactly where their constants agree (codegen.registers
    keeps the elements of such an array in locals; of another array written in the
    copies, ``A[i][j] -= A[i][k] * A[k][j]``, two references may be one element for some
    values of the iterators, and the copies could not keep it)."""
    shapes = {tuple((rest, coefficients) for rest, coefficients, _ in r.subscripts)
              for r in references if r.array == array}
    return len(shapes) == 1


def register_factors(node: isl.ScheduleNode, scop: Scop, order: list[int],
                     tile_sizes: list[int], registers: int | None = None,
                     sums: bool = True) -> list[int] | None:
    """The register tile of a permutable band, one factor per member in member order
    (1 for the innermost point loop `order[-1]`), or None where none pays (see the
    module). `tile_sizes` are the band's tile sizes in member order. Without `sums`,
    a band that accumulates along the innermost loop gets none."""
    innermost = order[-1]
    if _band_below(node.child(0)):
        return None       # the point loops are not the innermost: copies would take loops in
    model = _band_model(node, scop, innermost)
    if model is None:
        return None
    references, statements = model
    follows = {s.name: s.follows for s in statements}
    if not statements or any(r.write and not r.moves_innermost
                             and not (r.update and follows[r.statement][innermost])
                             for r in references):
        return None       # an element written along the loop, not accumulated (a scalar
        # assigned in each iteration), or once under a test inside the loop
    if not sums and _accumulated(references):
        return None
    if any(not _one_shape(references, array) for array in {r.array for r in references if r.write}):
        return None       # the copies' elements of a written array cannot be kept in locals
    budget = (registers or vector_registers()) - RESERVED_REGISTERS
    n = node.band_n_member()
    choices = []
    for member in range(n):
        size = tile_sizes[member]
        if member == innermost or size <= 1:
            choices.append((1,))
        else:
            choices.append(tuple(f for f in FACTORS if f <= size and size % f == 0))
    base = _cycles(references, statements, [1] * n)
    best, best_key = None, None
    for factors in itertools.product(*choices):
        factors = list(factors)
        if all(f == 1 for f in factors):
            continue
        if sum(_count(statement, factors) for statement in statements) > MAX_COPIES:
            continue          # too many copies (before _cycles walks them)
        cost = _cycles(references, statements, factors)
        if cost.vectors > budget or cost.memory > (1 - MIN_GAIN) * base.memory:
            continue          # too many registers, or nothing shared in registers
        key = (round(cost.cycles, 6), math.prod(factors))
        if best_key is None or key < best_key:
            best, best_key = factors, key
    if best is None or best_key[0] > (1 - MIN_GAIN) * base.cycles:
        return None
    return best


def register_gains(node: isl.ScheduleNode, scop: Scop, innermost: int, factors: list[int],
                   full: float = 1.0) -> dict[str, tuple[float, float]]:
    """What the register tile `factors` (``register_factors``'s, member order) of a
    permutable band saves, per statement of the band, for the cost model
    (``scheduler.cost.estimate``): the cycles per statement copy of an iteration of the
    innermost loop without the tile over those with it, and the copies of the statement
    in that iteration (the loop's entries are divided by them); both over the share
    `full` of the instances that run in full tiles (only those get the register tile),
    the rest as they are. Empty where the model does not apply."""
    model = _band_model(node, scop, innermost)
    if model is None:
        return {}
    references, statements = model
    base = _cycles(references, statements, [1] * len(factors))
    tiled = _cycles(references, statements, factors)
    gain = max(base.cycles / tiled.cycles, 1.0) if tiled.cycles > 0 else 1.0

    def over_full(ratio: float) -> float:
        return 1.0 / (full / ratio + (1.0 - full))

    return {statement.name: (over_full(gain), over_full(_count(statement, factors)))
            for statement in statements}


def register_tile(point: isl.ScheduleNode, factors: list[int]) -> isl.ScheduleNode:
    """The point band `point` tiled by `factors` (member order), the inner band (the
    copies, loops of at most the factors' iterations inside the innermost point loop)
    under a ``REGISTER_MARK``; the node returned is the register-tile band (at
    `point`'s position). isl's own unrolling costs its AST generator ten times the
    time of the tiles (the partial tiles' guards); the C compiler's complete unrolling
    of the constant loops of full tiles costs nothing."""
    copies = tile_band(point, factors).child(0)
    return copies.insert_mark(isl.Id.read_from_str(point.get_ctx(), REGISTER_MARK)).parent()
