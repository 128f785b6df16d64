"""The copies of a register tile (scheduler.registers), printed unrolled with their
array elements in locals.

Inside the innermost point loop of a register tile, isl generates the copies as small
loops (``for (c6 = 0; c6 <= 7; c6++)``). Where their bounds are constants (a full
register tile), they are printed unrolled, every array element the copies touch on
every path (outside a condition) loaded once into a local before the first statement
and, if written, stored once after the last; elements of arrays the copies do not write
that stay the same along the loop are loaded once before the loop. The C compiler
cannot do this itself: as far as it knows the arrays may overlap (a store to ``C``
changes ``B``), so it would load each element again after every store.

It is exact where two references are one element exactly when their keys agree (the
subscripts as polynomials in the names, the copies' iterators replaced by their
values): different arrays do not overlap (the model's assumption; versioning tests it
at run time for pointers), and references of an array the copies write are kept in
locals only where they all have one shape (subscripts that differ in their constants
alone: ``C[i][j]`` and ``C[i + 1][j]`` are never one element); a written array referenced
in two shapes (``A[i][j]`` and ``A[k][j]``, one element where ``i == k``) stays in memory. The statements run in their
order; only where an element is kept changes, so results are bit-identical. An element
touched only under a condition stays in memory. The elements of a written array whose
references are all kept and do not move along the loop (the sums of a dot product's
copies, accumulated along it) stay in their locals for the whole loop: loaded before
it, stored after it (where the loop surely runs). Where the copies' bounds are not
constants (partial tiles) or something cannot be told (an element type the file does
not show, a reference that is not an array's), the copies stay loops for the C
compiler to unroll. Where a bound is a constant or an expression, whichever is
tighter (``c7 <= min(3, n - c4 - 1)``: isl could not tell the tile full), the copies
are printed for the constant behind a test that the expression is not tighter, the
loops in the other branch.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

import cgen
import islpy as isl
from pycparser import c_ast

from polyopt.codegen.ast import COPIES, UNSWITCHED
from polyopt.codegen.statements import SubstitutingGenerator, statement_text, substitutions
from polyopt.core.marks import REGISTER_MARK

op = isl.ast_expr_op_type
Polynomial = dict  # monomial (sorted names; () the constant) -> integer coefficient

MAX_UNROLLED = 256    # statement instances printed for one iteration, at most


def register_copies(node: isl.AstNode) -> isl.AstNode | None:
    """The register tile's mark that is the body of the loop `node`, or None."""
    body = node.for_get_body()
    if body.get_type() == isl.ast_node_type.mark and \
            body.mark_get_id().get_name() == REGISTER_MARK:
        return body
    return None


@dataclass
class _Instance:
    statement: object
    values: list[Polynomial | None]     # the statement's iterators' values
    texts: list[str]                    # the same, printed
    guards: tuple[str, ...]


@dataclass
class _Reference:
    instance: _Instance
    node: c_ast.ArrayRef
    array: str
    key: tuple
    write: bool
    assigned: bool = False      # the left side of a plain `=`: its old value is not read


@dataclass
class Unrolled:
    """The copies printed: what goes before the loop, and the loop's body; where they
    have conditions that do not change along the loop, instead the first `condition`,
    the version where it holds (`holds`) and the one where it does not (`otherwise`):
    the loop unswitched."""

    hoisted: list[cgen.Generable] = field(default_factory=list)
    body: list[cgen.Generable] = field(default_factory=list)
    after: list[cgen.Generable] = field(default_factory=list)     # stores after the loop
    condition: str | None = None
    holds: Unrolled | None = None
    otherwise: Unrolled | None = None
    # where the copies' bounds were taken at their constants: what must hold for that
    # (else the copies are printed as loops)
    assumptions: list[str] = field(default_factory=list)


class CopiesPrinter:
    """Unrolls one register tile's copies for codegen.openmp's printer."""

    def __init__(self, printer, loop: isl.AstNode, hoist: bool):
        self.printer = printer
        self.scop = printer.scop
        self.expressions = printer.expressions
        self.loop = loop
        self.iterator = loop.for_get_iterator().get_id().get_name()
        self.hoist = hoist
        self.constants: dict[str, int] = {}
        self.assumptions: list[str] = []    # conditions the unrolled copies hold under

    def unrolled(self) -> Unrolled | None:
        instances: list[_Instance] = []
        if not self._expand(register_copies(self.loop).mark_get_node(), (), instances):
            return None
        result = self._unswitched(instances, UNSWITCHED)
        if result is not None:
            result.assumptions = list(dict.fromkeys(self.assumptions))
        return result

    def _unswitched(self, instances: list[_Instance], depth: int) -> Unrolled | None:
        """The copies printed once per outcome of their conditions that do not change
        along the loop (at most `depth` of them, in the order met), where every condition
        is such: a version where the first holds (its copies unguarded) and one where it
        does not (its copies dropped), each unswitched on the rest. gcc's vectorized loop
        would test them in every iteration, or not vectorize at all (a fused
        initialization and a fused final statement of a register tile)."""
        conditions = list(dict.fromkeys(i.guards for i in instances if i.guards))
        if not conditions or len(conditions) > depth or any(
                re.search(rf"\b{re.escape(self.iterator)}\b", g) for c in conditions for g in c):
            return self._version(instances)
        guards = conditions[0]
        holds = self._unswitched([replace(i, guards=()) if i.guards == guards else i
                                  for i in instances], depth - 1)
        fails = self._unswitched([i for i in instances if i.guards != guards], depth - 1)
        if holds is None or fails is None:
            return None
        return Unrolled(condition=_conjunction(guards), holds=holds, otherwise=fails)

    def _version(self, instances: list[_Instance]) -> Unrolled | None:
        references = []
        for instance in instances:
            found = self._references(instance)
            if found is None:
                return None
            references.extend(found)
        return self._print(instances, references)

    # -- the copies, one instance after another ------------------------------------

    def _expand(self, node: isl.AstNode, guards: tuple[str, ...],
                out: list[_Instance]) -> bool:
        kind = node.get_type()
        if kind == isl.ast_node_type.block:
            children = node.block_get_children()
            return all(self._expand(children.get_at(k), guards, out)
                       for k in range(children.n_ast_node()))
        if kind == isl.ast_node_type.mark:
            return self._expand(node.mark_get_node(), guards, out)
        if kind == isl.ast_node_type.if_:
            if node.if_has_else_node():
                return False
            condition = self._text(node.if_get_cond())
            return self._expand(node.if_get_then_node(), guards + (condition,), out)
        if kind == isl.ast_node_type.user:
            if len(out) >= MAX_UNROLLED:
                return False
            call = node.user_get_expr()
            statement = self.scop.statement(call.get_op_arg(0).get_id().get_name())
            args = [call.get_op_arg(k) for k in range(1, call.get_op_n_arg())]
            values = [self._polynomial(arg) for arg in args]
            texts = [_printed(value) if value is not None and _plain(value) else self._text(arg)
                     for value, arg in zip(values, args)]
            out.append(_Instance(statement, values, texts, guards))
            return True
        if kind == isl.ast_node_type.for_:
            annotation = node.get_annotation()
            if annotation is None or annotation.get_name() != COPIES:
                return False
            bounds = self._constant_bounds(node)
            if bounds is None:
                return False
            name = node.for_get_iterator().get_id().get_name()
            for value in range(bounds[0], bounds[1] + 1):
                self.constants[name] = value
                if not self._expand(node.for_get_body(), guards, out):
                    return False
            del self.constants[name]
            return True
        return False

    def _constant_bounds(self, node: isl.AstNode) -> tuple[int, int] | None:
        """The loop's first and last value where they are constants, or bounded by one
        (``c <= min(7, n - c2 - 1)``): then the copies are printed for the constant, and
        the other bound, which must hold for that, becomes an assumption of this version."""
        init, cond, inc = node.for_get_init(), node.for_get_cond(), node.for_get_inc()
        name = node.for_get_iterator().get_id().get_name()
        if (inc.get_type() != isl.ast_expr_type.int
                or inc.get_val().to_python() != 1 or cond.get_type() != isl.ast_expr_type.op
                or cond.get_op_type() not in (op.le, op.lt)):
            return None
        left, right = cond.get_op_arg(0), cond.get_op_arg(1)
        if left.get_type() != isl.ast_expr_type.id or left.get_id().get_name() != name:
            return None
        first = self._bound(init, op.max, ">=")
        last = self._bound(right, op.min, "<=")
        if first is None or last is None:
            return None
        return first, last - (1 if cond.get_op_type() == op.lt else 0)

    def _bound(self, expr: isl.AstExpr, kind, relation: str) -> int | None:
        """A constant bound, or the constant argument of a min (upper) or max (lower)
        whose other arguments are assumed at least (at most) as tight."""
        if expr.get_type() == isl.ast_expr_type.int:
            return expr.get_val().to_python()
        if expr.get_type() != isl.ast_expr_type.op or expr.get_op_type() != kind:
            return None
        args = [expr.get_op_arg(k) for k in range(expr.get_op_n_arg())]
        constants = [a for a in args if a.get_type() == isl.ast_expr_type.int]
        if len(constants) != 1:
            return None
        value = constants[0].get_val().to_python()
        for arg in args:
            if arg.get_type() != isl.ast_expr_type.int:
                text = self._text(arg)
                if re.search(rf"\b{re.escape(self.iterator)}\b", text):
                    return None
                # the upper bound `min(7, e)` is 7 where e >= 7; the lower `max(0, e)`, 0 where e <= 0
                self.assumptions.append(f"{_parenthesized(text)} {'>=' if relation == '<=' else '<='} {value}")
        return value

    def _text(self, expr: isl.AstExpr) -> str:
        saved = dict(self.expressions.renamed)
        self.expressions.renamed.update({name: str(value) for name, value in self.constants.items()})
        try:
            return self.expressions(expr)
        finally:
            self.expressions.renamed = saved

    def _polynomial(self, expr: isl.AstExpr) -> Polynomial | None:
        kind = expr.get_type()
        if kind == isl.ast_expr_type.int:
            return _constant(expr.get_val().to_python())
        if kind == isl.ast_expr_type.id:
            name = expr.get_id().get_name()
            if name in self.constants:
                return _constant(self.constants[name])
            return {(name,): 1}
        operation = expr.get_op_type()
        args = [self._polynomial(expr.get_op_arg(k)) for k in range(expr.get_op_n_arg())]
        if any(arg is None for arg in args):
            return None
        if operation == op.add:
            return _add(args[0], args[1])
        if operation == op.sub:
            return _add(args[0], _scale(args[1], -1))
        if operation == op.mul:
            return _multiply(args[0], args[1])
        if operation == op.minus:
            return _scale(args[0], -1)
        return None

    # -- references ------------------------------------------------------------------

    def _references(self, instance: _Instance) -> list[_Reference] | None:
        statement = instance.statement
        env = dict(zip(statement.iterators, instance.values))
        found: list[_Reference] = []
        problem = []

        def subscripts_key(node: c_ast.ArrayRef) -> tuple[str, tuple] | None:
            chain = []
            base = node
            while isinstance(base, c_ast.ArrayRef):
                chain.append(base.subscript)
                base = base.name
            if not isinstance(base, c_ast.ID) or base.name not in self.scop.arrays:
                return None
            polynomials = []
            for subscript in reversed(chain):
                value = _c_polynomial(subscript, env)
                if value is None:
                    return None
                polynomials.append(_frozen(value))
            return base.name, tuple(polynomials)

        def visit(node: c_ast.Node, write: bool = False, assigned: bool = False) -> None:
            if isinstance(node, c_ast.ArrayRef):
                described = subscripts_key(node)
                if described is None:
                    problem.append(node)
                    return
                found.append(_Reference(instance, node, described[0], described, write,
                                        assigned))
                base = node
                while isinstance(base, c_ast.ArrayRef):
                    visit(base.subscript)
                    base = base.name
                return
            if isinstance(node, c_ast.Assignment):
                visit(node.lvalue, write=True, assigned=node.op == "=")
                visit(node.rvalue)
                return
            if isinstance(node, c_ast.UnaryOp) and node.op in ("++", "--", "p++", "p--", "&"):
                problem.append(node)
                return
            for _, child in node.children():
                visit(child)

        visit(statement.body)
        return None if problem else found

    # -- printing --------------------------------------------------------------------

    def _print(self, instances: list[_Instance], references: list[_Reference]) -> Unrolled:
        written_arrays = {r.array for r in references if r.write}
        # a written array's references of more than one shape (A[i][j] and A[k][j]) may
        # be one element for some values: they stay in memory, in order
        shapes: dict[str, set] = {}
        for r in references:
            shapes.setdefault(r.array, set()).add(_shape(r.key))
        mixed = {array for array in written_arrays if len(shapes[array]) > 1}
        unguarded = {r.key for r in references if not r.instance.guards and r.array not in mixed}
        kept: dict[tuple, str] = {}          # key -> local
        first: dict[tuple, _Reference] = {}
        written: dict[tuple, bool] = {}
        for reference in references:
            if reference.key not in unguarded or not self._element(reference.array):
                continue
            first.setdefault(reference.key, reference)
            written[reference.key] = written.get(reference.key, False) or reference.write
        # a written array all of whose references are kept and stay the same along the
        # loop (an accumulation, a dot product's sums): its elements are in locals for
        # the whole loop, loaded before it and stored after it
        carried = {array for array in written_arrays if all(
            r.key in first and not _moves(r.key, self.iterator)
            for r in references if r.array == array)} if self.hoist else set()
        result = Unrolled()
        loads, stores = [], []
        for key, reference in first.items():
            local = self.printer.register_local()
            kept[key] = local
            text = self._reference_text(reference)
            outside = (self.hoist and reference.array not in written_arrays
                       and not _moves(key, self.iterator)) or reference.array in carried
            if _stored_first(reference, references):
                # its first access overwrites it: nothing to load (a strided load
                # would be a gather)
                declaration = cgen.Statement(f"{self._element(reference.array)} {local}")
            else:
                declaration = cgen.Statement(f"{'const ' if not written[key] else ''}"
                                             f"{self._element(reference.array)} {local} = {text}")
            (result.hoisted if outside else loads).append(declaration)
            if written[key]:
                (result.after if reference.array in carried else stores).append(
                    cgen.Statement(f"{text} = {local}"))
        by_instance: dict[int, dict[int, str]] = {}
        for reference in references:
            if reference.key in kept:
                by_instance.setdefault(id(reference.instance), {})[id(reference.node)] = \
                    kept[reference.key]
        body = list(loads)
        group: list[cgen.Generable] = []
        guards: tuple[str, ...] | None = None
        for instance in instances:
            text = statement_text(instance.statement.body, instance.statement.iterators,
                                  instance.texts, self.scop.iterator_casts,
                                  by_instance.get(id(instance)))
            if instance.guards != guards:
                body.extend(_guarded(guards, group))
                group, guards = [], instance.guards
            group.append(cgen.Statement(text))
        body.extend(_guarded(guards, group))
        body.extend(stores)
        result.body = body
        return result

    def _element(self, array: str) -> str | None:
        """The element type of `array` as declared, None where unknown or volatile."""
        element = getattr(self.scop.arrays.get(array), "element_type", None)
        return element if element and "volatile" not in element else None

    def _reference_text(self, reference: _Reference) -> str:
        statement = reference.instance.statement
        generator = SubstitutingGenerator(substitutions(statement.iterators,
                                                        reference.instance.texts,
                                                        self.scop.iterator_casts))
        return generator.visit(reference.node)


def _stored_first(first: _Reference, references: list[_Reference]) -> bool:
    """Whether the element of `first` (its key's first reference) is first accessed by
    a plain assignment to it that surely runs (an unguarded copy) and whose right side
    does not read it."""
    return (first.assigned and not first.instance.guards
            and not any(r.key == first.key and not r.write and r.instance is first.instance
                        for r in references))


def _moves(key: tuple, iterator: str) -> bool:
    """Whether a reference's subscripts (its key) name the loop's iterator."""
    return any(iterator in monomial for polynomial in key[1] for monomial, _ in polynomial)


def _parenthesized(text: str) -> str:
    return text if re.fullmatch(r"[\w.]+", text) else f"({text})"


def _shape(key: tuple) -> tuple:
    """A reference's subscripts without their constants."""
    return tuple(tuple((m, c) for m, c in polynomial if m) for polynomial in key[1])


def _conjunction(guards: tuple[str, ...]) -> str:
    return " && ".join(f"({g})" if len(guards) > 1 else g for g in guards)


def _guarded(guards: tuple[str, ...] | None, items: list[cgen.Generable]) -> list[cgen.Generable]:
    if not items:
        return []
    if not guards:
        return items
    return [cgen.If(_conjunction(guards), cgen.Block(items))]


# -- polynomials -------------------------------------------------------------------------

def _constant(value: int) -> Polynomial:
    return {(): value} if value else {}


def _add(a: Polynomial, b: Polynomial) -> Polynomial:
    result = dict(a)
    for monomial, coefficient in b.items():
        total = result.get(monomial, 0) + coefficient
        if total:
            result[monomial] = total
        else:
            result.pop(monomial, None)
    return result


def _scale(a: Polynomial, factor: int) -> Polynomial:
    return {m: c * factor for m, c in a.items()} if factor else {}


def _multiply(a: Polynomial, b: Polynomial) -> Polynomial:
    result: Polynomial = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            result = _add(result, {tuple(sorted(ma + mb)): ca * cb})
    return result


def _frozen(value: Polynomial) -> tuple:
    return tuple(sorted(value.items()))


def _plain(value: Polynomial) -> bool:
    """Linear in names (no products): printed as isl would, without a `+ 0`."""
    return all(len(monomial) <= 1 for monomial in value)


def _printed(value: Polynomial) -> str:
    """A linear polynomial as C: names in order, the constant last."""
    terms = [(m, c) for m, c in value.items() if m] + [((), value.get((), 0))]
    text = ""
    for monomial, coefficient in terms:
        if not monomial and (coefficient == 0 and text):
            continue
        magnitude = abs(coefficient)
        term = str(magnitude) if not monomial else \
            (monomial[0] if magnitude == 1 else f"{magnitude} * {monomial[0]}")
        if not text:
            text = f"-{term}" if coefficient < 0 else term
        else:
            text += f" - {term}" if coefficient < 0 else f" + {term}"
    return text or "0"


def _c_polynomial(node: c_ast.Node, env: dict[str, Polynomial | None]) -> Polynomial | None:
    """A subscript of the statement's text as a polynomial, its iterators replaced by
    their values; None where it is not a polynomial in names and integers."""
    if isinstance(node, c_ast.Constant):
        if node.type not in ("int", "long int", "unsigned int", "long long int",
                             "unsigned long int", "unsigned long long int"):
            return None
        try:
            return _constant(int(node.value.rstrip("uUlL"), 0))
        except ValueError:
            return None
    if isinstance(node, c_ast.ID):
        if node.name in env:
            return env[node.name]
        return {(node.name,): 1}
    if isinstance(node, c_ast.UnaryOp) and node.op in ("-", "+"):
        inner = _c_polynomial(node.expr, env)
        if inner is None:
            return None
        return _scale(inner, -1) if node.op == "-" else inner
    if isinstance(node, c_ast.BinaryOp) and node.op in ("+", "-", "*"):
        left, right = _c_polynomial(node.left, env), _c_polynomial(node.right, env)
        if left is None or right is None:
            return None
        if node.op == "+":
            return _add(left, right)
        if node.op == "-":
            return _add(left, _scale(right, -1))
        return _multiply(left, right)
    return None
