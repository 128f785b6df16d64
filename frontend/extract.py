"""From the pycparser AST of a region to a ``Scop``.

The walk mirrors the C: loops extend the iteration domain by one iterator,
``if`` restricts it, compound statements become sequences of the original
schedule, and every expression statement becomes a ``Statement`` with its
accesses. Anything outside the affine subset raises ``Unmodelled`` with the
location of the construct and the reason.
"""

from __future__ import annotations

import islpy as isl
from pycparser import c_ast, c_generator

from polyopt.core.errors import Location
from polyopt.core.scop import Access, Array, Region, Scop, Statement, fixed_sizes_set
from polyopt.frontend.calls import NOT_SEEN
from polyopt.frontend.affine import AffineBuilder, NotAffine, integer_constant, model_name, names_in
from polyopt.frontend.declarations import variables_at
from polyopt.frontend.delinearize import Polynomial, polynomial, shape, subscripts as delinearized
from polyopt.frontend.integers import INT, LONG, IntegerType, promote, type_of_words


class Unmodelled(Exception):
    """The region is outside what polyopt models; it will be emitted unchanged."""

    def __init__(self, message: str, location: Location | None):
        super().__init__(message)
        self.message = message
        self.location = location


_UNSUPPORTED = {
    c_ast.While: "'while' loop (only 'for' loops with affine bounds are modelled)",
    c_ast.DoWhile: "'do'-'while' loop (only 'for' loops with affine bounds are modelled)",
    c_ast.Goto: "'goto'",
    c_ast.Label: "label",
    c_ast.Return: "'return' inside the region",
    c_ast.Break: "'break' (loops must run their full iteration domain)",
    c_ast.Continue: "'continue' (loops must run their full iteration domain)",
    c_ast.Switch: "'switch'",
    c_ast.Pragma: "pragma inside the region",
    c_ast.StructRef: "structure or pointer member access",
}


class RegionNames(c_ast.NodeVisitor):
    """First pass over a region (or any subtree): its iterators, the names it writes
    (scalars, and arrays by their base name), its declarations, every identifier."""

    def __init__(self) -> None:
        self.iterators: set[str] = set()
        self.outer_iterators: list[str] = []
        self.written: set[str] = set()
        self.identifiers: set[str] = set()
        self.writes: dict[str, int] = {}          # assignments (and initialisers) per name
        self.declarations: dict[str, list[c_ast.Decl]] = {}

    def visit_For(self, node: c_ast.For) -> None:
        init = node.init
        if isinstance(init, c_ast.DeclList) and len(init.decls) == 1:
            self.iterators.add(init.decls[0].name)
            self.identifiers.add(init.decls[0].name)
        elif isinstance(init, c_ast.Assignment) and isinstance(init.lvalue, c_ast.ID):
            self.iterators.add(init.lvalue.name)
            if init.lvalue.name not in self.outer_iterators:
                self.outer_iterators.append(init.lvalue.name)
        self.generic_visit(node)

    def visit_ID(self, node: c_ast.ID) -> None:
        self.identifiers.add(node.name)

    def visit_Assignment(self, node: c_ast.Assignment) -> None:
        self._target(node.lvalue)
        self.generic_visit(node)

    def visit_Decl(self, node: c_ast.Decl) -> None:
        # a loop's `for (int i = ...)` names an iterator (visit_For); any other a local
        self.identifiers.add(node.name)
        self.declarations.setdefault(node.name, []).append(node)
        if node.init is not None:
            self.written.add(node.name)
            self.writes[node.name] = self.writes.get(node.name, 0) + 1
        self.generic_visit(node)

    def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
        if node.op in ("++", "--", "p++", "p--"):
            self._target(node.expr)
        self.generic_visit(node)

    def _target(self, node: c_ast.Node) -> None:
        while isinstance(node, c_ast.ArrayRef):
            node = node.name
        if isinstance(node, c_ast.ID):
            self.written.add(node.name)
            self.writes[node.name] = self.writes.get(node.name, 0) + 1


def final_value_lines(body: list[c_ast.Node], iterators: list[str]) -> list[str]:
    """The region's loops and conditions without their statements, where they assign
    `iterators` (declared outside the region): run after the optimized code, they
    leave each with the value the loops as written leave it (bounds and conditions
    of a SCoP read iterators and parameters only; gcc computes such empty loops'
    final values without running them). Empty without such iterators."""
    printer = c_generator.CGenerator()

    def skeleton(node: c_ast.Node) -> list[str]:
        if isinstance(node, c_ast.Compound):
            return [line for item in node.block_items or [] for line in skeleton(item)]
        if isinstance(node, c_ast.For):
            inner = skeleton(node.stmt)
            init = node.init
            if inner or (isinstance(init, c_ast.Assignment) and isinstance(init.lvalue, c_ast.ID)
                         and init.lvalue.name in iterators):
                parts = [printer.visit(part) if part is not None else ""
                         for part in (init, node.cond, node.next)]
                if isinstance(init, c_ast.DeclList):
                    parts[0] = printer.visit(init).rstrip(";")
                return [f"for ({'; '.join(parts)})", "{"] + [f"  {line}" for line in inner] + ["}"]
            return []
        if isinstance(node, c_ast.If):
            then, other = skeleton(node.iftrue), (skeleton(node.iffalse)
                                                  if node.iffalse is not None else [])
            if not then and not other:
                return []
            lines = [f"if ({printer.visit(node.cond)})", "{"] + [f"  {line}" for line in then]
            lines.append("}")
            if other:
                lines += ["else", "{"] + [f"  {line}" for line in other] + ["}"]
            return lines
        return []

    if not iterators:
        return []
    return [line for node in body for line in skeleton(node)]


def _location(source_name: str, node: c_ast.Node) -> Location | None:
    coord = getattr(node, "coord", None)
    if coord is None or coord.line is None:
        return None
    return Location(source_name, coord.line, coord.column)


class ScopBuilder:
    """Builds one Scop from the statements of one region."""

    def __init__(self, source_name: str, region: Region, body: list[c_ast.Node], types=None,
                 expand=None, judge=None, meaning=None):
        """`types` (frontend.integers.IntegerTypes) gives the C types of the names the
        region sees; with it, C's integer conversions are checked against the model
        and the generated iterators get a type wide enough for their values."""
        self.source_name = source_name
        self.types = _RegionTypes(types) if types is not None else None
        self.expand = expand        # frontend.macros.expander: index macros' values
        self.meaning = meaning      # frontend.macros.affine_meaning: the file's floord
        self.judge = judge          # frontend.calls.CallJudge: may a called function have
                                    # side effects (None: taken to have none)
        self.region = region
        self.body = body
        self.names = RegionNames()
        for node in body:
            self.names.visit(node)
        self.scalars_written = self.names.written - self.names.iterators
        self.definitions = _affine_candidates(self.names)
        self.parameters: set[str] = set()
        self.arrays: dict[str, Array] = {}
        self.statements: list[Statement] = []
        self.references = 0
        self.max_step = 1
        self.locals: dict[str, str] = {}             # declared in the region: name -> type
        # every access with one subscript, per array: (statement, access, the subscript
        # as a polynomial in size parameters, why it is not affine or None); an array
        # with a non-affine one is delinearized (frontend.delinearize) at the end
        self.linear: dict[str, list[tuple[Statement, Access, Polynomial, str | None]]] = {}
        self.assumption: isl.Set | None = None     # parameters the delinearized model needs
        # size macros the model takes at their value where they multiply a variable
        # (frontend.affine: AffineBuilder.fixed): name -> value, part of the assumption
        self.fixed: dict[str, int] = {}
        self.macro_accesses = False                 # an access through a macro's expansion
        # the functions called and the globals they read (none the region may write)
        self.hidden_reads: list[tuple[str, frozenset[str], c_ast.FuncCall]] = []
        self.helpers: list[str] = []    # the functions of the file the region calls
        self.notes: list[tuple[str, Location]] = []     # Scop.notes
        self.local_scopes: dict[str, list[c_ast.Node]] = {}   # where each may be named

    def fail(self, message: str, node: c_ast.Node | None) -> Unmodelled:
        location = _location(self.source_name, node) if node is not None else None
        return Unmodelled(message, location or self.region.location)

    def build(self) -> Scop:
        for node in self.body:
            self._check_supported(node)
        schedules = [self._schedule(node, [], None) for node in self.body]
        schedule = _sequence([s for s in schedules if s is not None])
        if schedule is None:
            raise self.fail("region contains no statement", None)
        for array in self.arrays.values():
            if array.name in self.parameters:
                raise self.fail(f"'{array.name}' is used both as an array and in an affine "
                                "expression", None)
        self._check_local_scopes()
        self._check_parameters()
        self._check_hidden_reads()
        self._delinearize()
        fixed_sizes = {model_name(name): value for name, value in self.fixed.items()}
        fixed = fixed_sizes_set(fixed_sizes)
        if fixed is not None:
            self.assumption = fixed if self.assumption is None else self.assumption.intersect(fixed)
        parameters = sorted(model_name(name) for name in self.parameters)
        scop = Scop(region=self.region, statements=self.statements, arrays=self.arrays,
                    parameters=parameters, schedule=schedule,
                    parameter_names={model_name(name): name for name in self.parameters
                                     if model_name(name) != name},
                    identifiers=set(self.names.identifiers),
                    outer_iterators=list(self.names.outer_iterators), locals=dict(self.locals),
                    assumption=None if self.assumption is None else str(self.assumption.coalesce()),
                    fixed_sizes=fixed_sizes,
                    macro_accesses=self.macro_accesses, notes=list(self.notes),
                    hidden_reads=[(name, reads, _location(self.source_name, node)
                                   or self.region.location)
                                  for name, reads, node in self.hidden_reads],
                    helpers=list(self.helpers),
                    final_values=final_value_lines(self.body, self.names.outer_iterators))
        if self.types is not None:
            self._choose_iterator_type(scop)
        return scop

    def _judge_call(self, node: c_ast.FuncCall) -> None:
        """A function called in a statement must be free of side effects
        (frontend.calls); the globals it reads are checked at the end (_check_hidden_reads)."""
        if self.judge is None:
            return
        if not isinstance(node.name, c_ast.ID):
            raise self.fail(f"{NOT_SEEN}; region left unchanged", node)
        if self._variable(node.name.name):
            raise self.fail(f"'{node.name.name}' is a variable where the region stands, "
                            f"{NOT_SEEN}; region left unchanged", node)
        why, reads = self.judge(node.name.name)
        why = why or self.judge.literal_arguments(node)
        if why is not None:
            raise self.fail(f"call to '{node.name.name}', which may have side effects "
                            f"({why}); region left unchanged", node)
        if node.name.name in self.judge.unseen and not any(
                node.name.name in message for message, _ in self.notes):
            self.notes.append((f"'{node.name.name}' is taken to be a macro without side "
                               "effects: polyopt finds no definition of it (give its "
                               "header's directory with -I to have it checked)",
                               _location(self.source_name, node) or self.region.location))
        if reads:
            self.hidden_reads.append((node.name.name, reads, node))
        if node.name.name in self.judge.definitions() and node.name.name not in self.helpers:
            self.helpers.append(node.name.name)

    def _variable(self, name: str) -> bool:
        """`name` is a variable where the region stands (a parameter or local of its
        function, or the region's: a function pointer), whatever function of that
        name the file defines too."""
        if name in self.locals:
            return True
        if self.types is None:
            return False
        return name in variables_at(self.types.file_types.source, self.types.file_types.offset)

    def _check_parameters(self) -> None:
        """A size that is a macro calling a function (`#define N get_n()`) would be
        called at each use in the generated bounds."""
        if self.judge is None:
            return
        for name in sorted(self.parameters):
            why, _ = self.judge.constant(name)
            if why is not None:
                raise self.fail(f"size '{name}' may have side effects ({why}); region left "
                                "unchanged", None)

    def _check_hidden_reads(self) -> None:
        """A function or macro must not read what the region writes (or a loop
        iterator): a dependence the model cannot see. The arrays they read that the
        region's pointers may reach are checked with their declarations
        (frontend.extract_scops)."""
        written = (self.scalars_written | self.names.iterators
                   | {name for name, array in self.arrays.items() if array.written})
        for name, reads, node in self.hidden_reads:
            if reads & written:
                raise self.fail(f"'{name}' reads '{sorted(reads & written)[0]}', which the "
                                "region writes (a dependence the model cannot see); region "
                                "left unchanged", node)

    def _choose_iterator_type(self, scop: Scop) -> None:
        """`int` for generated iterators where every name is an int (or narrower) and
        every iterator value fits; else `long`, with every parameter cast to
        it in generated bounds and the unsigned iterators cast back in statements."""
        for name in scop.parameters:
            if self.types.not_integer(scop.c_name(name)):
                # isl would take it as an integer: 'i <= x - 1' with x = 10.5 runs once more
                raise self.fail(f"'{scop.c_name(name)}' in a bound, condition or subscript is "
                                "not of an integer type; region left unchanged", None)
        kinds = {name: self.types(scop.c_name(name)) or INT for name in scop.parameters}
        iterator_kinds = self.types.iterator_kinds(self.names.iterators)
        wide = any(not INT.holds(promote(kind))
                   for kind in list(kinds.values()) + [k for ks in iterator_kinds.values() for k in ks])
        if wide or not self._domains_within(scop, INT, kinds):
            if not self._domains_within(scop, LONG, kinds):
                raise self.fail("iterator values do not fit in 'long'; region left unchanged", None)
            scop.iterator_type = "long"
            # every parameter is cast (the type found for a name may be another
            # scope's): isl's bounds multiply them by constants ('1000000000 * n')
            # that need long arithmetic, and unsigned ones must not wrap
            scop.parameter_casts = set(kinds)
            scop.iterator_casts = {name: ks[0].spelling for name, ks in iterator_kinds.items()
                                   if len(ks) == 1 and not promote(ks[0]).signed}
            if any(len(ks) > 1 and not all(promote(k).signed for k in ks)
                   for ks in iterator_kinds.values()):
                raise self.fail("an iterator name is declared with different unsigned types "
                                "in the region; region left unchanged", None)

    def _domains_within(self, scop: Scop, kind: IntegerType,
                        parameters: dict[str, IntegerType]) -> bool:
        """Every iterator value and step is within a quarter of `kind`'s range, for
        parameters within a quarter of theirs: generated code adds a few of them (a
        bound and a step: OpenMP's trip count, a tile's last value)."""
        margin = 4
        if self.max_step > kind.maximum // margin:
            return False
        ranges = parameter_ranges(parameters, margin)
        for statement in scop.statements:
            domain = statement.domain.reset_tuple_id().intersect_params(ranges)
            box = isl.Set.universe(domain.get_space())
            low = isl.Val.read_from_str(box.get_ctx(), str(kind.minimum // margin))
            high = isl.Val.read_from_str(box.get_ctx(), str(kind.maximum // margin))
            for k in range(domain.dim(isl.dim_type.set)):
                box = box.lower_bound_val(isl.dim_type.set, k, low).upper_bound_val(
                    isl.dim_type.set, k, high)
            if not domain.is_subset(box):
                return False
        return True

    def _prove(self, builder: AffineBuilder, points: isl.Set) -> None:
        """Where the expressions of `builder` are evaluated (`points`), C's value of
        each is the mathematical one the model uses: it is within its C type."""
        obligations, builder.obligations = builder.obligations, []
        if self.types is None:
            return
        points = points.reset_tuple_id()
        for value, kind, node in obligations:
            wrong = (value.lt_set(builder.constant(kind.minimum))
                     .union(value.gt_set(builder.constant(kind.maximum))))
            wrong = wrong.intersect(points)
            names = [wrong.get_dim_name(isl.dim_type.param, k)
                     for k in range(wrong.dim(isl.dim_type.param))]
            wrong = wrong.intersect_params(parameter_ranges(
                {name: self.types(name) or INT for name in names}))
            if not wrong.is_empty():
                raise self.fail(f"C gives this the type '{kind.spelling}', in which its value can "
                                "differ from the integer polyopt models (a negative or too large "
                                "value converted or wrapped); region left unchanged", node)

    def _check_supported(self, root: c_ast.Node) -> None:
        stack = [root]
        while stack:
            node = stack.pop()
            if isinstance(node, c_ast.DeclList):
                stack.extend(decl.init for decl in node.decls if decl.init is not None)
                continue
            if isinstance(node, c_ast.Decl):
                self._local_type(node)          # a scalar, or the region is not modelled
                if node.init is not None:
                    stack.append(node.init)
                continue
            for kind, reason in _UNSUPPORTED.items():
                if isinstance(node, kind):
                    raise self.fail(f"{reason}; region left unchanged", node)
            if isinstance(node, c_ast.UnaryOp) and node.op in ("*", "&"):
                what = "pointer dereference" if node.op == "*" else "address-of operator"
                raise self.fail(f"{what} (pointer arithmetic is not modelled); region left unchanged",
                                node)
            stack.extend(child for _, child in node.children())

    # -- the walk -----------------------------------------------------------
    def _schedule(self, node, iterators: list[str], domain: isl.Set | None):
        """Schedule of a subtree, or None if it has no statement.

        Returns (schedule, pending) where pending is the band of perfectly nested
        loops directly above the schedule's root that the caller may extend.
        The public wrapper materializes the pending band.
        """
        schedule, pending = self._walk(node, iterators, domain)
        return _materialize(schedule, pending)

    def _walk(self, node, iterators, domain):
        if domain is None:
            domain = isl.Set.universe(isl.Space.create_from_names(isl.DEFAULT_CONTEXT, set=[]))
        if isinstance(node, c_ast.Compound):
            items = [item for item in (node.block_items or [])
                     if not isinstance(item, c_ast.EmptyStatement)]
            items = self._locals(items, iterators)
            if len(items) == 1:
                return self._walk(items[0], iterators, domain)
            parts = [self._schedule(item, iterators, domain) for item in items]
            return _sequence([p for p in parts if p is not None]), None
        if isinstance(node, c_ast.Decl):
            raise self.fail(f"declaration of '{node.name}' at the region's top level (it is "
                            "seen after the region; one in a block of the region is "
                            "modelled)", node)
        if isinstance(node, c_ast.For):
            return self._loop(node, iterators, domain)
        if isinstance(node, c_ast.If):
            builder = self._affine(iterators)
            try:
                condition = builder.condition(node.cond)
            except NotAffine as error:
                raise self.fail(f"condition is not affine: {error.message}", error.node) from None
            self._prove(builder, domain)
            parts = [self._schedule(node.iftrue, iterators, domain.intersect(condition))]
            if node.iffalse is not None:
                parts.append(self._schedule(node.iffalse, iterators,
                                            domain.intersect(condition.complement())))
            return _sequence([p for p in parts if p is not None]), None
        if isinstance(node, c_ast.EmptyStatement):
            return None, None
        if isinstance(node, (c_ast.Assignment, c_ast.UnaryOp)):
            return self._statement(node, iterators, domain), None
        if isinstance(node, c_ast.FuncCall):
            raise self.fail("call statement with unknown side effects; region left unchanged", node)
        raise self.fail(f"statement of kind '{type(node).__name__}' is not modelled; "
                        "region left unchanged", node)

    # -- scalars declared in the region ---------------------------------------
    def _local_type(self, node: c_ast.Decl) -> str:
        """The type of a scalar declared in the region, as the generated code declares
        it; anything else (an array, a pointer, static or extern) is not modelled."""
        declared = node.type
        if (not isinstance(declared, c_ast.TypeDecl)
                or not isinstance(declared.type, c_ast.IdentifierType)):
            raise self.fail(f"declaration of '{node.name}' inside the region that is not "
                            "a scalar (only scalars and loop iterators may be declared)", node)
        if node.storage or node.funcspec or node.bitsize is not None or \
                set(node.quals) - {"const"}:
            words = " ".join(node.storage + node.funcspec + [q for q in node.quals if q != "const"])
            raise self.fail(f"'{words}' declaration of '{node.name}' inside the region", node)
        if isinstance(node.init, c_ast.InitList):
            raise self.fail(f"initialiser list for '{node.name}'", node)
        return " ".join(declared.type.names)

    def _locals(self, items: list[c_ast.Node], iterators: list[str]) -> list[c_ast.Node]:
        """A block's items with its scalar declarations recorded (self.locals) and each
        initialiser made an assignment statement (`double s = 0;` -> `s = 0;`)."""
        result = []
        for k, item in enumerate(items):
            if not isinstance(item, c_ast.Decl):
                result.append(item)
                continue
            kind = self._local_type(item)
            if item.name in iterators or item.name in self.names.iterators:
                raise self.fail(f"'{item.name}' is declared in the region and is a loop "
                                "iterator", item)
            if self.locals.setdefault(item.name, kind) != kind:
                raise self.fail(f"'{item.name}' is declared in the region with two types "
                                f"('{self.locals[item.name]}' and '{kind}')", item)
            self.local_scopes.setdefault(item.name, []).extend(
                [item.init] * (item.init is not None) + items[k + 1:])
            if item.init is not None:
                result.append(c_ast.Assignment("=", c_ast.ID(item.name, item.coord), item.init,
                                               item.coord))
        return result

    def _check_local_scopes(self) -> None:
        """Each declared scalar is named only where its declaration is seen: the
        generated code declares it once for the whole region."""
        for name, scopes in self.local_scopes.items():
            inside = sum(_count_name(node, name) for node in scopes)
            everywhere = sum(_count_name(node, name) for node in self.body)
            if inside != everywhere:
                raise self.fail(f"'{name}' is declared in a block of the region and also "
                                "named outside that block", None)

    def _affine(self, iterators: list[str]) -> AffineBuilder:
        forbidden = self.scalars_written | (self.names.iterators - set(iterators))
        builder = AffineBuilder(iterators, forbidden, self.parameters, self.types, self.expand,
                                self.meaning)
        builder.definitions = self.definitions
        if self.judge is not None:
            builder.macro_value = self.judge.macro_value
        builder.fixed = self.fixed
        return builder

    def _loop(self, node: c_ast.For, iterators, domain):
        declared = dict(self.types.declared) if self.types is not None else None
        try:
            return self._typed_loop(node, iterators, domain)
        finally:
            if self.types is not None:     # a `for (T i ...)` declaration ends with its loop
                self.types.declared = declared

    def _typed_loop(self, node: c_ast.For, iterators, domain):
        iterator, lower_node = self._loop_init(node)
        if iterator in iterators:
            raise self.fail(f"loop iterator '{iterator}' shadows an enclosing iterator", node)
        step = self._loop_step(node, iterator)
        self.max_step = max(self.max_step, abs(step))
        inner = iterators + [iterator]
        builder = self._affine(inner)
        try:
            if iterator in _identifier_names(lower_node):
                raise NotAffine("initial value depends on the iterator itself", lower_node)
            lower, lower_kind = builder.typed_expression(lower_node)
            if self.types is not None:
                # the assignment converts the initial value to the iterator's type
                builder.convert(lower, lower_kind, self.types(iterator) or INT, lower_node)
            lower_obligations, builder.obligations = builder.obligations, []
            if node.cond is None:
                raise NotAffine("loop without a condition", node)
            condition = builder.condition(node.cond)
        except NotAffine as error:
            raise self.fail(f"loop bound is not affine: {error.message}", error.node) from None
        condition_obligations, builder.obligations = builder.obligations, []
        if not _monotone(condition, step):
            raise self.fail(f"condition of the loop on '{iterator}' is not a bound in the "
                            "direction of its step", node.cond)
        value = builder.expression(c_ast.ID(iterator))
        start = value.ge_set(lower) if step > 0 else value.le_set(lower)
        inner_domain = (domain.add_dims(isl.dim_type.set, 1)
                        .set_dim_name(isl.dim_type.set, len(iterators), iterator)
                        .intersect(start).intersect(condition))
        if abs(step) != 1:
            offset = value.sub(lower) if step > 0 else lower.sub(value)
            stride = offset.mod_val(isl.Val.int_from_si(isl.DEFAULT_CONTEXT, abs(step)))
            inner_domain = inner_domain.intersect(stride.eq_set(builder.constant(0)))
        builder.obligations = []
        if self.types is not None:
            # C evaluates the initial value once, and the condition at the first
            # value and after each step: there C's values must be the model's.
            outer = (domain.add_dims(isl.dim_type.set, 1)
                     .set_dim_name(isl.dim_type.set, len(iterators), iterator))
            builder.obligations = lower_obligations
            self._prove(builder, outer)
            builder.obligations = condition_obligations
            self._prove(builder, outer.intersect(value.eq_set(lower))
                        .union(_shifted(inner_domain, step)))
        self._check_not_assigned(node.stmt, iterator)
        first = len(self.statements)
        schedule, pending = self._walk(node.stmt, inner, inner_domain)
        band = self._band(self.statements[first:], len(iterators), step)
        if band is None:
            return schedule, pending
        pending = band if pending is None else band.flat_range_product(pending)
        return schedule, pending

    def _loop_init(self, node: c_ast.For) -> tuple[str, c_ast.Node]:
        init = node.init
        if isinstance(init, c_ast.DeclList) and len(init.decls) == 1 and init.decls[0].init is not None:
            decl = init.decls[0]
            type_node = decl.type
            if not isinstance(type_node, c_ast.TypeDecl):
                raise self.fail("loop iterator must be a plain integer variable", decl)
            if self.types is not None:
                self.types.declare(decl.name, type_node)
            return decl.name, decl.init
        if isinstance(init, c_ast.Assignment) and init.op == "=" and isinstance(init.lvalue, c_ast.ID):
            return init.lvalue.name, init.rvalue
        raise self.fail("loop initialisation must assign one iterator", init or node)

    def _loop_step(self, node: c_ast.For, iterator: str) -> int:
        step = node.next

        def is_iterator(expr):
            return isinstance(expr, c_ast.ID) and expr.name == iterator

        try:
            if isinstance(step, c_ast.UnaryOp) and is_iterator(step.expr):
                if step.op in ("++", "p++"):
                    return 1
                if step.op in ("--", "p--"):
                    return -1
            if isinstance(step, c_ast.Assignment) and is_iterator(step.lvalue):
                if step.op in ("+=", "-=") and isinstance(step.rvalue, c_ast.Constant):
                    value = integer_constant(step.rvalue)
                    value = value if step.op == "+=" else -value
                    if value != 0:
                        return value
                rhs = step.rvalue
                if step.op == "=" and isinstance(rhs, c_ast.BinaryOp) and rhs.op in "+-":
                    if is_iterator(rhs.left) and isinstance(rhs.right, c_ast.Constant):
                        value = integer_constant(rhs.right)
                        value = value if rhs.op == "+" else -value
                        if value != 0:
                            return value
                    if rhs.op == "+" and is_iterator(rhs.right) and isinstance(rhs.left, c_ast.Constant):
                        value = integer_constant(rhs.left)
                        if value != 0:
                            return value
        except NotAffine:
            pass
        raise self.fail(f"loop on '{iterator}' must step by a non-zero constant", step or node)

    def _check_not_assigned(self, body: c_ast.Node, iterator: str) -> None:
        names = RegionNames()
        names.visit(body)
        if iterator in names.written:
            raise self.fail(f"loop iterator '{iterator}' is modified in the loop body", body)

    def _band(self, statements: list[Statement], depth: int, step: int):
        """The loop at `depth` as a partial schedule over the statements inside it;
        a downward loop runs its iterator's values in decreasing order."""
        if not statements:
            return None
        pieces = []
        for statement in statements:
            dims = ", ".join(f"i{k}" for k in range(len(statement.iterators)))
            sign = "" if step > 0 else "-"
            pieces.append(f"{statement.name}[{dims}] -> [{sign}i{depth}]")
        relation = isl.UnionMap("{ " + "; ".join(pieces) + " }")
        return isl.MultiUnionPwAff.from_union_map(relation)

    # -- statements and accesses -------------------------------------------
    def _statement(self, node: c_ast.Node, iterators: list[str], domain: isl.Set):
        if isinstance(node, c_ast.UnaryOp) and node.op not in ("++", "--", "p++", "p--"):
            raise self.fail("expression statement without effect is not modelled", node)
        name = f"S{len(self.statements)}"
        statement = Statement(name=name, iterators=list(iterators),
                              domain=domain.set_tuple_name(name), accesses=[], body=node,
                              location=_location(self.source_name, node) or self.region.location)
        self._accesses(statement, node, self._affine(iterators), write=False)
        self.statements.append(statement)
        return isl.Schedule.from_domain(isl.UnionSet.from_set(statement.domain))

    def _accesses(self, statement: Statement, node, builder: AffineBuilder, write: bool,
                  read: bool = True) -> None:
        """Record the accesses of an expression; `write`/`read` say how `node` itself is used."""
        if isinstance(node, c_ast.Assignment):
            self._accesses(statement, node.lvalue, builder, write=True, read=node.op != "=")
            self._accesses(statement, node.rvalue, builder, write=False)
        elif isinstance(node, c_ast.UnaryOp):
            if node.op in ("++", "--", "p++", "p--"):
                self._accesses(statement, node.expr, builder, write=True, read=True)
            elif node.op != "sizeof":
                self._accesses(statement, node.expr, builder, write=False)
        elif isinstance(node, (c_ast.ArrayRef, c_ast.ID)):
            self._reference(statement, node, builder, write, read)
        elif isinstance(node, c_ast.FuncCall):
            expansion = self.expand(node) if self.expand is not None else None
            if isinstance(expansion, c_ast.ArrayRef):     # #define A(i, j) a[(i) * n + (j)]
                self.macro_accesses = True
                try:
                    self._reference(statement, expansion, builder, write, read, at=node)
                except Unmodelled as error:
                    raise self.fail(f"{error.message} (in the expansion of macro "
                                    f"'{node.name.name}')", node) from None
                return
            if write:
                raise self.fail("assignment to a call (a macro that is not one array "
                                "element?) is not modelled", node)
            self._judge_call(node)
            for argument in (node.args.exprs if node.args else []):
                if (isinstance(argument, c_ast.ID) and argument.name in self.arrays
                        and self.arrays[argument.name].rank > 0):
                    raise self.fail(f"array '{argument.name}' passed to a function", argument)
                self._accesses(statement, argument, builder, write=False)
        elif isinstance(node, c_ast.TernaryOp):
            for part in (node.cond, node.iftrue, node.iffalse):
                if _contains_assignment(part):
                    raise self.fail("assignment inside a conditional expression", part)
                self._accesses(statement, part, builder, write=False)
        elif isinstance(node, (c_ast.BinaryOp, c_ast.Cast, c_ast.ExprList)):
            for _, child in node.children():
                if not isinstance(child, c_ast.Typename):
                    self._accesses(statement, child, builder, write=False)
        elif isinstance(node, (c_ast.Constant, c_ast.Typename)):
            pass
        else:
            raise self.fail(f"expression of kind '{type(node).__name__}' is not modelled", node)

    def _reference(self, statement, node, builder: AffineBuilder, write: bool, read: bool,
                   at: c_ast.Node | None = None) -> None:
        """Record one reference; `at`: the macro call it is the expansion of (its location)."""
        subscripts = []
        base = node
        while isinstance(base, c_ast.ArrayRef):
            subscripts.insert(0, base.subscript)
            base = base.name
        if not isinstance(base, c_ast.ID):
            raise self.fail("array base is not a plain name (pointer arithmetic is not modelled)", base)
        name = base.name
        if name in statement.iterators:
            if write:
                raise self.fail(f"loop iterator '{name}' is modified in the loop body", node)
            if subscripts:
                raise self.fail(f"loop iterator '{name}' used as an array", node)
            return
        if name in self.names.iterators:
            raise self.fail(f"'{name}' is a loop iterator used outside its loop", node)
        if not subscripts and name not in self.scalars_written:
            if name in self.arrays and self.arrays[name].rank > 0:
                raise self.fail(f"array '{name}' used without subscripts", node)
            if self.judge is not None:      # a macro whose value calls a function
                why, reads = self.judge.constant(name)
                if why is not None:
                    raise self.fail(f"'{name}' may have side effects ({why}); region left "
                                    "unchanged", at or node)
                if reads:
                    self.hidden_reads.append((name, reads, at or node))
            return   # read-only scalar or constant: no dependence can involve it
        array = self.arrays.setdefault(name, Array(name, len(subscripts)))
        if array.rank != len(subscripts):
            raise self.fail(f"'{name}' is used with {len(subscripts)} subscripts here and "
                            f"{array.rank} elsewhere", node)
        values, poly, why = self._subscript_values(builder, subscripts)
        self._prove(builder, statement.domain)
        # the relation of a non-affine subscript is made when the array's shape is known
        relation = None if values is None else self._relation(statement, values, name)
        location = _location(self.source_name, at or node) or statement.location
        made = []
        if write:
            array.written = True
            made.append(self._access(name, relation, True, location))
        if read:
            made.append(self._access(name, relation, False, location))
        statement.accesses += made
        if poly is not None:
            self.linear.setdefault(name, []).extend((statement, a, poly, why) for a in made)
        # the statement's text reads the scalars its subscripts name for their values
        for held in sorted(set().union(*map(names_in, subscripts)) & set(self.definitions)):
            self._reference(statement, c_ast.ID(held, node.coord), builder, False, True, at)

    @staticmethod
    def _relation(statement: Statement, values: list[isl.PwAff], name: str) -> isl.Map:
        """{ statement[iterators] -> name[values] } on the statement's domain."""
        unnamed = statement.domain.reset_tuple_id()
        relation = isl.Map.from_domain(unnamed)
        for value in values:
            relation = relation.flat_range_product(isl.Map.from_pw_aff(value))
        return (relation.intersect_domain(unnamed)
                .set_tuple_name(isl.dim_type.in_, statement.name)
                .set_tuple_name(isl.dim_type.out, name))

    def _delinearize(self) -> None:
        """Each array with a subscript that is not affine but a polynomial in size
        parameters (``y[i * m + j]``) becomes the multi-dimensional array it is
        indexed as (frontend.delinearize), with every one of its accesses; where it
        cannot, the region is left unchanged with the subscript's reason."""
        for name, entries in self.linear.items():
            failing = next(((access, why) for _, access, _, why in entries if why), None)
            if failing is None:
                continue
            found = shape([poly for _, _, poly, _ in entries])
            if isinstance(found, str):
                if self._at_macro_values(name, entries):
                    continue
                raise Unmodelled(f"{failing[1]}; as a multi-dimensional array, {found}",
                                 failing[0].location)
            sizes, chain = found
            size_nodes = {k: v for _, _, poly, _ in entries for k, v in poly.size_nodes.items()}
            relations, needed = [], None
            for statement, access, poly, _ in entries:
                poly.size_nodes = size_nodes
                try:
                    made = delinearized(poly, sizes, chain, statement.domain,
                                        self._affine(statement.iterators))
                except NotAffine as error:      # a size that is no parameter here
                    made = error.message
                if isinstance(made, str):
                    if self._at_macro_values(name, entries):
                        break
                    raise Unmodelled(f"{failing[1]}; {made}", access.location)
                values, right = made
                relations.append((access, self._relation(statement, values, name)))
                if not right.is_equal(isl.Set.universe(right.get_space())):
                    needed = right if needed is None else needed.intersect(right)
            else:
                # rows the file's own sizes contradict (`h[k * S]` beside `h[j]`, j < N:
                # rows of S only where N <= S) are no rows: the size macros at their
                # values, where that makes every subscript affine
                if (needed is not None and self._false_at_macro_values(needed)
                        and self._at_macro_values(name, entries)):
                    continue
                for access, relation in relations:
                    access.relation = relation
                if needed is not None:
                    self.assumption = (needed if self.assumption is None
                                       else self.assumption.intersect(needed))
                self.arrays[name].rank = len(chain)
                self.arrays[name].linear_sizes = sizes

    def _false_at_macro_values(self, condition: isl.Set) -> bool:
        """Is a condition on the parameters false with each size macro at its value?"""
        if self.judge is None:
            return False
        for name in self.parameters:
            value = self.judge.macro_value(name)
            position = condition.find_dim_by_name(isl.dim_type.param, model_name(name))
            if value is not None and position >= 0:
                condition = condition.fix_val(isl.dim_type.param, position,
                                              isl.Val.int_from_si(condition.get_ctx(), value))
        return condition.is_empty()

    def _at_macro_values(self, name: str, entries) -> bool:
        """The accesses of `name` with every size macro of their subscripts at its
        value (``AffineBuilder.fixed``, tested at run time), if that makes each affine:
        True once their relations are set."""
        if self.judge is None:
            return False
        fixed, made = dict(self.fixed), []
        for statement, access, poly, _ in entries:
            builder = self._affine(statement.iterators)
            builder.fixed = fixed
            try:
                made.append((access, self._relation(statement, [builder.expression(poly.node)],
                                                    name)))
            except NotAffine:
                return False
        for access, relation in made:
            access.relation = relation
        self.fixed.update(fixed)
        return True

    def _subscript_values(self, builder: AffineBuilder, subscripts: list[c_ast.Node]):
        """(the subscripts' affine values, or None; a single subscript as a polynomial
        in size parameters, or None; why it is not affine, or None). A single one is
        read as written, then as the rows of a flat array (`y[i * m + j]`:
        frontend.delinearize), and only then with size macros at their values
        (AffineBuilder.fixed), which ties the code to them."""
        if len(subscripts) != 1:
            try:
                return [builder.expression(each) for each in subscripts], None, None
            except NotAffine as error:
                raise self.fail(f"subscript is not affine: {error.message}",
                                error.node) from None
        subscript = subscripts[0]
        macro_value, builder.macro_value = builder.macro_value, None
        try:
            try:
                value = builder.expression(subscript)
                return [value], Polynomial({(): value}, subscript), None
            except NotAffine as error:
                first = error
            why = f"subscript is not affine: {first.message}"
            try:
                return None, polynomial(builder, subscript), why
            except NotAffine:
                pass
        finally:
            builder.macro_value = macro_value
        if macro_value is not None:
            try:
                value = builder.expression(subscript)
                return [value], Polynomial({(): value}, subscript), None
            except NotAffine:
                pass
        raise self.fail(why, first.node)

    def _access(self, array: str, relation: isl.Map, is_write: bool, location: Location) -> Access:
        self.references += 1
        return Access(f"R{self.references - 1}", array, relation, is_write, location)


_SIGNED_WORDS = {"int", "long", "short", "signed"}


def _affine_candidates(names: RegionNames) -> dict[str, c_ast.Node]:
    """The region's scalars that may hold an affine value: declared once in a block of
    the region, of a signed integer type, with an initialiser, and never assigned
    again (`int c = x + y * nx;`, `int w = x == 0 ? c : c - 1;`): name -> initialiser.
    Where their initialiser is affine, bounds, conditions and subscripts that name
    them have its value (pet's substitution); otherwise they stay scalars."""
    result = {}
    for name, declarations in names.declarations.items():
        if len(declarations) != 1 or names.writes.get(name) != 1 or name in names.iterators:
            continue
        declaration = declarations[0]
        kind = declaration.type
        if (declaration.init is None or isinstance(declaration.init, c_ast.InitList)
                or declaration.storage or not isinstance(kind, c_ast.TypeDecl)
                or not isinstance(kind.type, c_ast.IdentifierType)
                or not set(kind.type.names) <= _SIGNED_WORDS):
            continue
        result[name] = declaration.init
    return result


def _count_name(node: c_ast.Node, name: str) -> int:
    """How many times an expression or statement names `name` (as an identifier)."""
    count = int(isinstance(node, c_ast.ID) and node.name == name)
    return count + sum(_count_name(child, name) for _, child in node.children())


def _identifier_names(node: c_ast.Node) -> set[str]:
    names = RegionNames()
    names.visit(node)
    return names.identifiers


def _contains_assignment(node: c_ast.Node) -> bool:
    names = RegionNames()
    names.visit(node)
    return bool(names.written)


def _monotone(condition: isl.Set, step: int) -> bool:
    """True if the condition, once false along the step direction, stays false."""
    n = condition.dim(isl.dim_type.set)
    space = condition.get_space()
    aff = isl.Aff.var_on_domain(isl.LocalSpace.from_space(space), isl.dim_type.set, n - 1)
    moved = aff.add_constant_val(isl.Val.int_from_si(condition.get_ctx(), -1 if step > 0 else 1))
    multi = isl.MultiAff.identity(space.map_from_set()).set_aff(n - 1, moved)
    shift = isl.Map.from_multi_aff(multi)
    return condition.apply(shift).is_subset(condition)


def _sequence(schedules: list[isl.Schedule]):
    if not schedules:
        return None
    result = schedules[0]
    for schedule in schedules[1:]:
        result = result.sequence(schedule)
    return result


def _materialize(schedule, pending):
    if schedule is None or pending is None:
        return schedule
    return schedule.insert_partial_schedule(pending)


class _RegionTypes:
    """The file's types (frontend.integers.IntegerTypes), and those of the iterators
    the region declares in its loops, the latest declaration first."""

    def __init__(self, types):
        self.file_types = types
        self.typedefs = types.typedefs
        self.declared: dict[str, IntegerType] = {}
        self.history: dict[str, list[IntegerType]] = {}

    def declare(self, name: str, type_node: c_ast.TypeDecl) -> None:
        names = type_node.type.names if isinstance(type_node.type, c_ast.IdentifierType) else []
        kind = type_of_words(names, self.typedefs) or INT
        self.declared[name] = kind
        if kind not in self.history.setdefault(name, []):
            self.history[name].append(kind)

    def __call__(self, name: str) -> IntegerType | None:
        if name in self.declared:
            return self.declared[name]
        return self.file_types(name)

    def not_integer(self, name: str) -> bool:
        return name not in self.declared and self.file_types.not_integer(name)

    def iterator_kinds(self, names) -> dict[str, list[IntegerType]]:
        return {name: self.history.get(name) or [self.file_types(name) or INT] for name in names}


def parameter_ranges(kinds: dict[str, IntegerType], margin: int = 1) -> isl.Set:
    """The parameter values the C types allow (an unsigned long is assumed below
    2^63, as every object size is), divided by `margin`."""
    names = sorted(kinds)
    constraints = " and ".join(
        f"{max(kind.minimum, LONG.minimum) // margin} <= {name} <= "
        f"{min(kind.maximum, LONG.maximum) // margin}"
        for name, kind in ((name, kinds[name]) for name in names))
    return isl.Set(f"[{', '.join(names)}] -> {{ : {constraints or 'true'} }}")


def _shifted(points: isl.Set, step: int) -> isl.Set:
    """The points with their last coordinate moved by `step`."""
    n = points.dim(isl.dim_type.set)
    space = points.get_space()
    aff = isl.Aff.var_on_domain(isl.LocalSpace.from_space(space), isl.dim_type.set, n - 1)
    moved = aff.add_constant_val(isl.Val.int_from_si(points.get_ctx(), step))
    multi = isl.MultiAff.identity(space.map_from_set()).set_aff(n - 1, moved)
    return points.apply(isl.Map.from_multi_aff(multi))
