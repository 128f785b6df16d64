"""Checking a generated isl AST against the schedule it came from.

isl's AST generator has been seen to emit, for some legal tiled schedule trees,
loop nests that compute something else (``tests/test_isl_ast_bug.py``). This
module reads the AST back into polyhedra, with the C meaning of what polyopt
prints (``/`` and ``%`` truncate, ``floord`` floors, ``for`` runs from its init
while its condition holds), and checks three things:

- every instance of the domain is executed, and exactly once;
- the order of execution respects every dependence;
- a loop marked parallel (or SIMD) carries no dependence.

The order of execution is a vector per executed instance: each ``for`` adds its
iterator, each block adds the position of the child, each ``if`` adds 0 (then)
or 1 (else), marks add nothing. Vectors are padded with zeros to one length.
Two paths through the AST part at a block or an ``if``, where their vectors
differ by a constant that orders them as the program does (the same outer
iterator values cannot take both branches of an ``if``), so the lexicographic
order of the vectors is the order of execution.

All of it is parametric: "right" holds for every value of the parameters. The
check has an isl operation budget; past it, or on a construct it does not
model, it answers "cannot tell".
"""

from __future__ import annotations

import bisect

from dataclasses import dataclass

import islpy as isl

from polyopt.codegen.ast import union_maps
from polyopt.core.operations import isl_operations
from polyopt.core.timebox import Beside, TimeBoxExceeded, TimeBoxFailed, call_with_cpu_limit

op = isl.ast_expr_op_type

# isl operations each half of one check may use (3,000,000 for the whole, as when
# it was one); past it the AST is reported unchecked.
CHECK_BUDGET = 1_500_000


class _Unsupported(Exception):
    """An AST construct this module does not model."""


@dataclass
class AstCheck:
    """What the check found: ``correct`` True, False, or None (could not tell)."""

    correct: bool | None
    reason: str = ""
    ran: int = 0        # None from run_checks: the parameter values run and found right


@dataclass
class _Loop:
    depth: int                      # index of its iterator in the execution vector
    parallel: bool


@dataclass
class _Executed:
    domain: isl.Set                 # values of the enclosing iterators
    statement: isl.Map              # those values -> statement instance
    vector: list[tuple[str, int]]   # ("position", k in its block) or ("iterator", its dim)
    loops: list[_Loop]              # enclosing loops


class _Reader:
    """Walks an isl AST; collects, per user node, what it executes and when."""

    def __init__(self, context: isl.Set, parallel_mark: str | tuple[str, ...] | None):
        self.parallel_mark = parallel_mark
        self.start = isl.Set.from_params(context)
        self.executed: list[_Executed] = []

    def read(self, root: isl.AstNode) -> None:
        self._node(root, self.start, [], [], [])

    # -- nodes -------------------------------------------------------------
    def _node(self, node: isl.AstNode, domain: isl.Set, names: list[str], vector: list,
              loops: list[_Loop]) -> None:
        if domain.is_empty():
            return
        kind = node.get_type()
        if kind == isl.ast_node_type.block:
            children = node.block_get_children()
            for k in range(children.n_ast_node()):
                self._node(children.get_at(k), domain, names, vector + [("position", k)], loops)
        elif kind == isl.ast_node_type.mark:
            self._node(node.mark_get_node(), domain, names, vector, loops)
        elif kind == isl.ast_node_type.if_:
            condition = self._condition(node.if_get_cond(), domain, names)
            self._node(node.if_get_then_node(), domain.intersect(condition), names,
                       vector + [("position", 0)], loops)
            if node.if_has_else_node():
                self._node(node.if_get_else_node(), domain.subtract(condition), names,
                           vector + [("position", 1)], loops)
        elif kind == isl.ast_node_type.for_:
            self._for(node, domain, names, vector, loops)
        elif kind == isl.ast_node_type.user:
            self._user(node.user_get_expr(), domain, names, vector, loops)
        else:
            raise _Unsupported(f"AST node {kind}")

    def _for(self, node: isl.AstNode, domain: isl.Set, names: list[str], vector: list,
             loops: list[_Loop]) -> None:
        iterator = node.for_get_iterator().get_id().get_name()
        position = domain.dim(isl.dim_type.set)
        inner = domain.add_dims(isl.dim_type.set, 1).set_dim_name(isl.dim_type.set, position,
                                                                  iterator)
        names = names + [iterator]
        value = isl.PwAff.var_on_domain(isl.LocalSpace.from_space(inner.get_space()),
                                        isl.dim_type.set, position)
        init = self._value(node.for_get_init(), inner, names)
        if node.for_is_degenerate():          # printed as `const int c = init;`
            inner = inner.intersect(value.eq_set(init))
        else:
            increment = node.for_get_inc()
            if increment.get_type() != isl.ast_expr_type.int:
                raise _Unsupported("a loop increment that is not a constant")
            step = increment.get_val()
            if not step.is_pos():
                raise _Unsupported("a loop increment that is not positive")
            condition = self._condition(node.for_get_cond(), inner, names)
            on_stride = value.sub(init).mod_val(step).zero_set()
            candidates = inner.intersect(value.ge_set(init)).intersect(on_stride)
            # The C loop stops at the first value failing its condition: it runs
            # over all candidates satisfying it only if that set has no gap.
            shifted = self._shifted(condition, position, step)
            gaps = (candidates.intersect(condition)
                    .intersect(value.ge_set(init.add(_constant(inner, step))))
                    .subtract(shifted))
            if not gaps.is_empty():
                raise _Unsupported(f"loop '{iterator}': its condition is not an upper bound")
            inner = candidates.intersect(condition)
        marks = ((self.parallel_mark,) if isinstance(self.parallel_mark, str)
                 else self.parallel_mark or ())
        parallel = _annotation(node) in marks
        loop = _Loop(len(vector), parallel)
        self._node(node.for_get_body(), inner, names, vector + [("iterator", position)],
                   loops + [loop])

    @staticmethod
    def _shifted(condition: isl.Set, position: int, step: isl.Val) -> isl.Set:
        """The points whose previous iteration (iterator - step) satisfies `condition`."""
        space = condition.get_space()
        moved = isl.Aff.var_on_domain(isl.LocalSpace.from_space(space), isl.dim_type.set,
                                      position).add_constant_val(step.neg())
        shift = isl.MultiAff.identity(space.map_from_set()).set_aff(position, moved)
        return condition.preimage_multi_aff(shift)

    def _user(self, call: isl.AstExpr, domain: isl.Set, names: list[str], vector: list,
              loops: list[_Loop]) -> None:
        if call.get_type() != isl.ast_expr_type.op or call.get_op_type() != op.call:
            raise _Unsupported("a user node that is not a call")
        statement = call.get_op_arg(0).get_id().get_name()
        relation = isl.Map.from_domain(domain)
        for k in range(1, call.get_op_n_arg()):
            relation = relation.flat_range_product(
                isl.Map.from_pw_aff(self._value(call.get_op_arg(k), domain, names)))
        relation = relation.set_tuple_name(isl.dim_type.out, statement)
        self.executed.append(_Executed(domain, relation, list(vector), list(loops)))

    # -- expressions -------------------------------------------------------
    def _value(self, expr: isl.AstExpr, domain: isl.Set, names: list[str]) -> isl.PwAff:
        space = domain.get_space()
        kind = expr.get_type()
        if kind == isl.ast_expr_type.int:
            return _constant(domain, expr.get_val())
        if kind == isl.ast_expr_type.id:
            name = expr.get_id().get_name()
            ls = isl.LocalSpace.from_space(space)
            if name in names:
                return isl.PwAff.var_on_domain(ls, isl.dim_type.set,
                                               len(names) - 1 - names[::-1].index(name))
            position = space.find_dim_by_name(isl.dim_type.param, name)
            if position < 0:
                raise _Unsupported(f"unknown name '{name}'")
            return isl.PwAff.var_on_domain(ls, isl.dim_type.param, position)
        operation = expr.get_op_type()
        args = [expr.get_op_arg(k) for k in range(expr.get_op_n_arg())]
        if operation in _COMPARISONS or operation in _LOGICAL:
            return self._condition(expr, domain, names).indicator_function()
        values = [self._value(arg, domain, names) for arg in args]
        if operation == op.minus:
            return values[0].neg()
        if operation in _ARITHMETIC:
            return _ARITHMETIC[operation](values[0], values[1])
        if operation in (op.min, op.max):
            result = values[0]
            for value in values[1:]:
                result = result.min(value) if operation == op.min else result.max(value)
            return result
        if operation in (op.cond, op.select):
            selector = self._condition(args[0], domain, names).indicator_function()
            return selector.cond(values[1], values[2])
        raise _Unsupported(f"AST operation {operation}")

    def _condition(self, expr: isl.AstExpr, domain: isl.Set, names: list[str]) -> isl.Set:
        if expr.get_type() == isl.ast_expr_type.op:
            operation = expr.get_op_type()
            if operation in _LOGICAL:
                left = self._condition(expr.get_op_arg(0), domain, names)
                right = self._condition(expr.get_op_arg(1), domain, names)
                return left.intersect(right) if operation in (op.and_, op.and_then) \
                    else left.union(right)
            if operation in _COMPARISONS:
                left = self._value(expr.get_op_arg(0), domain, names)
                right = self._value(expr.get_op_arg(1), domain, names)
                return getattr(left, _COMPARISONS[operation])(right)
        return self._value(expr, domain, names).non_zero_set()


def _annotation(node: isl.AstNode) -> str | None:
    try:
        annotation = node.get_annotation()
    except isl.Error:           # none
        return None
    return annotation.get_name() if annotation is not None else None


def _constant(domain: isl.Set, value: isl.Val) -> isl.PwAff:
    return isl.PwAff.val_on_domain(isl.Set.universe(domain.get_space()), value)


# The C meaning of what ExpressionPrinter prints: `/` and `%` truncate.
_ARITHMETIC = {
    op.add: lambda a, b: a.add(b),
    op.sub: lambda a, b: a.sub(b),
    op.mul: lambda a, b: a.mul(b),
    op.div: lambda a, b: a.tdiv_q(b),
    op.pdiv_q: lambda a, b: a.tdiv_q(b),
    op.pdiv_r: lambda a, b: a.tdiv_r(b),
    op.zdiv_r: lambda a, b: a.tdiv_r(b),
    op.fdiv_q: lambda a, b: a.div(b).floor(),
}
_COMPARISONS = {op.eq: "eq_set", op.le: "le_set", op.lt: "lt_set", op.ge: "ge_set",
                op.gt: "gt_set"}
_LOGICAL = (op.and_, op.and_then, op.or_, op.or_else)


def check_ast(root: isl.AstNode, domain: isl.UnionSet, dependences: isl.UnionMap,
              context: isl.Set, parallel_mark: str | tuple[str, ...] | None = None,
              private: dict[str, tuple[isl.UnionMap, isl.UnionSet]] | None = None) -> AstCheck:
    """Does the AST execute every instance of `domain` once, in an order that respects
    `dependences`, with no dependence carried by a loop annotated `parallel_mark`
    (or any of them, a tuple)? With `private` (scalar -> its flow dependences and
    the instances that write it; polyopt.scheduler.privatize), does each value of those
    scalars live whole in the one copy a thread has (_private)?

    The two halves of the check (every instance once; the order and the parallel
    loops) run side by side where there is a second CPU (timebox.Beside), each
    with half the operation budget. A wrong AST found by either is the verdict; else
    "cannot tell" from either; else right."""
    # (what the check uses does not count against the caller)
    with isl_operations(context.get_ctx(), CHECK_BUDGET, reset_after=True):
        try:
            reader = _Reader(context, parallel_mark)
            reader.read(root)
        except (_Unsupported, isl.Error) as error:
            return _cannot_tell(error)
        expected = domain.intersect_params(context)
        by_statement: dict[str, list[_Executed]] = {}
        for executed in reader.executed:
            by_statement.setdefault(executed.statement.get_tuple_name(isl.dim_type.out),
                                    []).append(executed)
        coverage = Beside(COVERAGE_SECONDS, _guarded, _coverage, expected, by_statement)
        try:
            try:
                order = call_with_cpu_limit(ORDER_SECONDS, _ordered, expected, by_statement,
                                            dependences, private)[0]
            except (TimeBoxExceeded, TimeBoxFailed) as error:
                order = AstCheck(None, f"the check of the order: {error}")
            try:
                covered = coverage.result()
            except (TimeBoxExceeded, TimeBoxFailed) as error:
                covered = AstCheck(None, f"the check of every instance: {error}")
        finally:
            coverage.stop()
    for verdict in (False, None):
        for half in (covered, order):
            if half.correct is verdict:
                return half
    return AstCheck(True)


# CPU seconds each half of the check may take in its own process. The budget of isl
# operations does not bound every isl call: one emptiness test of the dependent pairs
# of a skewed tiling's flat map took 75 s (a GA winner of seidel-2d), past the
# pipeline's time box, which then left the SCoP as written. Past these limits the
# check cannot tell, and the run check (run_checks) still finds wrong code.
COVERAGE_SECONDS = 10.0
ORDER_SECONDS = 10.0


def _ordered(expected: isl.UnionSet, by_statement: dict[str, list[_Executed]],
             dependences: isl.UnionMap,
             private: dict[str, tuple[isl.UnionMap, isl.UnionSet]] | None) -> AstCheck:
    """The second half of check_ast: the order and the parallel loops, then the
    private scalars."""
    order = _guarded(_order, expected, by_statement, dependences)
    if order.correct and private:
        order = _guarded(_private, expected, by_statement, private)
    return order


def _guarded(half, *args) -> AstCheck:
    """half(*args), with what it cannot model or runs out of budget for as "cannot tell"."""
    try:
        return half(*args)
    except (_Unsupported, isl.Error) as error:
        return _cannot_tell(error)


def _cannot_tell(error: Exception) -> AstCheck:
    if isinstance(error, _Unsupported):
        return AstCheck(None, str(error))
    return AstCheck(None, f"isl: {error}".splitlines()[0])


def _coverage(expected: isl.UnionSet, by_statement: dict[str, list[_Executed]]) -> AstCheck:
    """Is every instance of `expected` executed, and exactly once? (What isl's bug breaks.)"""
    statements = {s.get_tuple_name(): s for s in _sets(expected)}
    for name, instances in statements.items():
        if name not in by_statement and not instances.is_empty():
            return AstCheck(False, f"it does not execute {_example(instances)}")
    for name, pieces in by_statement.items():
        if name not in statements:
            return AstCheck(False, f"it executes '{name}', which is not in the domain")
        done = None
        for executed in pieces:
            instances = executed.statement.range()
            if done is not None and not done.intersect(instances).is_empty():
                return AstCheck(False, f"some instance of {name} is executed more than once")
            done = instances if done is None else done.union(instances)
        # The instances executed, for the subset tests: the pieces' maps (from
        # iterator values of loops of different depths) coalesced as one union
        # before their range is taken. A tiled loop's pieces then come in a few
        # simple sets instead of one per piece with the tiles' existentials, and
        # the tests take a half to a third of the time.
        executed_maps = isl.UnionMap.from_map(pieces[0].statement)
        for executed in pieces[1:]:
            executed_maps = executed_maps.union(isl.UnionMap.from_map(executed.statement))
        done = isl.Set.from_union_set(executed_maps.coalesce().range())
        if not statements[name].is_subset(done):
            return AstCheck(False, "it does not execute "
                                   + _example(statements[name].subtract(done)))
        if not done.is_subset(statements[name]):
            return AstCheck(False, f"it executes instances of {name} that are not in the domain")
        for executed in pieces:
            # coalesced first: the same map in fewer pieces (a tiled loop's domain comes
            # in dozens), which the injectivity test pairs with each other
            if not executed.statement.coalesce().is_injective():
                return AstCheck(False, f"some instance of {name} is executed more than once")
    return AstCheck(True)


def _parts(by_statement: dict[str, list[_Executed]]
           ) -> dict[str, list[tuple[_Executed, isl.Map]]]:
    """Per statement: (user node, its instance -> execution vector map)."""
    length = max((len(executed.vector) for pieces in by_statement.values()
                  for executed in pieces), default=0)
    parts: dict[str, list[tuple[_Executed, isl.Map]]] = {}
    for name, pieces in by_statement.items():
        for executed in pieces:
            when = executed.statement.reverse().apply_range(
                _execution_vector(executed, length))
            parts.setdefault(name, []).append((executed, when.coalesce()))
    return parts


def _order(expected: isl.UnionSet, by_statement: dict[str, list[_Executed]],
           dependences: isl.UnionMap) -> AstCheck:
    """Does the order of execution respect every dependence among `expected`'s
    instances, and does no loop marked parallel carry one?"""
    parts = _parts(by_statement)
    backward = None
    relevant = dependences.intersect_domain(expected).intersect_range(expected)
    for dependence in union_maps(relevant):
        source = parts.get(dependence.get_tuple_name(isl.dim_type.in_), [])
        target = parts.get(dependence.get_tuple_name(isl.dim_type.out), [])
        for first, first_when in source:
            from_first = dependence.apply_domain(first_when)     # once per source piece
            for second, second_when in target:
                pairs = from_first.apply_range(second_when)
                if pairs.is_empty():
                    continue
                if backward is None:
                    backward = isl.Map.lex_ge(pairs.get_space().range())
                if not pairs.intersect(backward).is_empty():
                    return AstCheck(False, "it runs a dependence's target before or with "
                                           "its source")
                for loop in first.loops:
                    if loop.parallel and any(loop is other for other in second.loops) \
                            and _carries(loop, pairs):
                        return AstCheck(False, "a loop marked parallel carries a dependence")
    return AstCheck(True)


def _private(expected: isl.UnionSet, by_statement: dict[str, list[_Executed]],
             private: dict[str, tuple[isl.UnionMap, isl.UnionSet]]) -> AstCheck:
    """For each private scalar: does no write of it run between a write and a read of
    the value it wrote, and does every loop marked parallel (or SIMD) that writes it
    (a copy per thread there: codegen.openmp) and runs one of the two run both, in
    the same iteration? (A parallel loop that only reads it reads the one shared.)"""
    parts = _parts(by_statement)
    for name, (flow, writes) in private.items():
        written = None                  # execution vectors of the writes
        copies = []                     # the parallel loops a write runs in: a copy each
        for instances in _sets(writes.intersect(expected)):
            for executed, when in parts.get(instances.get_tuple_name(), []):
                vectors = when.intersect_domain(instances).range()
                written = vectors if written is None else written.union(vectors)
                copies += [loop for loop in executed.loops if loop.parallel]
        between = None
        for dependence in union_maps(flow.intersect_domain(expected).intersect_range(expected)):
            source = parts.get(dependence.get_tuple_name(isl.dim_type.in_), [])
            target = parts.get(dependence.get_tuple_name(isl.dim_type.out), [])
            for first, first_when in source:
                from_first = dependence.apply_domain(first_when)
                for second, second_when in target:
                    pairs = from_first.apply_range(second_when)
                    if pairs.is_empty():
                        continue
                    for loop in first.loops + second.loops:
                        if any(loop is copy for copy in copies) and not (
                                any(loop is other for other in first.loops)
                                and any(loop is other for other in second.loops)
                                and _same_iteration(loop, pairs)):
                            return AstCheck(False, f"a loop marked parallel runs a write of "
                                                   f"'{name}' or a read of its value, not both "
                                                   "in one iteration")
                    if written is None:
                        continue
                    if between is None:
                        later = isl.Map.lex_lt(pairs.get_space().range())
                        between = later.intersect_range(written).apply_range(
                            later.intersect_domain(written))
                    if not pairs.intersect(between).is_empty():
                        return AstCheck(False, f"a write of '{name}' runs between a write and "
                                               "a read of its value")
    return AstCheck(True)


def _same_iteration(loop: _Loop, pairs: isl.Map) -> bool:
    """Are both vectors of every pair the same up to and with `loop`'s iterator?"""
    same = pairs
    for dim in range(loop.depth + 1):
        same = same.equate(isl.dim_type.in_, dim, isl.dim_type.out, dim)
    return pairs.is_subset(same)


def _execution_vector(executed: _Executed, length: int) -> isl.Map:
    """The execution vector of `executed`'s instances, padded with zeros to `length`, as
    an affine function of the enclosing iterators. It is defined on their whole space:
    composed with the statement's inverse, it is restricted to its domain all the same,
    without a product per entry with the domain's constraints (which was most of the
    time of this step)."""
    space = executed.domain.get_space()
    ctx = space.get_ctx()
    ls = isl.LocalSpace.from_space(space)
    affs = isl.AffList.alloc(ctx, length)
    padding = [("position", 0)] * (length - len(executed.vector))
    for kind, number in executed.vector + padding:
        affs = affs.add(isl.Aff.var_on_domain(ls, isl.dim_type.set, number) if kind == "iterator"
                        else isl.Aff.val_on_domain(ls, isl.Val.int_from_si(ctx, number)))
    vectors = isl.Space.set_from_params(space.params()).add_dims(isl.dim_type.set, length)
    return isl.Map.from_multi_aff(
        isl.MultiAff.from_aff_list(space.map_from_domain_and_range(vectors), affs))


def _example(instances: isl.Set) -> str:
    """One of `instances`, with the parameter values it needs, for a message."""
    point = instances.sample_point()
    space = point.get_space()
    params = [f"{space.get_dim_name(isl.dim_type.param, k)} = "
              f"{point.get_coordinate_val(isl.dim_type.param, k).to_python()}"
              for k in range(space.dim(isl.dim_type.param))]
    values = [str(point.get_coordinate_val(isl.dim_type.set, k).to_python())
              for k in range(space.dim(isl.dim_type.set))]
    text = f"{instances.get_tuple_name()}[{', '.join(values)}]"
    return text + (f" (with {', '.join(params)})" if params else "")


def _sets(union: isl.UnionSet) -> list[isl.Set]:
    found = []
    union.foreach_set(found.append)
    return found


def _carries(loop: _Loop, pairs: isl.Map) -> bool:
    """Does a dependence link two iterations of `loop`? `pairs`: execution vectors of
    dependent instances, both inside the loop, in increasing order."""
    for dim in range(loop.depth):
        pairs = pairs.equate(isl.dim_type.in_, dim, isl.dim_type.out, dim)
    return not pairs.order_lt(isl.dim_type.in_, loop.depth,
                              isl.dim_type.out, loop.depth).is_empty()


# -- the check at chosen parameter values ------------------------------------------
#
# Where the parametric check cannot tell (isl runs out of its budget on the `%` and
# `/` of a skewed tiled loop's bounds, even with every parameter fixed), the AST is
# run: isl's AST translated into a Python function, with the C meaning of what
# polyopt prints, lists the instances it executes, in order, for chosen parameter
# values; the domain and the dependent pairs are scanned the same way.
# That can prove an AST wrong (a missing, repeated or extra instance; a dependence
# run backwards; a parallel loop carrying one), never right for every value.

# Statement instances and loop iterations the AST may run at one parameter value
# before that value is given up; and in all, over the values tried, with the
# instances of the domain and the dependent pairs scanned (a few microseconds each:
# the whole check stays within a few seconds).
RUN_EVENTS = 100_000
RUN_TOTAL_EVENTS = 250_000
# Dependence pairs enumerated at one parameter value before the order is given up.
RUN_PAIRS = 100_000


class _TooLong(Exception):
    """The AST runs more than its share of events at these parameter values."""


def _c_quotient(a: int, b: int) -> int:
    """C's `/` on integers (truncating)."""
    quotient = abs(a) // abs(b)
    return quotient if (a >= 0) == (b > 0) else -quotient


def _c_remainder(a: int, b: int) -> int:
    """C's `%` on integers."""
    return a - b * _c_quotient(a, b)


# isl AST operations as Python text: the C meaning of what ExpressionPrinter prints
_PY_BINARY = {op.add: "({} + {})", op.sub: "({} - {})", op.mul: "({} * {})",
              op.div: "_q({}, {})", op.pdiv_q: "_q({}, {})", op.pdiv_r: "_r({}, {})",
              op.zdiv_r: "_r({}, {})", op.fdiv_q: "({} // {})",
              op.eq: "({} == {})", op.le: "({} <= {})", op.lt: "({} < {})",
              op.ge: "({} >= {})", op.gt: "({} > {})",
              op.and_: "({} and {})", op.and_then: "({} and {})",
              op.or_: "({} or {})", op.or_else: "({} or {})"}


class _Run:
    """An isl AST translated once into a Python function (its loops as `while`
    loops, its expressions with C's integer division), then run at fixed parameter
    values: per executed statement instance, its position in the run and the
    iterations of the parallel loops around it. About a microsecond an event, where
    walking isl's AST objects takes tens."""

    def __init__(self, root: isl.AstNode, parallel_mark: str | tuple[str, ...] | None):
        self.marks = ((parallel_mark,) if isinstance(parallel_mark, str)
                      else tuple(parallel_mark or ()))
        self.strides: set[int] = set()      # the loops' steps: tile sizes
        self.names: dict[str, str] = {}     # isl name -> Python local
        self.iterators: set[str] = set()    # the names loops define (the rest: parameters)
        self.loops = 0
        self.lines = ["def _ast(_values, _limit, _ex, _state):",
                      "    _e = 0", "    _rep = None", "    _p0 = ()", "    try:"]
        # (reading the AST is not isl's computation)
        with isl_operations(root.get_ctx(), 0, reset=False):
            self._node(root, 2, "_p0", [])
        self.lines[5:5] = [f"        {local} = _values.get({name!r})"
                           for name, local in self.names.items() if name in self.parameters]
        self.lines += ["        pass", "    finally:", "        _state[0] = _e",
                       "        _state[1] = _rep"]
        scope = {"_q": _c_quotient, "_r": _c_remainder, "_TooLong": _TooLong}
        try:
            exec(compile("\n".join(self.lines), "<isl AST>", "exec"), scope)
        except (SyntaxError, RecursionError, MemoryError) as error:
            raise _Unsupported(f"an AST Python cannot compile ({type(error).__name__})") \
                from None
        self.function = scope["_ast"]
        self.events = 0
        # (statement name, instance) -> (position, ((loop key, iteration), ...))
        self.executed: dict[tuple[str, tuple[int, ...]], tuple[int, tuple]] = {}
        self.repeated: tuple[str, tuple[int, ...]] | None = None

    @property
    def parameters(self) -> set[str]:
        return self.names.keys() - self.iterators

    def run(self, values: dict[str, int], limit: int) -> None:
        """Runs the AST with the parameters' `values` (raises _TooLong past `limit`,
        _Unsupported where a name has no value or a division is by zero)."""
        missing = sorted(self.parameters - values.keys())
        if missing:
            raise _Unsupported(f"unknown name '{missing[0]}'")
        self.executed, state = {}, [0, None]
        try:
            self.function(values, limit, self.executed, state)
        except ZeroDivisionError:
            raise _Unsupported("a division by zero") from None
        finally:
            self.events, self.repeated = state

    # -- translation -------------------------------------------------------
    def _local(self, name: str) -> str:
        if name not in self.names:
            self.names[name] = f"v{len(self.names)}"     # (loops' locals are i1, i2, ...)
        return self.names[name]

    def _emit(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)

    def _node(self, node: isl.AstNode, depth: int, parallel: str, around: list[str]) -> None:
        kind = node.get_type()
        if kind == isl.ast_node_type.block:
            children = node.block_get_children()
            for k in range(children.n_ast_node()):
                self._node(children.get_at(k), depth, parallel, around)
        elif kind == isl.ast_node_type.mark:
            self._node(node.mark_get_node(), depth, parallel, around)
        elif kind == isl.ast_node_type.if_:
            self._emit(depth, f"if {self._expr(node.if_get_cond())}:")
            self._node(node.if_get_then_node(), depth + 1, parallel, around)
            self._emit(depth + 1, "pass")
            if node.if_has_else_node():
                self._emit(depth, "else:")
                self._node(node.if_get_else_node(), depth + 1, parallel, around)
                self._emit(depth + 1, "pass")
        elif kind == isl.ast_node_type.for_:
            self._for(node, depth, parallel, around)
        elif kind == isl.ast_node_type.user:
            self._user(node.user_get_expr(), depth, parallel)
        else:
            raise _Unsupported(f"AST node {kind}")

    def _for(self, node: isl.AstNode, depth: int, parallel: str, around: list[str]) -> None:
        name = node.for_get_iterator().get_id().get_name()
        self.iterators.add(name)
        # a name the loop reuses is a new variable in C's scope: a new local here
        self.loops += 1
        local = f"i{self.loops}"
        init = self._expr(node.for_get_init())
        self.names[name] = local
        inner = parallel
        if _annotation(node) in self.marks:
            inner = f"_p{self.loops}"
            key = f"_k{self.loops}"
            self._emit(depth, f"{key} = ({self.loops}, ({''.join(v + ', ' for v in around)}))")
        count = ["_e += 1", "if _e > _limit: raise _TooLong"]
        if node.for_is_degenerate():
            self._emit(depth, f"{local} = {init}")
            for line in count:
                self._emit(depth, line)
            if inner != parallel:
                self._emit(depth, f"{inner} = {parallel} + (({key}, {local}),)")
            self._node(node.for_get_body(), depth, inner, around + [local])
            return
        increment = node.for_get_inc()
        if increment.get_type() != isl.ast_expr_type.int or not increment.get_val().is_pos():
            raise _Unsupported("a loop increment that is not a positive constant")
        step = increment.get_val().to_python()
        self.strides.add(step)
        self._emit(depth, f"{local} = {init}")
        self._emit(depth, f"while {self._expr(node.for_get_cond())}:")
        for line in count:
            self._emit(depth + 1, line)
        if inner != parallel:
            self._emit(depth + 1, f"{inner} = {parallel} + (({key}, {local}),)")
        self._node(node.for_get_body(), depth + 1, inner, around + [local])
        self._emit(depth + 1, f"{local} += {step}")

    def _user(self, call: isl.AstExpr, depth: int, parallel: str) -> None:
        if call.get_type() != isl.ast_expr_type.op or call.get_op_type() != op.call:
            raise _Unsupported("a user node that is not a call")
        name = call.get_op_arg(0).get_id().get_name()
        args = "".join(self._expr(call.get_op_arg(k)) + ", "
                       for k in range(1, call.get_op_n_arg()))
        for line in ["_e += 1", "if _e > _limit: raise _TooLong",
                     f"_i = ({name!r}, ({args}))",
                     "if _i in _ex:", "    _rep = _rep or _i",
                     "else:", f"    _ex[_i] = (len(_ex), {parallel})"]:
            self._emit(depth, line)

    def _expr(self, expr: isl.AstExpr) -> str:
        kind = expr.get_type()
        if kind == isl.ast_expr_type.int:
            return f"({expr.get_val().to_python()})"
        if kind == isl.ast_expr_type.id:
            return self._local(expr.get_id().get_name())
        operation = expr.get_op_type()
        args = [self._expr(expr.get_op_arg(k)) for k in range(expr.get_op_n_arg())]
        if operation in _PY_BINARY:
            return _PY_BINARY[operation].format(*args)
        if operation in (op.cond, op.select):
            return f"({args[1]} if {args[0]} else {args[2]})"
        if operation == op.minus:
            return f"(-{args[0]})"
        if operation in (op.min, op.max):
            return f"{'min' if operation == op.min else 'max'}({', '.join(args)})"
        raise _Unsupported(f"AST operation {operation}")


def parameter_samples(context: isl.Set, count: int = 24,
                      strides: tuple[int, ...] = ()) -> list[dict[str, int]]:
    """Up to `count` parameter values of `context`, small first: each parameter its
    least value in the context (0 where it has none) plus s, for s = 0 to 8; then
    around the first multiples of each of `strides` (tile sizes: isl's wrong code was
    seen to drop instances first a little past a tile's size). Where the context does
    not allow those values, a point of it with each parameter between them and twice
    them is taken instead."""
    names = [context.get_dim_name(isl.dim_type.param, k)
             for k in range(context.dim(isl.dim_type.param))]
    if context.is_empty():
        return []
    ctx = context.get_ctx()
    lows = []
    for k in range(len(names)):
        parameter = isl.Aff.var_on_domain(isl.LocalSpace.from_space(context.get_space()),
                                          isl.dim_type.param, k)
        least = context.min_val(parameter)
        lows.append(max(least.to_python(), 0) if least.is_int() else 0)
    choices = [[low + size for low in lows] for size in range(9)]
    for stride in sorted(set(strides)):
        if stride > 1:
            choices += [[max(low, multiple * stride + offset) for low in lows]
                        for multiple in (1, 2, 3) for offset in (-1, 0, 1, 2)]
    choices.sort(key=lambda chosen: (sum(chosen), chosen))
    samples: list[dict[str, int]] = []
    for chosen in choices:
        if len(samples) >= count:
            break
        fixed = context
        for k, value in enumerate(chosen):
            fixed = fixed.fix_val(isl.dim_type.param, k, isl.Val.int_from_si(ctx, value))
        if fixed.is_empty():
            around = context
            for k, value in enumerate(chosen):
                around = (around.lower_bound_val(isl.dim_type.param, k,
                                                 isl.Val.int_from_si(ctx, value))
                          .upper_bound_val(isl.dim_type.param, k,
                                           isl.Val.int_from_si(ctx, 2 * value + 1)))
            if around.is_empty():
                continue
            point = around.sample_point()
            values = {name: point.get_coordinate_val(isl.dim_type.param, k).to_python()
                      for k, name in enumerate(names)}
        else:
            values = dict(zip(names, chosen))
        if values not in samples:
            samples.append(values)
        if not names:
            break
    return samples


def _fixed(union, values: dict[str, int]):
    """`union` (an isl union set or map) at the parameter values."""
    ctx = union.get_ctx()
    params = isl.Set.universe(union.get_space().params())
    for name, value in values.items():
        position = params.find_dim_by_name(isl.dim_type.param, name)
        if position >= 0:
            params = params.fix_val(isl.dim_type.param, position, isl.Val.int_from_si(ctx, value))
    return union.intersect_params(params)


def _box(union: isl.UnionSet) -> float:
    """The cells of the bounding boxes of `union`'s sets (a bound of its points;
    infinite where one is unbounded)."""
    total = 0.0
    for instances in _sets(union):
        if instances.is_empty():
            continue
        cells = 1.0
        for k in range(instances.dim(isl.dim_type.set)):
            low, high = instances.dim_min_val(k), instances.dim_max_val(k)
            if not (low.is_int() and high.is_int()):
                return float("inf")
            cells *= high.to_python() - low.to_python() + 1
        total += cells
    return total


def _points(union, values: dict[str, int], limit: int) -> list[tuple[str, tuple[int, ...]]]:
    """The points of a bounded isl union set (its parameters fixed at `values`), as
    (tuple name, coordinates); _TooLong past `limit` events. Each set is scanned by
    running isl's AST of its identity schedule (_Run): a few microseconds a point,
    where isl's foreach_point and the coordinates read back take ten times that."""
    found: list[tuple[str, tuple[int, ...]]] = []
    spent = 0
    for instances in _sets(union):
        if instances.is_empty():
            continue
        name = instances.get_tuple_name()
        scanned = instances.identity().reset_tuple_id(isl.dim_type.out)
        build = isl.AstBuild.from_context(isl.Set.universe(instances.get_space().params()))
        scan = _Run(build.node_from_schedule_map(isl.UnionMap.from_map(scanned)), None)
        try:
            scan.run(values, limit - spent)
        finally:
            spent += scan.events
        found += [(name, point) for _, point in scan.executed]
    return found


def run_check(root: isl.AstNode, domain: isl.UnionSet, dependences: isl.UnionMap,
              values: dict[str, int], parallel_mark: str | tuple[str, ...] | None = None,
              limit: int = RUN_EVENTS) -> AstCheck:
    """check_ast's three questions at one choice of parameter values (`values`, every
    parameter of `domain`), answered by running the AST (_Run): False with the first
    fault found, True if none, None where it runs more than `limit` events or uses a
    construct the interpreter does not model."""
    try:
        run = _Run(root, parallel_mark)
    except _Unsupported as error:
        return AstCheck(None, str(error))
    return _run_check(run, domain, dependences, values, limit)[0]


def _run_check(run: _Run, domain: isl.UnionSet, dependences: isl.UnionMap,
               values: dict[str, int], limit: int,
               private: dict[str, tuple[isl.UnionMap, isl.UnionSet]] | None = None
               ) -> tuple[AstCheck, int]:
    """run_check's verdict, and the events the run took; with `private`, also each
    private scalar's live ranges, as _private checks them on the AST (_run_private)."""
    where = ", ".join(f"{name} = {value}" for name, value in values.items())
    suffix = f" (with {where})" if where else ""
    fixed = _fixed(domain, values)
    if _box(fixed) > limit:
        return AstCheck(None, f"more than {limit} instances in the domain's box{suffix}"), 0
    try:
        run.run(values, limit)
    except _TooLong:
        return AstCheck(None, f"more than {limit} events to run{suffix}"), run.events
    except _Unsupported as error:
        return AstCheck(None, str(error)), run.events
    if run.repeated is not None:
        return AstCheck(False, f"it executes {_instance(run.repeated)} more than "
                               f"once{suffix}"), run.events
    try:
        expected = set(_points(fixed, values, 2 * limit))
    except _TooLong:
        return AstCheck(None, f"more than {2 * limit} instances in the domain{suffix}"), \
            run.events + 2 * limit
    except _Unsupported as error:
        return AstCheck(None, f"the domain's scan: {error}"), run.events
    executed = run.executed
    for instance in sorted(expected - executed.keys()):
        return AstCheck(False, f"it does not execute {_instance(instance)}{suffix}"), run.events
    for instance in sorted(executed.keys() - expected):
        return AstCheck(False, f"it executes {_instance(instance)}, which is not in the "
                               f"domain{suffix}"), run.events
    pairs = 0
    try:
        for first, second in _executed_pairs(dependences, executed, values, RUN_PAIRS):
            pairs += 1
            if first is None or second is None:
                continue        # outside the domain (its instances are checked above)
            if first[0] >= second[0]:
                return AstCheck(False, "it runs a dependence's target before or with its "
                                       f"source{suffix}"), run.events
            around = dict(second[1])
            for key, iteration in first[1]:
                if key in around and around[key] != iteration:
                    return AstCheck(False, "a loop marked parallel carries a "
                                           f"dependence{suffix}"), run.events
    except _TooLong:
        return AstCheck(None, f"more than {RUN_PAIRS} dependent pairs{suffix}"), \
            run.events + RUN_PAIRS
    except _Unsupported as error:
        return AstCheck(None, f"the dependences' scan: {error}"), run.events
    for name, (flow, writes) in (private or {}).items():
        try:
            verdict, scanned = _run_private(name, flow, writes, executed, values,
                                            RUN_PAIRS - pairs)
        except _TooLong:
            return AstCheck(None, f"more than {RUN_PAIRS} dependent pairs{suffix}"), \
                run.events + RUN_PAIRS
        except _Unsupported as error:
            return AstCheck(None, f"the private scalars' scan: {error}"), run.events
        pairs += scanned
        if verdict is not None:
            return AstCheck(False, f"{verdict}{suffix}"), run.events
    return AstCheck(True), run.events + len(expected) + pairs


def _run_private(name: str, flow: isl.UnionMap, writes: isl.UnionSet, executed: dict,
                 values: dict[str, int], limit: int) -> tuple[str | None, int]:
    """On one run (`executed`: instance -> (time, the parallel loops around it and their
    iterations)), what breaks a private scalar's live ranges, or None; and the points
    scanned. A write of it must not run between a write and a read of the value
    written, and a loop marked parallel that runs a write of it (a copy per thread)
    and runs one end of a value's flow must run both, in the same iteration."""
    times, copies, scanned = [], set(), 0
    for instance in _points(_fixed(writes, values), values, limit):
        scanned += 1
        found = executed.get(instance)
        if found is not None:
            times.append(found[0])
            copies.update(key for key, _ in found[1])
    times.sort()
    for first, second in _executed_pairs(flow, executed, values, limit - scanned):
        scanned += 1
        if first is None or second is None:
            continue
        if bisect.bisect_right(times, first[0]) < bisect.bisect_left(times, second[0]):
            return f"a write of '{name}' runs between a write and a read of its value", scanned
        around, before = dict(second[1]), dict(first[1])
        for key in (set(around) | set(before)) & copies:
            if around.get(key, None) != before.get(key, -1):
                return (f"a loop marked parallel runs a write of '{name}' or a read of "
                        "its value, not both in one iteration"), scanned
    return None, scanned


def _executed_pairs(relation: isl.UnionMap, executed: dict, values: dict[str, int], limit: int):
    """Each pair of `relation` (source -> target instances) at the parameter values, as
    the run executed its two ends (`executed`'s entries; None for an end it did not
    run), pair by pair; _TooLong past `limit` pairs."""
    scanned = 0
    for dependence in union_maps(_fixed(relation, values)):
        source_name = dependence.get_tuple_name(isl.dim_type.in_)
        target_name = dependence.get_tuple_name(isl.dim_type.out)
        inputs = dependence.dim(isl.dim_type.in_)
        pairs_set = dependence.wrap().flatten().set_tuple_name("pairs")
        for _, both in _points(isl.UnionSet.from_set(pairs_set), values, limit - scanned):
            scanned += 1
            yield (executed.get((source_name, both[:inputs])),
                   executed.get((target_name, both[inputs:])))


def _instance(instance: tuple[str, tuple[int, ...]]) -> str:
    return f"{instance[0]}[{', '.join(map(str, instance[1]))}]"


def run_checks(root: isl.AstNode, domain: isl.UnionSet, dependences: isl.UnionMap,
               context: isl.Set, parallel_mark: str | tuple[str, ...] | None = None,
               private: dict[str, tuple[isl.UnionMap, isl.UnionSet]] | None = None
               ) -> AstCheck:
    """run_check at parameter_samples(context), small values first, until one finds the
    AST wrong (that verdict), one cannot be run whole, or RUN_TOTAL_EVENTS are spent.
    Right at every value run never proves the AST right for all values: that is
    returned as None, with the values run."""
    try:
        # (bounded by the events instead)
        with isl_operations(context.get_ctx(), 0, reset=False, reset_after=True):
            return _run_checks(root, domain, dependences, context, parallel_mark, private)
    except isl.Error as error:
        return _cannot_tell(error)


def _run_checks(root: isl.AstNode, domain: isl.UnionSet, dependences: isl.UnionMap,
                context: isl.Set, parallel_mark: str | tuple[str, ...] | None,
                private=None) -> AstCheck:
    try:
        run = _Run(root, parallel_mark)
    except _Unsupported as error:
        return AstCheck(None, str(error))
    spent, ran = 0, []
    for values in parameter_samples(context, strides=tuple(sorted(run.strides))):
        if spent >= RUN_TOTAL_EVENTS:
            break
        verdict, events = _run_check(run, domain, dependences, values,
                                     min(RUN_EVENTS, RUN_TOTAL_EVENTS - spent), private)
        spent += events
        if verdict.correct is False:
            return verdict
        if verdict.correct is None:
            if not ran:
                return verdict
            break
        ran.append(values)
    if not ran:
        return AstCheck(None, "no parameter values could be run")
    names = sorted(ran[0])
    shown = ", ".join("(" + ", ".join(str(values[name]) for name in names) + ")"
                      for values in ran[:3])
    return AstCheck(None, f"right when run with ({', '.join(names)}) = {shown}"
                          f"{', ...' if len(ran) > 3 else ''} ({len(ran)} choices)", len(ran))
