"""The data of a SCoP on the device (PPCG's gpu_array_info): the arrays (and written
scalars) that live in device memory, their extents (for a pointer, one more than
the largest first subscript), whether each is copied in (read before written, or
not wholly written) and out (written), and of which rows (the footprint, where it
is fewer rows than the array's); the variables the kernels read that are not
device arrays, passed by value."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import islpy as isl
from pycparser import c_ast

from polyopt.codegen.cuda.names import fresh
from polyopt.codegen.expressions import IDENTIFIER, ExpressionPrinter
from polyopt.core.dependences import accesses_to
from polyopt.core.errors import CodegenError
from polyopt.core.scop import Scop
from polyopt.frontend.declarations import Declaration, Scope


@dataclass
class DeviceArray:
    """An array (or a written scalar) that lives in device memory during the SCoP."""

    name: str
    device: str                   # host-side name of the device pointer
    element_type: str
    extents: list[str]            # outer first; empty for a scalar
    copy_in: bool
    copy_out: bool
    accessed: bool = False        # the first extent is the accessed one's: may be 0
    # the footprint copied, where it is fewer rows (first index) than the array's:
    # (first row, number of rows) in and out; None: the whole array
    rows_in: tuple[str, str] | None = None
    rows_out: tuple[str, str] | None = None

    @property
    def size(self) -> str:
        factors = [f"sizeof({self.element_type})"] + [f"({e})" for e in self.extents]
        return " * ".join(factors)

    def copy(self, to_device: bool) -> tuple[str, str]:
        """(condition, cudaMemcpy call) of the copy in or out: of the whole array, or of
        its footprint's rows."""
        kind = "cudaMemcpyHostToDevice" if to_device else "cudaMemcpyDeviceToHost"
        rows = self.rows_in if to_device else self.rows_out
        if rows is None:
            ends = (self.device, self.host_address) if to_device else (self.host_address, self.device)
            return (f"{self.size} > 0" if self.accessed else "",
                    f"cudaMemcpy({ends[0]}, {ends[1]}, {self.size}, {kind})")
        first, count = rows
        row = "".join(f" * ({e})" for e in self.extents[1:])
        device, host = self.device, self.host_address
        if first != "0":
            offset = f"({first}){row}"
            device, host = f"{device} + {offset}", f"(({self.element_type} *) {host}) + {offset}"
        ends = (device, host) if to_device else (host, device)
        return (f"{count} > 0",
                f"cudaMemcpy({ends[0]}, {ends[1]}, sizeof({self.element_type}) * {count}{row}, "
                f"{kind})")

    @property
    def host_address(self) -> str:
        return self.name if self.extents else f"&{self.name}"


def copied_memory(arrays: dict[str, DeviceArray]) -> dict[str, tuple[str, str]]:
    """The host memory each array's copies move: name -> (address, bytes) (C text)."""
    return {a.name: (a.host_address, a.size) for a in arrays.values() if a.extents}


def accesses_of(scop: Scop, name: str, writes: bool) -> isl.UnionMap:
    """The SCoP's reads (or writes) of the array `name`, of its instances only."""
    return accesses_to(scop, name, writes).intersect_domain(scop.domain())


class DeviceData:
    """The device arrays of one SCoP and the variables its kernels take by value.
    `used`: the names taken in the generated code (each device pointer's is added);
    `values_of`: the integer values of names (macros) the file gives, for the
    arrays' extents; `private`: the scalars local to each thread, not in device
    memory."""

    def __init__(self, scop: Scop, scope: Scope, expressions: ExpressionPrinter,
                 used: set[str], values_of: Callable[[list[str]], dict],
                 private: dict[str, Declaration]):
        self.scop = scop
        self.scope = scope
        self.expressions = expressions
        self.used = used
        self.values_of = values_of
        self.private = private

    def arrays(self) -> dict[str, DeviceArray]:
        result = {}
        for name, array in self.scop.arrays.items():
            if name in self.private:
                continue
            declaration = self.scope.declarations.get(name)
            if declaration is None:
                raise CodegenError(f"--target cuda: no declaration of '{name}' found before the SCoP",
                                   self.scop.region.location)
            if declaration.rank < array.rank:
                raise CodegenError(f"--target cuda: '{name}' is declared with {declaration.rank} "
                                   f"dimension(s) but used with {array.rank}", self.scop.region.location)
            extents = list(declaration.extents[:array.rank])
            if any(extent is None for extent in extents[1:]):
                raise CodegenError(f"--target cuda: the extents of '{name}' are not known "
                                   "(declare it as an array or a pointer to arrays)",
                                   self.scop.region.location)
            accessed = bool(extents) and extents[0] is None
            if accessed:
                extents[0] = self._accessed_extent(name)
            copy_in = self._read_before_written(name) or not self._fully_written(name, extents)
            result[name] = DeviceArray(name, fresh(f"dev_{name}", self.used),
                                       declaration.element_type, extents, copy_in, array.written,
                                       accessed)
            if extents and not accessed:
                # transfers of the rows accessed only (in: those read or written, so that
                # the rows copied out hold the host's values where they are not written)
                everything = self._accesses(name, False).union(self._accesses(name, True))
                result[name].rows_in = self._rows(everything, extents[0]) if copy_in else None
                result[name].rows_out = (self._rows(self._accesses(name, True), extents[0])
                                         if array.written else None)
        return result

    def by_value(self, arrays: dict[str, DeviceArray]) -> list[Declaration]:
        """Variables the kernels read that are not device arrays: passed by value."""
        collector = _Identifiers()
        for statement in self.scop.statements:
            collector.visit(statement.body)
        names = collector.names | set(self.scop.parameters)
        for array in arrays.values():
            for extent in array.extents:
                names |= set(IDENTIFIER.findall(extent))
        iterators = {name for statement in self.scop.statements for name in statement.iterators}
        result = []
        for name in sorted(names - iterators - set(arrays) - set(self.private)):
            declaration = self.scope.declarations.get(name)
            if declaration is not None and declaration.rank == 0:
                result.append(declaration)
            elif declaration is not None:
                raise CodegenError(f"--target cuda: '{name}' is an array the SCoP uses in a way "
                                   "polyopt does not model", self.scop.region.location)
        return result

    def _accesses(self, name: str, writes: bool) -> isl.UnionMap:
        return accesses_of(self.scop, name, writes)

    def _accessed_extent(self, name: str) -> str:
        """One more than the largest first subscript (for `double *A` or `double (*A)[M]`),
        0 where the SCoP accesses none (`n - 1` for n = 0: copies of no bytes). The
        copies start at the first element: a subscript below it (`a[i - 1]` from
        i = 0, legal where `a` points inside an array) is not offloaded."""
        touched = isl.Set.from_union_set(
            self._accesses(name, False).union(self._accesses(name, True)).range())
        below = isl.Set.universe(touched.get_space())
        below = below.add_constraint(isl.Constraint.inequality_alloc(below.get_space())
                                     .set_coefficient_val(isl.dim_type.set, 0, -1)
                                     .set_constant_val(isl.Val.int_from_si(below.get_ctx(), -1)))
        if not touched.intersect(below).intersect_params(
                self.scop.context.align_params(touched.get_space()).params()).is_empty():
            raise CodegenError(f"--target cuda: '{name}' is accessed below its first element "
                               "(a negative subscript), which the copies to the GPU do not "
                               "hold", self.scop.region.location)
        highest = touched.dim_max(0)
        build = isl.AstBuild.from_context(self.scop.context.align_params(highest.get_space()))
        extent = self.expressions(build.expr_from_pw_aff(highest.add_constant_val(
            isl.Val.one(highest.get_ctx()))))
        return f"(({extent}) > 0 ? ({extent}) : 0)"

    def _rows(self, accesses: isl.UnionMap, extent: str) -> tuple[str, str] | None:
        """(first row, number of rows) of the elements `accesses` touch, where that is
        fewer rows than the array's `extent` for some sizes and both are expressions of
        the sizes for every size the SCoP allows; None (the whole array) otherwise."""
        if accesses.is_empty():
            return None             # (not accessed: copied as before)
        touched = isl.Set.from_union_set(accesses.range())
        rows = touched.project_out(isl.dim_type.set, 1, touched.dim(isl.dim_type.set) - 1)
        context = self.scop.context.align_params(rows.get_space()).params()
        names = set(IDENTIFIER.findall(extent)) - set(self.scop.parameters)
        values = self.values_of(sorted(names)) if names else {}
        if set(values) != names:
            return None             # an extent not known: the whole array
        for name, value in values.items():
            extent = re.sub(rf"\b{name}\b", f"({value})", extent)
        try:
            whole = isl.Set(f"[{', '.join(self.scop.parameters)}] -> {{ [r] : 0 <= r < {extent} }}")
        except isl.Error:
            return None
        whole = whole.align_params(rows.get_space()).intersect_params(context)
        if self.scop.sizes_known:
            # at the sizes the file gives (copying the whole array is right at any)
            from polyopt.scheduler.cost import parameter_point
            at = parameter_point(self.scop)
            whole = whole.intersect_params(at.align_params(whole.get_space()))
        if whole.is_subset(rows.align_params(whole.get_space())):
            return None
        first, last = rows.dim_min(0), rows.dim_max(0)
        none = context.subtract(first.domain())
        if not none.is_empty():      # sizes with no row accessed: 0 rows from row 0
            zero = isl.PwAff.from_aff(isl.Aff.zero_on_domain(isl.LocalSpace.from_space(
                none.get_space()))).intersect_domain(none)
            first, last = first.union_min(zero), last.union_max(zero.add_constant_val(
                isl.Val.int_from_si(zero.get_ctx(), -1)))
        build = isl.AstBuild.from_context(self.scop.context.align_params(first.get_space()))
        low = self.expressions(build.expr_from_pw_aff(first))
        high = self.expressions(build.expr_from_pw_aff(last))
        return low, f"(({high}) + 1)" if low == "0" else f"(({high}) - ({low}) + 1)"

    def _read_before_written(self, name: str) -> bool:
        reads, writes = self._accesses(name, False), self._accesses(name, True)
        if reads.is_empty():
            return False
        if writes.is_empty():
            return True
        flow = (isl.UnionAccessInfo.from_sink(reads).set_must_source(writes)
                .set_schedule(self.scop.schedule).compute_flow())
        return not flow.get_must_no_source().is_empty() or not flow.get_may_no_source().is_empty()

    def _fully_written(self, name: str, extents: list[str]) -> bool:
        writes = self._accesses(name, True)
        if writes.is_empty():
            return True      # not copied out either
        dims = [f"i{k}" for k in range(len(extents))]
        bounds = " and ".join(f"0 <= {d} < {e}" for d, e in zip(dims, extents))
        try:
            box = isl.Set(f"[{', '.join(self.scop.parameters)}] -> "
                          f"{{ {name}[{', '.join(dims)}]{' : ' + bounds if bounds else ''} }}")
        except isl.Error:
            return False
        written = isl.Set.from_union_set(writes.range())
        return box.align_params(written.get_space()).is_subset(
            written.align_params(box.get_space()))


class _Identifiers(c_ast.NodeVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_ID(self, node: c_ast.ID) -> None:
        self.names.add(node.name)

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        if node.args is not None:
            self.visit(node.args)
