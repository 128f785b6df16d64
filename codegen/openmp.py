"""The OpenMP C target: isl AST to C text through cgen.

Loops annotated parallel get ``#pragma omp parallel for``, with an ``if`` clause
where the work of a region depends on sizes not known (codegen.granularity);
innermost loops proven free of dependences get ``#pragma omp simd`` (gcc and clang
honour it with ``-fopenmp`` or ``-fopenmp-simd``); an innermost loop that
accumulates into one element gets it in a local (codegen.accumulate); all
iterators are declared in their ``for`` so they are private to each thread.

generate_openmp makes the C lines of a scheduled SCoP: the AST built (codegen.ast),
read back and checked (codegen.verify), generated again from the flat schedule map
where isl's code of the tree is wrong, then printed (OpenMPPrinter).
"""

from __future__ import annotations

import logging
import re

from polyopt.codegen.deferred import numpy_deferred

with numpy_deferred():      # the package's first import of cgen (codegen/__init__ imports this)
    import cgen
import islpy as isl
from pycparser import c_ast

from polyopt.codegen.accumulate import Accumulation, AccumulationFinder
from polyopt.codegen.ast import (COLLAPSE, COPIES, IVDEP, PARALLEL, SIMD, UNSWITCHED, build_ast,
                                 calls_in, constant_trips, contains_for, known_trips, loops_in,
                                 loops_under, statements_in,
                                 iterator_prefix, single_loop_chain)
from polyopt.codegen.expressions import ExpressionPrinter, parameter_casts
from polyopt.codegen.granularity import SHARED_REGION_FACTOR, SMALL_REGION, RegionDecider, RegionWork
from polyopt.codegen.nest import GeneratedNest
from polyopt.codegen.registers import CopiesPrinter, register_copies
from polyopt.codegen.statements import statement_text
from polyopt.codegen.verify import AstCheck, check_ast, run_checks
from polyopt.codegen.versioning import assumed_context, region_condition
from polyopt.core.dependences import all_accesses
from polyopt.core.errors import CodegenError, WrongCodeError
from polyopt.core.scop import Scop, numbered_name, subscript_rows
from polyopt.core.timebox import step
from polyopt.core.marks import MAX_REGISTER_FACTOR
from polyopt.core.operations import isl_operations

log = logging.getLogger(__name__)

#: The operation budget of the AST for every size that is run in place of versioned
#: code (generate_openmp's for_all_sizes), as a multiple of the caller's budget
PROXY_BUDGET_FACTOR = 4
#: The iterations of a strip of the innermost loop of a reduction nest under a SIMD
#: loop (OpenMPPrinter._strip_innermost)
STRIP = 4


class OpenMPPrinter:
    """Turns one SCoP's isl AST into cgen objects."""

    def __init__(self, scop: Scop, expressions: ExpressionPrinter,
                 accumulations: dict[str, Accumulation] | None = None,
                 private: dict[str, set[str]] | None = None):
        self.scop = scop
        self.private = private or {}    # private scalar -> the statements that write it
        self.expressions = expressions
        self.accumulations = accumulations or {}
        self.replaced: dict[str, dict[int, str]] = {}   # statement -> ArrayRef id -> local
        self.local = _free_name(scop, "polyopt_accumulator")
        self.registers = 0       # locals of register tiles' elements printed so far
        self.parallel_loops: list[str] = []
        self.parallel_nests: list[int] = []   # the nest of each parallel loop, from 1
        self.parallel_conditions: list[str | None] = []   # the if clause of each one
        self.small_regions: list[str] = []    # parallel loops left serial: too little work
        # the pragmas of parallel loops over tiles, each with whether it walks a
        # triangle of tiles, the arrays it writes, and whether a loop holds it
        # (balance_triangles)
        self.tile_loops: list[tuple[cgen.Pragma, bool, set[str], bool]] = []
        self.nest = 0
        self.depth = 0      # the loops being printed, the current one included
        self.ivdep = 0      # the IVDEP loops around the one being printed (codegen.ast)
        self.assumed: dict[str, bool] = {}   # conditions of unswitched loops -> their value
        # the iterators of innermost loops printed strip-mined (_strip_mined)
        self.strip_mined: set[str] = set()
        # innermost reduction loops whose accesses would be gathered (AstResult.gathering)
        self.gathering: set[tuple[str, frozenset[str]]] = set()

    def print_nests(self, root: isl.AstNode) -> list[cgen.Generable]:
        """The whole AST; each top-level loop or condition is a nest, numbered from 1
        (in the report of the parallel loops)."""
        nodes = [root]
        if root.get_type() == isl.ast_node_type.block:
            children = root.block_get_children()
            nodes = [children.get_at(k) for k in range(children.n_ast_node())]
        items = []
        for node in nodes:
            if node.get_type() != isl.ast_node_type.user:
                self.nest += 1
            items.extend(self.print(node))
        return items

    def print(self, node: isl.AstNode) -> list[cgen.Generable]:
        kind = node.get_type()
        if kind == isl.ast_node_type.block:
            children = node.block_get_children()
            items = []
            for k in range(children.n_ast_node()):
                items.extend(self.print(children.get_at(k)))
            return items
        if kind == isl.ast_node_type.for_:
            condition = self._invariant_condition(node)
            if condition is not None:
                return self._unswitched(node, condition)
            self._share_regions(node)
            self.depth += 1
            try:
                return self._for(node)
            finally:
                self.depth -= 1
        if kind == isl.ast_node_type.if_:
            condition = self.expressions(node.if_get_cond())
            if condition in self.assumed:
                if self.assumed[condition]:
                    return self.print(node.if_get_then_node())
                return self.print(node.if_get_else_node()) if node.if_has_else_node() else []
            then = cgen.Block(self.print(node.if_get_then_node()))
            otherwise = cgen.Block(self.print(node.if_get_else_node())) if node.if_has_else_node() else None
            return [cgen.If(condition, then, otherwise)]
        if kind == isl.ast_node_type.user:
            return [cgen.Statement(self._user(node.user_get_expr()))]
        if kind == isl.ast_node_type.mark:
            return self.print(node.mark_get_node())
        raise NotImplementedError(f"isl AST node {kind}")

    def _share_regions(self, node: isl.AstNode) -> None:
        """In a loop that opens no region itself, the loops inside it left serial for too
        little work, of at least a SHARED_REGION_FACTOR-th of a region's, that move
        along a subscript of an array that a parallel loop inside it moves along too
        (``_spread``: the same rows), get a region: serial, they would move what the
        regions spread over the cores to one core and back at every iteration."""
        annotation = node.get_annotation()
        if node.for_is_degenerate() or (annotation is not None and annotation.get_name()
                                        in (PARALLEL, SMALL_REGION, COPIES)):
            return
        regions, small = [], []
        for loop in loops_under(node.for_get_body()):
            mark = loop.get_annotation()
            if mark is not None and mark.get_name() == PARALLEL:
                regions.append(loop)
            elif mark is not None and mark.get_name() == SMALL_REGION and \
                    isinstance(mark.user, RegionWork) and mark.user.known is not None and \
                    mark.user.known * SHARED_REGION_FACTOR >= mark.user.threshold and \
                    not mark.user.shared:
                small.append(loop)
        if not regions or not small:
            return
        spread = set().union(*(self._spread(loop) for loop in regions))
        for loop in small:
            if spread & self._spread(loop):
                loop.get_annotation().user.shared = True

    def _spread(self, loop: isl.AstNode) -> set[tuple[str, int]]:
        """(array, subscript position) of the arrays whose subscripts move with `loop`'s
        iterator in one position only: the rows (or columns) a parallel loop there hands
        out to the threads (a diagonal tile's loop moves along both: left out)."""
        iterator = self.expressions(loop.for_get_iterator())
        positions: dict[str, set[int]] = {}
        for call in calls_in(loop.for_get_body()):
            statement = self.scop.statement(call.get_op_arg(0).get_id().get_name())
            moving = [k for k in range(call.get_op_n_arg() - 1)
                      if iterator in _names(call.get_op_arg(k + 1))]
            for access in statement.accesses:
                positions.setdefault(access.array, set()).update(
                    _moving_subscripts(access.relation, moving))
        return {(array, *found) for array, found in positions.items() if len(found) == 1}

    def _invariant_condition(self, node: isl.AstNode) -> str | None:
        """For an innermost loop (no register tile's copies, no accumulation, not
        parallel, not a small loop the compiler unrolls) with an ``if`` in its body
        whose condition does not name its iterator and whose statements call a
        function or divide by a value (``_costly``; isl keeps a statement's guard on
        outer iterators inside the loop where other statements share it: a fused
        initialization): that condition, not yet assumed and at most UNSWITCHED deep;
        else None. (gcc if-converts a test around plain assignments, or unswitches the
        loop itself; around a call it vectorizes nothing, around an integer division
        it divides lane by lane in every iteration.)

        For a SIMD loop around loops (the loop around a reduction or around small
        loops, vectorized as an outer loop), such a test outside the loops in it,
        whatever it guards: gcc vectorizes an outer loop only where its body has no
        control flow but its inner loops (a convolution's fused initialization under
        `if (c == 0)` in the loop over output pixels: 3x slower than the same code
        without it)."""
        if len(self.assumed) >= UNSWITCHED or node.for_is_degenerate() or \
                register_copies(node) is not None:
            return None
        annotation = node.get_annotation()
        around_loops = contains_for(node.for_get_body())
        if around_loops:
            if annotation is None or annotation.get_name() != SIMD:
                return None
        elif constant_trips(node) is not None:
            return None     # unrolled by the compiler: one test per few elements
        elif annotation is not None and (annotation.get_name() == PARALLEL
                                         or annotation.get_name() in self.accumulations):
            return None
        iterator = node.for_get_iterator().get_id().get_name()
        for condition, guarded in _conditions(node.for_get_body()):
            if iterator not in _names(condition) and (around_loops or any(
                    _costly(self.scop.statement(name).body) for name in guarded)):
                text = self.expressions(condition)
                if text not in self.assumed:
                    return text
        return None

    def _unswitched(self, node: isl.AstNode, condition: str) -> list[cgen.Generable]:
        """The loop `node` printed twice, under `condition` and under its negation,
        each with the ``if``s of that condition in its body resolved: gcc vectorizes
        neither a loop with a conditional call (``exp``) nor, past its size limit for
        unswitching, one with a test it could hoist."""
        versions = []
        for value in (True, False):
            self.assumed[condition] = value
            try:
                versions.append(cgen.Block(self.print(node)))
            finally:
                del self.assumed[condition]
        return [cgen.If(condition, *versions)]

    def _for(self, node: isl.AstNode) -> list[cgen.Generable]:
        annotation = node.get_annotation()
        accumulation = (self.accumulations.get(annotation.get_name())
                        if annotation is not None and not node.for_is_degenerate() else None)
        if accumulation is not None:
            return self._accumulating_for(node, accumulation)
        if register_copies(node) is None:
            ivdep = int(annotation is not None and annotation.get_name() == IVDEP)
            strip = self._strip_innermost(node) \
                if annotation is not None and annotation.get_name() == SIMD else None
            self.ivdep += ivdep
            if strip is not None:
                self.strip_mined.add(strip)
            try:
                return self._loop(node, self.print(node.for_get_body()))
            finally:
                self.ivdep -= ivdep
                self.strip_mined.discard(strip)

        def loops() -> list[cgen.Generable]:
            """The copies as loops: outside `node` where they allow it, else inside."""
            return self._unjammed(node) or self._loop(node, self.print(node.for_get_body()))

        unrolled = None if node.for_is_degenerate() else \
            CopiesPrinter(self, node, _always_true(self._first_runs(node))).unrolled()
        if unrolled is None:
            return loops()

        def version(unrolled) -> list[cgen.Generable]:
            if unrolled.condition is not None:
                return [cgen.If(unrolled.condition, cgen.Block(version(unrolled.holds)),
                                cgen.Block(version(unrolled.otherwise)))]
            items = self._loop(node, unrolled.body)
            if not unrolled.hoisted and not unrolled.after:
                return items
            return [cgen.Block(unrolled.hoisted + items + unrolled.after)]

        items = version(unrolled)
        if not unrolled.assumptions:
            return items
        # the copies' bounds at their constants hold here; else the copies as loops
        return [cgen.If(" && ".join(unrolled.assumptions), cgen.Block(items),
                        cgen.Block(loops()))]

    def _unjammed(self, node: isl.AstNode) -> list[cgen.Generable] | None:
        """A register tile's copies that cannot be unrolled (a partial tile: bounds that
        are not constants), where they are loops around the statements alone whose bounds
        do not depend on the loop `node` around them: printed outside it, `node` innermost
        again (the order of the tile's point loops, legal as any order of a permutable
        band: the copies and `node` are members of one). None where not."""
        iterator = self.expressions(node.for_get_iterator())
        mentions = re.compile(rf"\b{re.escape(iterator)}\b")
        loops = []
        inner = register_copies(node).mark_get_node()
        while inner.get_type() == isl.ast_node_type.for_:
            annotation = inner.get_annotation()
            if annotation is None or annotation.get_name() != COPIES or any(
                    mentions.search(self.expressions(e)) for e in
                    (inner.for_get_init(), inner.for_get_cond(), inner.for_get_inc())):
                return None
            loops.append(inner)
            inner = inner.for_get_body()
        if not loops or contains_for(inner):
            return None
        items = self._loop(node, self.print(inner))
        for loop in reversed(loops):
            items = [self._plain_for(loop, items)]
        return items

    def register_local(self) -> str:
        """A new local for an element of a register tile (codegen.registers)."""
        while True:
            name = f"polyopt_r{self.registers}"
            self.registers += 1
            if name not in self.scop.taken_names:
                return name

    def _loop(self, node: isl.AstNode, body: list[cgen.Generable]) -> list[cgen.Generable]:
        """The loop `node` around `body`, with its pragmas."""
        annotation = node.get_annotation()
        iterator = self.expressions(node.for_get_iterator())
        init = self.expressions(node.for_get_init())
        if node.for_is_degenerate():
            if not re.search(rf"\b{re.escape(iterator)}\b", "\n".join(map(str, body))):
                return body      # a value nothing uses: -Wunused-variable
            return [cgen.Block([cgen.Statement(f"const {self.scop.iterator_type} {iterator} = {init}"),
                                *body])]
        loop = self._plain_for(node, body)
        shared = annotation is not None and annotation.get_name() == SMALL_REGION and \
            isinstance(annotation.user, RegionWork) and annotation.user.shared
        if annotation is not None and annotation.get_name() == PARALLEL or shared:
            self.parallel_loops.append(iterator)
            self.parallel_nests.append(self.nest)
            work = annotation.user
            condition = work.condition(self.expressions) \
                if isinstance(work, RegionWork) and not shared else None
            self.parallel_conditions.append(condition)
            clause = f" if({condition})" if condition else ""
            private = self._private_clause(node)
            # (not with private scalars: gcc's flow analysis then loses track of where
            # they are set, and warns that they may be used uninitialized)
            if not private and self._collapsible(node, iterator, body):
                clause = " collapse(2)" + clause
            pragma = cgen.Pragma(f"omp parallel for{private}{clause}")
            # (a loop given a region for its shared data is no reason to balance or not)
            if not clause.startswith(" collapse") and not shared and _steps_over_tiles(
                    self.expressions(node.for_get_inc())):
                written = {access.array for name in statements_in(node)
                           for access in self.scop.statement(name).writes}
                self.tile_loops.append((pragma, self._triangular(iterator, body), written,
                                        self.depth > 1))
            if condition and self.depth > 1:
                # inside a loop, the same loop without the pragma where the region is
                # too small: an `if` clause that is false still enters the OpenMP
                # runtime (half a microsecond each time: 25 s for a region per step of
                # a short loop); once, outside any loop, that costs nothing
                return [cgen.If(condition, cgen.Block([pragma, loop]), cgen.Block([loop]))]
            return [pragma, loop]
        if annotation is not None and annotation.get_name() == COPIES:
            # a register tile's copies: gcc and clang unroll a loop of a constant trip
            # count completely before they vectorize the loop around it
            return [cgen.Pragma(f"GCC unroll {MAX_REGISTER_FACTOR}"), loop]
        if annotation is not None and annotation.get_name() == IVDEP:
            # (gcc's; other compilers ignore it, -Wunknown-pragmas aside)
            return [cgen.Pragma("GCC ivdep"), loop]
        if annotation is not None and annotation.get_name() == SMALL_REGION:
            self.small_regions.append(iterator)
        if annotation is not None and annotation.get_name() == SIMD:
            if annotation.user == SMALL_REGION:
                self.small_regions.append(iterator)
            if self.ivdep and constant_trips(node) is not None:
                return [loop]       # unrolled by the compiler, the IVDEP loop vectorized
            simd = [cgen.Pragma(f"omp simd{self._private_clause(node)}"), loop]
            guard = self._inner_runs(node, iterator)
            if guard is None:
                return simd
            if guard == self._first_runs(node):     # where the inner loop never runs, nor this
                return [cgen.If(guard, cgen.Block(simd))]
            # the same loop where the inner one never runs: no pragma needed there
            return [cgen.If(guard, cgen.Block(simd), cgen.Block([loop]))]
        return [loop]

    @staticmethod
    def _collapsible(node: isl.AstNode, iterator: str, body: list[cgen.Generable]) -> bool:
        """Whether the parallel loop `node` and the loop right inside it are one OpenMP
        loop: that loop is all of its body (as printed), carries no dependence
        (COLLAPSE), has bounds that do not name `iterator`, and holds loops itself, none
        of them an innermost loop left scalar right inside it (gcc vectorizes the loop
        around such a loop, a reduction, which it cannot once collapsed: min-plus's
        `j` around its `k`, 18x slower)."""
        inner = node.for_get_body()
        if inner.get_type() != isl.ast_node_type.for_ or inner.for_is_degenerate():
            return False
        mark = inner.get_annotation()
        if mark is None or mark.get_name() != COLLAPSE or not contains_for(inner.for_get_body()):
            return False
        for loop in loops_in(inner.for_get_body()):
            marked = loop.get_annotation()
            if not contains_for(loop.for_get_body(), copies=False) \
                    and (marked is None or marked.get_name() != SIMD):
                return False
        if len(body) != 1 or not isinstance(body[0], cgen.For):
            return False
        bounds = f"{body[0].start} {body[0].condition} {body[0].update}"
        return not re.search(rf"\b{re.escape(iterator)}\b", bounds)

    @staticmethod
    def _triangular(iterator: str, body: list[cgen.Generable]) -> bool:
        """Whether a tile loop inside the parallel loop over tiles of `iterator` (a step
        above 1 too: not the point loops of the partial tiles at the edges) has bounds
        that name `iterator`: the parallel loop's iterations then do unequal work (a
        triangle's rows of tiles)."""
        mentions = re.compile(rf"\b{re.escape(iterator)}\b")
        return any(mentions.search(f"{loop.start} {loop.condition}")
                   and _steps_over_tiles(loop.update.rpartition("+= ")[2])
                   for loop in _printed_loops(body))

    def balance_triangles(self) -> None:
        """One tile row to each thread in turn (`schedule(static, 1)`) on every parallel
        loop over tiles, where each of them walks a triangle of tiles (``_triangular``):
        OpenMP's default schedule, a block of consecutive iterations per thread, gives
        the last thread the longest rows (a third of the time lost on two threads). Not
        inside a loop (its region opened again and again) where a parallel loop over
        tiles that writes an array it writes is rectangular: loops that hand out the
        same rows differently, again and again, move them from one thread's cache to the
        other's (a tiled LU whose trailing update alone took turns ran 14% slower). A
        tile is wide enough that neighbouring threads do not write to one cache line."""
        for pragma, triangular, written, nested in self.tile_loops:
            if triangular and (not nested or all(other or not (written & arrays)
                                                 for _, other, arrays, _ in self.tile_loops)):
                pragma.value = pragma.value.replace("omp parallel for",
                                                    "omp parallel for schedule(static, 1)", 1)

    def _inner_runs(self, node: isl.AstNode, iterator: str) -> str | None:
        """For a SIMD loop around an inner loop (outer-loop vectorization): the
        condition that the inner loop runs at least once, where it names neither this
        loop's iterator nor the inner one's and is not always true; else None.

        gcc vectorizes the loop around a reduction only where the inner loop has no
        test of its own before its first iteration (\"control flow in loop\"); in serial
        code it often knows the trip count (constants inlined), in an OpenMP region's
        outlined function it does not. Under this condition the test folds away."""
        chain = single_loop_chain(node.for_get_body())
        if chain is None:
            return None
        tests = [self._first_runs(inner) for inner in chain]
        tests = list(dict.fromkeys(test for test in tests if not _always_true(test)))
        # (outside the loop, a test may name neither its iterator nor the chain's)
        names = [iterator] + [self.expressions(inner.for_get_iterator()) for inner in chain]
        if not tests or any(re.search(rf"\b{re.escape(name)}\b", test)
                            for test in tests for name in names):
            return None
        return " && ".join(f"({test})" for test in tests) if len(tests) > 1 else tests[0]

    def _first_runs(self, node: isl.AstNode) -> str:
        """A loop's condition at its first value: that it runs at least once."""
        iterator = self.expressions(node.for_get_iterator())
        init = self.expressions(node.for_get_init())
        if not re.fullmatch(r"\w+", init):
            init = f"({init})"
        return re.sub(rf"\b{re.escape(iterator)}\b", init, self.expressions(node.for_get_cond()))

    def _private_clause(self, node: isl.AstNode) -> str:
        """` private(s, ...)`: the private scalars a statement in the loop writes."""
        if not self.private:
            return ""
        inside = statements_in(node)
        names = [name for name, statements in sorted(self.private.items()) if statements & inside]
        return f" private({', '.join(names)})" if names else ""

    def _accumulating_for(self, node: isl.AstNode, accumulation: Accumulation
                          ) -> list[cgen.Generable]:
        """The loop with its accumulated cell in a local: loaded before, stored after."""
        cell = self._cell(accumulation)
        self.replaced = {name: {reference: self.local for reference in references}
                         for name, references in accumulation.references.items()}
        try:
            loop = self._for_loop(node)
        finally:
            self.replaced = {}
        block = cgen.Block([cgen.Statement(f"{accumulation.element_type} {self.local} = {cell}"),
                            *loop, cgen.Statement(f"{cell} = {self.local}")])
        # the loop runs at least once: its condition at its first value
        first = self._first_runs(node)
        if _always_true(first):
            return [block]
        return [cgen.If(first, block)]

    def _cell(self, accumulation: Accumulation) -> str:
        """The accumulated element as C (a kernel linearizes it)."""
        return self.expressions(accumulation.cell)

    def _for_loop(self, node: isl.AstNode) -> list[cgen.Generable]:
        return [self._plain_for(node, self.print(node.for_get_body()))]

    def _strip_innermost(self, node: isl.AstNode) -> str | None:
        """For a SIMD loop around a chain of two loops or more (outer-loop
        vectorization of the loop around a reduction nest): the iterator of its
        innermost loop, to be printed strip-mined (_strip_mined); None where there is
        none, or the C compiler unrolls it anyway (a
        few iterations known at compile time).

        gcc vectorizes the innermost loop of a nest first; once it has, it cannot
        vectorize the SIMD loop around the nest, whatever its pragma says, and the
        reduction's inner loop is the worse of the two (its operands gathered, where
        along the SIMD loop they step by one element: a rank-4 contraction 3x slower).
        Strip-mined, its inner part has at most STRIP iterations: gcc unrolls it
        completely and vectorizes the SIMD loop. Around a single inner loop gcc
        vectorizes the SIMD loop already, and strip-mining would only get in its way;
        nor where every access steps by at most one element along the innermost loop
        (AstResult.gathering): gcc's vector loop there, contiguous, is the better one
        (a sum over the rows of many columns, strip-mined, ran 1.25x slower)."""
        chain = single_loop_chain(node.for_get_body())
        if chain is None or len(chain) < 2:
            return None
        innermost = chain[-1]
        trips = known_trips(innermost, self.scop.known_values)
        if innermost.for_is_degenerate() or (trips is not None and trips <= 2 * STRIP) \
                or self.expressions(innermost.for_get_inc()) != "1" \
                or (innermost.for_get_iterator().get_id().get_name(),
                    frozenset(statements_in(innermost))) not in self.gathering:
            return None
        return self.expressions(innermost.for_get_iterator())

    def _strip_mined(self, node: isl.AstNode, body: list[cgen.Generable]) -> cgen.For:
        """The innermost loop `node` as a loop over strips of STRIP iterations and
        one over a strip's iterations (bounded by STRIP: unrolled by the C compiler),
        the original iterator a constant inside (_strip_innermost)."""
        iterator = self.expressions(node.for_get_iterator())
        strips = _free_name(self.scop, f"{iterator}_strip")
        offset = _free_name(self.scop, f"{iterator}_lane")
        mentions = re.compile(rf"\b{re.escape(iterator)}\b")
        condition = self.expressions(node.for_get_cond())
        kind = self.scop.iterator_type
        inner = cgen.For(f"{kind} {offset} = 0",
                         f"{offset} < {STRIP} && "
                         + mentions.sub(f"({strips} + {offset})", condition),
                         f"{offset}++",
                         cgen.Block([cgen.Statement(f"const {kind} {iterator} = {strips} + {offset}"),
                                     *body]))
        return cgen.For(f"{kind} {strips} = {self.expressions(node.for_get_init())}",
                        mentions.sub(strips, condition), f"{strips} += {STRIP}",
                        cgen.Block([inner]))

    def _plain_for(self, node: isl.AstNode, body: list[cgen.Generable]) -> cgen.For:
        """The ``for`` of the loop `node` around `body`, without pragmas."""
        iterator = self.expressions(node.for_get_iterator())
        if iterator in self.strip_mined:
            return self._strip_mined(node, body)
        increment = self.expressions(node.for_get_inc())
        update = f"{iterator}++" if increment == "1" else f"{iterator} += {increment}"
        return cgen.For(f"{self.scop.iterator_type} {iterator} = "
                        f"{self.expressions(node.for_get_init())}",
                        self.expressions(node.for_get_cond()), update, cgen.Block(body))

    def _user(self, call: isl.AstExpr) -> str:
        name = call.get_op_arg(0).get_id().get_name()
        statement = self.scop.statement(name)
        values = [self.expressions(call.get_op_arg(k)) for k in range(1, call.get_op_n_arg())]
        return statement_text(statement.body, statement.iterators, values, self.scop.iterator_casts,
                              self.replaced.get(name))


def _conditions(node: isl.AstNode) -> list[tuple[isl.AstExpr, set[str]]]:
    """The conditions of the ``if``s in `node`, outermost first, not inside loops, each
    with the statements it guards."""
    kind = node.get_type()
    if kind == isl.ast_node_type.block:
        children = node.block_get_children()
        return [condition for k in range(children.n_ast_node())
                for condition in _conditions(children.get_at(k))]
    if kind == isl.ast_node_type.if_:
        return [(node.if_get_cond(), statements_in(node)), *_conditions(node.if_get_then_node()),
                *(_conditions(node.if_get_else_node()) if node.if_has_else_node() else [])]
    if kind == isl.ast_node_type.mark:
        return _conditions(node.mark_get_node())
    return []


def _moving_subscripts(relation: isl.Map, iterators: list[int]) -> set[int]:
    """The subscript positions of an access (statement iterators -> subscripts) that
    depend on one of `iterators` (positions of the statement's iterators); every one
    where the access is no affine function of them."""
    rank = relation.dim(isl.dim_type.out)
    if not iterators:
        return set()
    rows = subscript_rows(relation)
    if rows is None:
        return set(range(rank))
    return {position for position, row in enumerate(rows) if any(row[k] for k in iterators)}


def _costly(body: c_ast.Node) -> bool:
    """Whether a statement's body calls a function on a value (a call on constants
    only, `SCALAR_VAL(0.0)`, is a macro or folds to a constant) or divides by one (a
    division by a constant is a multiplication): what gcc, if-converting a test around
    it, would compute in every iteration (an integer division, lane by lane)."""
    if isinstance(body, c_ast.FuncCall) and (body.args is None or not all(
            isinstance(argument, c_ast.Constant) for argument in body.args.exprs)):
        return True
    if isinstance(body, c_ast.BinaryOp) and body.op in ("/", "%") and \
            not isinstance(body.right, c_ast.Constant):
        return True
    if isinstance(body, c_ast.Assignment) and body.op in ("/=", "%=") and \
            not isinstance(body.rvalue, c_ast.Constant):
        return True
    return any(_costly(child) for _, child in body.children())


def _names(expr: isl.AstExpr) -> set[str]:
    """The identifiers an AST expression names."""
    kind = expr.get_type()
    if kind == isl.ast_expr_type.id:
        return {expr.get_id().get_name()}
    if kind == isl.ast_expr_type.int:
        return set()
    return set().union(*(_names(expr.get_op_arg(k)) for k in range(expr.get_op_n_arg())))


_CONSTANT_COMPARISON = re.compile(r"^\(?(-?\d+)\)? (<=|<) (-?\d+)$")


def _always_true(condition: str) -> bool:
    """True for a comparison of two integer literals that holds (`(0) <= 31`)."""
    match = _CONSTANT_COMPARISON.match(condition)
    if not match:
        return False
    left, operator, right = int(match.group(1)), match.group(2), int(match.group(3))
    return left <= right if operator == "<=" else left < right


def _free_name(scop: Scop, stem: str) -> str:
    """`stem`, or `stem` with a number, that no name of the region or file uses."""
    return numbered_name(stem, scop.taken_names)


def _checked(root: isl.AstNode, domain: isl.UnionSet, check: isl.UnionMap, context: isl.Set,
             private: dict[str, tuple[isl.UnionMap, isl.UnionSet]] | None,
             for_all_sizes=None) -> AstCheck:
    """check_ast's verdict on the AST; where it cannot tell, _run's (None, with the
    parameter values it ran right, where it found nothing wrong)."""
    verdict = check_ast(root, domain, check, context, (PARALLEL, COLLAPSE, SIMD), private)
    if verdict.correct is None:
        run = _run(root, domain, check, context, for_all_sizes, private)
        if run.correct is False:
            return run
        log.info("the generated code's check: %s; %s", verdict.reason, run.reason)
        return AstCheck(None, verdict.reason, run.ran)
    return verdict


def _run(root: isl.AstNode, domain: isl.UnionSet, dependences: isl.UnionMap,
         context: isl.Set, for_all_sizes=None, private=None) -> AstCheck:
    """The AST run at small parameter values (codegen.verify.run_checks), which can
    find it wrong. Where it is generated for large sizes only (versioned code: too
    many instances to run), `for_all_sizes()` (the AST of the same schedule for every
    size and its context, or None) is run instead: isl's wrong code for a schedule
    tree shows at small sizes there, and is taken as this AST's too (conservatively:
    the flat map's code, or the untiled, follows)."""
    run = run_checks(root, domain, dependences, context, (PARALLEL, COLLAPSE, SIMD), private)
    general = for_all_sizes() if run.correct is None and for_all_sizes else None
    if general is not None:
        proxy = run_checks(general[0], domain, dependences, general[1], (PARALLEL, COLLAPSE, SIMD),
                           private)
        if proxy.correct is False:
            return AstCheck(False, f"{proxy.reason}, in its code for every size")
        if not run.ran and proxy.ran:
            return AstCheck(None, f"{proxy.reason}, in its code for every size", proxy.ran)
    return run


def generate_openmp(scop: Scop, schedule: isl.Schedule, dependences: isl.UnionMap | None,
                    expressions: ExpressionPrinter,
                    check: isl.UnionMap | None = None, flat: bool = False,
                    min_region_work: int | None = None, parallel: bool = True,
                    assumed: dict[str, int] | None = None,
                    private: dict[str, tuple[isl.UnionMap, isl.UnionSet]] | None = None,
                    run: isl.UnionMap | None = None, outer_simd: bool = False,
                    fixed: dict[str, int] | None = None) -> GeneratedNest:
    """C lines for a scheduled SCoP; `dependences` None disables parallel and SIMD
    loops, `parallel` False parallel loops only (innermost loops that carry no
    dependence are still marked SIMD).

    With `check` (every dependence of the SCoP), the AST is read back and checked
    (codegen.verify). Where isl generated a wrong AST from the schedule tree, the
    same schedule is generated again from its flat map, and checked again; if that
    is wrong too, CodegenError. `flat` generates from the flat map from the start
    (where a run showed the tree's code wrong and the check could not tell).
    A parallel loop gets a region only where it does `min_region_work` (None: the
    calibrated codegen.granularity.MIN_REGION_WORK).

    `assumed` (parameter -> least value; codegen.versioning) generates and checks the
    code for those parameter values only: the nest's `condition` says when it holds.
    `fixed` (parameter -> value; codegen.versioning.fixed_values) the same for one
    value, printed as a literal.

    `run` (every dependence of the SCoP), without `check`: the AST is only run at
    small parameter values (codegen.verify.run_checks), where the parametric check
    is known to run out of its budget (time tiles); WrongCodeError where it runs
    wrong.

    `private` (polyopt.scheduler.privatize.live_ranges: scalar -> its flow dependences and
    writes): scalars that `dependences` and `check` treat as expanded, one copy per
    thread in the code (`private(s)` on a parallel or SIMD loop that runs a statement
    writing it). The AST must then be checked right (checked True, with `check` the
    dependences where none is given), else CodegenError.
    """
    if private:
        check = check if check is not None else dependences
    prefix = iterator_prefix(scop)
    context = assumed_context(scop, assumed or {}, fixed)
    domain = schedule.get_domain()
    accumulations = AccumulationFinder(scop)

    def new_decider() -> RegionDecider | None:
        if dependences is None or not parallel:
            return None
        return RegionDecider(scop) if min_region_work is None else \
            RegionDecider(scop, threshold=min_region_work)

    def flat_map() -> isl.UnionMap:
        return schedule.get_map().intersect_domain(domain)

    decider = new_decider()
    # (the loop around a reduction made SIMD: build_ast)
    accesses = all_accesses(scop) if outer_simd else None
    ast = build_ast(flat_map() if flat else schedule,
                    context, dependences, prefix, innermost=accumulations,
                    region_decider=decider, regions=parallel, outer_simd=accesses)
    checked, notes = None, []

    def for_all_sizes(tree_or_map) -> tuple[isl.AstNode, isl.Set] | None:
        """The AST of the same schedule for every size and the SCoP's context: None
        where the code is generated for every size already, or isl runs out of its
        budget building it."""
        if not assumed and not fixed:
            return None
        # its own budget, four times the caller's (pipeline.cpu's, shared with the AST
        # it stands in for): without a least size isl's AST has more cases to separate
        ctx = scop.context.get_ctx()
        try:
            with isl_operations(ctx, PROXY_BUDGET_FACTOR * ctx.get_max_operations(),
                                reset_after=True):
                general = build_ast(tree_or_map, scop.context, dependences, prefix,
                                    innermost=AccumulationFinder(scop),
                                    region_decider=new_decider(), regions=parallel,
                                    outer_simd=accesses)
        except isl.Error:
            return None
        return general.root, scop.context

    def this_schedule():
        return for_all_sizes(flat_map() if flat else schedule)

    if run is not None and check is None:
        step("code check")
        verdict = _run(ast.root, domain, run, context, this_schedule)
        if verdict.correct is False:
            raise WrongCodeError(f"isl generated wrong code for the schedule: {verdict.reason}",
                                 scop.region.location)
        log.info("the generated code, run: %s", verdict.reason)
    if flat:
        notes.append("generated from the flat schedule map, without full-tile separation")
    if check is not None:
        step("code check")
        verdict = _checked(ast.root, domain, check, context, private, this_schedule)
        checked = verdict.correct
        if verdict.correct is False and flat:
            raise WrongCodeError(f"isl generated wrong code from the flat schedule map: "
                                 f"{verdict.reason}", scop.region.location)
        if verdict.correct is False:
            step("code generation")
            accumulations = AccumulationFinder(scop)
            ast = build_ast(flat_map(), context,
                            dependences, prefix, innermost=accumulations,
                            region_decider=decider, regions=parallel, outer_simd=accesses)
            step("code check")
            retry = _checked(ast.root, domain, check, context, private,
                             lambda: for_all_sizes(flat_map()))
            if retry.correct is False:
                raise WrongCodeError(f"isl generated wrong code for the schedule: {verdict.reason} "
                                     f"(from its flat map: {retry.reason})", scop.region.location)
            checked = retry.correct
            notes.append(f"isl generated wrong code for the schedule tree ({verdict.reason}); "
                         "generated from the flat schedule map instead, without full-tile "
                         "separation")
            verdict = retry
    # Private scalars: their live ranges are proven on the schedule (scheduler.privatize);
    # the generated code's are too, or, where isl cannot tell in its budget, they held
    # in runs at small sizes, as every dependence does for any code (_checked)
    if private and checked is not True and not (checked is None and verdict.ran):
        raise CodegenError("the code with private scalars could not be checked "
                           f"({verdict.reason})", scop.region.location)
    printer = OpenMPPrinter(scop, expressions, accumulations.found, {
        name: {s.name for s in scop.statements
               if any(a.array == name and a.is_write for a in s.accesses)}
        for name in private or ()})
    # unsigned parameters are converted to the (signed) iterator type in the
    # generated bounds: isl's "n - 1" must not wrap
    expressions.renamed = {**parameter_casts(scop),
                           **{name: str(value) for name, value in (fixed or {}).items()}}
    printer.gathering = ast.gathering
    try:
        items = printer.print_nests(ast.root)
        printer.balance_triangles()
    finally:
        expressions.renamed = {}
    tested = region_condition(scop, expressions, assumed, fixed)
    # split on '\n' only: str.splitlines also splits at form feeds, U+2028... inside literals
    lines = str(cgen.Module(items)).split("\n") if items else []
    return GeneratedNest(lines, printer.parallel_loops, checked, notes, printer.parallel_nests,
                         printer.parallel_conditions, printer.small_regions, **tested)


def _printed_loops(items) -> list[cgen.For]:
    """The `for` loops of printed code (cgen objects), at any depth."""
    found = []
    for item in items if isinstance(items, list) else [items]:
        if isinstance(item, cgen.For):
            found.append(item)
            found += _printed_loops(item.body)
        elif isinstance(item, cgen.Block):
            found += _printed_loops(list(item.contents))
        elif isinstance(item, cgen.If):
            found += _printed_loops([item.then_] + ([item.else_] if item.else_ else []))
    return found


def _steps_over_tiles(step: str) -> bool:
    """Whether a loop's step (as printed) is a constant above 1: a loop over tiles."""
    return step.isdigit() and int(step) > 1
