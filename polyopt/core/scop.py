"""The polyhedral model of a static-control part (SCoP).

Everything a later stage needs is an isl object: statement domains are
``isl.Set`` (tuple named after the statement), accesses ``isl.Map`` from a
statement domain to an array, the original schedule an ``isl.Schedule`` tree.
Each statement keeps its body as a pycparser AST for printing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import islpy as isl
from pycparser import c_ast

from polyopt.core.errors import Location


@dataclass
class Access:
    """One array reference in a statement: ``A[i][k]`` read or written."""

    reference: str          # unique reference id, e.g. "R3"
    array: str
    relation: isl.Map       # S[iterators] -> array[subscripts]
    is_write: bool
    location: Location


@dataclass
class Statement:
    """One expression statement of the SCoP, with its iteration domain."""

    name: str                    # isl tuple name, S0, S1, ...
    iterators: list[str]         # names of the enclosing loop iterators, outermost first
    domain: isl.Set              # { S[iterators] : constraints }
    accesses: list[Access]
    body: c_ast.Node             # the statement's expression, iterators still symbolic
    location: Location

    @property
    def reads(self) -> list[Access]:
        return [a for a in self.accesses if not a.is_write]

    @property
    def writes(self) -> list[Access]:
        return [a for a in self.accesses if a.is_write]


@dataclass
class Array:
    """An array (rank >= 1) or scalar (rank 0) that the SCoP reads or writes."""

    name: str
    rank: int
    written: bool = False
    element_type: str | None = None     # as declared ("double"), where the file shows it
    # one-dimensional in C but indexed as `rank` dimensions (y[i * m + j] as y[i][j];
    # frontend.delinearize): the sizes of the dimensions after the first, outermost first
    linear_sizes: list[str] | None = None
    # how its cells may be another array's (frontend.declarations.storage_kinds):
    # "object" (an array object), "pointer", "restrict", "rows" (pointers to rows);
    # None: not known (its declaration is not in the file), may be a pointer
    storage: str | None = "object"
    # pointers to rows: the first dimension of the contiguous blocks the row pointers
    # give (`double **a`: 1, a[i] is a row; `double ***a`: 2); the dimensions before
    # it select a row
    row_block: int | None = None

    @property
    def element_bytes(self) -> int | None:
        """Bytes of one element, for the basic C types (None for others)."""
        return ELEMENT_BYTES.get(" ".join(w for w in (self.element_type or "").split()
                                          if w not in ("signed", "unsigned")))


# How an array's cells may meet another array's (Array.storage; set by
# frontend.declarations.storage_kinds, read by codegen.versioning)
OBJECT = "object"        # an array object (global, local): no other object's cells are its
POINTER = "pointer"      # a pointer (a function's array parameter too): its cells are
                         # contiguous and may be another array's
RESTRICT = "restrict"    # a restrict pointer: the program promises they are no other's
LOCAL = "local pointer"  # a pointer the function sets: may be based on a restrict one
ROWS = "rows"            # pointers to rows (`double **a`): cells not contiguous

# sizes on every LP64 platform polyopt targets
ELEMENT_BYTES = {"char": 1, "short": 2, "short int": 2, "int": 4, "long": 8, "long int": 8,
                 "long long": 8, "long long int": 8, "float": 4, "double": 8, "long double": 16,
                 "_Bool": 1, "float _Complex": 8, "double _Complex": 16}


@dataclass
class Buffer:
    """A copy of an array's cells that the SCoP reads instead of the array
    (scheduler.packing), or the cells of an expanded scalar (scheduler.expansion):
    allocated before the generated code, freed after it."""

    name: str
    array: str                  # the array it copies
    element_type: str
    extents: list[str]          # its dimensions' lengths, outermost first (isl PwAff text)
    # the most bytes it may take: larger at run time, it is not allocated (the code as
    # written runs); None: no limit (a copy is never larger than its array)
    limit_bytes: int | None = None
    # a private scalar given a cell per iteration (scheduler.expansion), not a copy
    expands: bool = False


def subscript_rows(relation: isl.Map) -> list[list[Fraction]] | None:
    """The iterator coefficients of each subscript of an access (statement iterators ->
    subscripts); None where a subscript is not one affine function of them."""
    try:
        subscripts = isl.PwMultiAff.from_map(relation)
    except isl.Error:
        return None
    rows = []
    for position in range(relation.dim(isl.dim_type.out)):
        pieces = subscripts.get_pw_aff(position).get_pieces()
        if len(pieces) != 1:
            return None
        aff = pieces[0][1]
        rows.append([Fraction(value.get_num_si(), value.get_den_val().to_python())
                     for value in (aff.get_coefficient_val(isl.dim_type.in_, k)
                                   for k in range(aff.dim(isl.dim_type.in_)))])
    return rows


def numbered_name(stem: str, taken: set[str]) -> str:
    """`stem`, or `stem` with the least number from 1 on, that is not in `taken`."""
    name, number = stem, 1
    while name in taken:
        name, number = f"{stem}{number}", number + 1
    return name


def ast_nodes(node: c_ast.Node):
    """Every node of a statement's body (pycparser AST), the node itself first."""
    yield node
    for _, child in node.children():
        yield from ast_nodes(child)


def set_child(node: c_ast.Node, name: str, value: c_ast.Node) -> None:
    """Put `value` where `node`'s child `name` is (pycparser names list children
    `attr[k]`, as `node.children()` gives them)."""
    if "[" in name:
        attribute, index = name[:-1].split("[")
        getattr(node, attribute)[int(index)] = value
    else:
        setattr(node, name, value)


def full_references(body: c_ast.Node, array: str, rank: int) -> list[c_ast.ArrayRef]:
    """The outermost ArrayRef nodes of `array` with all `rank` subscripts in `body`."""
    found: list[c_ast.ArrayRef] = []

    def visit(node: c_ast.Node) -> None:
        if isinstance(node, c_ast.ArrayRef):
            base, depth = node, 0
            while isinstance(base, c_ast.ArrayRef):
                base, depth = base.name, depth + 1
            if isinstance(base, c_ast.ID) and base.name == array and depth == rank:
                found.append(node)
                visit(node.subscript)
                return
        for _, child in node.children():
            visit(child)

    visit(body)
    return found


def full_reference_count(body: c_ast.Node, name: str, rank: int) -> int:
    """How often `name` appears in `body` as the base of `rank` subscripts, -1 where
    it appears otherwise too."""
    full = full_references(body, name, rank)
    named = sum(1 for node in ast_nodes(body) if isinstance(node, c_ast.ID) and node.name == name)
    return len(full) if named == len(full) else -1


def fixed_sizes_set(sizes: dict[str, int]) -> isl.Set | None:
    """The parameters where each size (model name -> value; ``Scop.fixed_sizes``) has
    its value; None where there is none."""
    fixed = None
    for name, value in sorted(sizes.items()):
        each = isl.Set(f"[{name}] -> {{ : {name} = {value} }}")
        fixed = each if fixed is None else fixed.intersect(each)
    return fixed


def testable_arrays(scop: "Scop") -> list[Array]:
    """The arrays of the SCoP whose accessed cells a run-time test can bound
    (codegen.versioning): not an array of two or more dimensions whose declaration
    is not seen (it may be pointers to rows: `&a[i][j]` would read a row pointer),
    nor pointers to rows whose rows polyopt cannot tell (`row_block`)."""
    return [array for array in scop.arrays.values() if array.rank
            and (array.storage != ROWS or array.row_block is not None)
            and not (array.storage is None and array.rank > 1 and not array.linear_sizes)]


def original_lines(text: str, indent: str) -> list[str] | None:
    """A region's text as lines relative to the region's indentation (the splice
    adds it back): the else branch of versioned code (codegen.versioning); None where
    a line is continued with a backslash (a string literal could span it: no line of
    it may be re-indented)."""
    if "\\\n" in text or "\\\r\n" in text:
        return None
    result = []
    for line in text.strip("\n").rstrip().split("\n"):
        if not line.strip():
            result.append("")
        elif line.startswith(indent):
            result.append(line[len(indent):])
        else:              # the first line of a region found by --auto-scop
            result.append(line)
    return result


@dataclass
class Region:
    """Where a SCoP lives in the source text: [start, end) is what gets replaced."""

    start: int
    end: int
    location: Location
    indent: str
    from_pragma: bool
    braced: bool = False    # the new code needs braces of its own (the body of an if, for, else)


@dataclass
class Scop:
    """A static-control part: statements, arrays, parameters and original schedule."""

    region: Region
    statements: list[Statement]
    arrays: dict[str, Array]
    parameters: list[str]
    schedule: isl.Schedule                      # the original (textual) execution order
    identifiers: set[str] = field(default_factory=set)    # every identifier in the region
    outer_iterators: list[str] = field(default_factory=list)  # iterators declared outside the region
    # scalars the model replaced, in some range, by the array cell they stand in for
    # (frontend.home_cells)
    replaced_scalars: list[str] = field(default_factory=list)
    definitions: list[str] = field(default_factory=list)  # the file's #defines of the parameters
    # Every identifier of the file and its visible headers, macro bodies included:
    # a macro used in the region may expand to any of them, so generated names avoid them.
    file_identifiers: set[str] = field(default_factory=set)
    # C type of the generated iterators: "long" where a name's type or an iterator's
    # value does not fit int; then the unsigned parameters are cast to it in
    # generated bounds, and the unsigned source iterators cast back (name -> type).
    iterator_type: str = "int"
    parameter_casts: set[str] = field(default_factory=set)
    # a size parameter's name in the model -> its name in C, where the two differ (a
    # size named like a word of isl's syntax: frontend.affine.model_name)
    parameter_names: dict[str, str] = field(default_factory=dict)
    iterator_casts: dict[str, str] = field(default_factory=dict)
    # Values of parameters known at optimization time (the file's #defines under the
    # user's --define options). Used for decisions only (tiling, parallel regions,
    # the choice of schedule): the generated code stays parametric.
    known_values: dict[str, int] = field(default_factory=dict)
    # The parameters among them that are the region's function's arguments, with the
    # value the calls in the file pass (a variable in the code, not a macro)
    passed_values: set[str] = field(default_factory=set)
    # A statement's right-hand side that is a macro call on constants, as the
    # preprocessor expands it (`SCALAR_VAL(0.0)` -> `0.0`): for decisions only (the
    # BLAS matcher's zero initialisations); the generated code keeps the call.
    expansions: dict[str, str] = field(default_factory=dict)
    # The region as written, one line each, relative to its indentation: the else
    # branch of versioned code (codegen.versioning); None where it cannot be moved.
    original_lines: list[str] | None = None
    # Scalars the region declares in its blocks (name -> element type as written,
    # without qualifiers): the generated code declares them at its start, and a
    # declaration's initialiser is a statement (`double s = 0;` is `s = 0`).
    locals: dict[str, str] = field(default_factory=dict)
    # the parameters for which the model is right (isl set text; None: all): a
    # delinearized array's (frontend.delinearize) `y[i * lda + k]` is row i, column k
    # where k < lda. The generated code runs where they hold, the code as written
    # elsewhere (codegen.versioning).
    assumption: str | None = None
    # size macros the model takes at their value where they multiply a variable
    # (`(cj - 1) * F + dj`; model name -> value): part of `assumption`, and the
    # dependences are computed where they hold (core.dependences)
    fixed_sizes: dict[str, int] = field(default_factory=dict)
    # a statement accesses an array through a macro (`#define A(i, j) a[(i) * n + (j)]`,
    # frontend.macros): the model has the access, the statement's text has the call
    macro_accesses: bool = False
    # the region's loops without their statements (frontend.extract.final_value_lines):
    # after the optimized code, they give the iterators declared outside the region
    # the values the loops as written leave them
    final_values: list[str] = field(default_factory=list)
    # what the model takes for granted, for the user (message, where): a call of a
    # macro whose definition polyopt did not find (frontend.calls)
    notes: list[tuple[str, Location]] = field(default_factory=list)
    # the names the functions and macros of its statements read (function or macro,
    # names, where it is called): an array among them that a written pointer may
    # reach is a dependence the model cannot see (frontend.extract_scops refuses it)
    hidden_reads: list[tuple[str, frozenset[str], Location]] = field(default_factory=list)
    # (an array the SCoP writes, a global array object a call reads) that may share
    # cells: tested at run time with the object's whole extent (codegen.versioning)
    hidden_pairs: list[tuple[str, str]] = field(default_factory=list)
    helpers: list[str] = field(default_factory=list)   # functions of the file it calls
    # arrays the SCoP reads through copies of them that its first statements make
    # (scheduler.packing; an array's Buffer names it)
    buffers: list[Buffer] = field(default_factory=list)

    def c_name(self, parameter: str) -> str:
        """The C name of a size parameter of the model."""
        return self.parameter_names.get(parameter, parameter)

    @property
    def c_parameters(self) -> list[str]:
        """The size parameters' C names, in the model's order."""
        return [self.c_name(name) for name in self.parameters]

    def by_model_name(self, values: dict[str, int]) -> dict[str, int]:
        """The values of `values` (keyed by C name) that size parameters have, keyed
        by the parameters' names in the model."""
        return {name: values[self.c_name(name)] for name in self.parameters
                if self.c_name(name) in values}

    @property
    def sizes_known(self) -> bool:
        """Every parameter has a value the file (or --define) gives."""
        return all(name in self.known_values for name in self.parameters)

    @property
    def taken_names(self) -> set[str]:
        """Names generated code must not declare."""
        return self.identifiers | self.file_identifiers

    @property
    def context(self) -> isl.Set:
        """Parameter context: no assumptions beyond what the domains imply, but the
        model's own (`assumption`), which the generated code tests before it runs."""
        space = isl.Space.create_from_names(isl.DEFAULT_CONTEXT, set=[], params=self.parameters)
        context = isl.Set.universe(space).params()
        if self.assumption is not None:
            # in the order of `parameters` (the schedule rows' layout, scheduler.space),
            # whatever order the assumption's text names them in
            context = context.intersect(isl.Set(self.assumption).align_params(space))
        return context

    @property
    def decision_context(self) -> isl.Set:
        """The parameter context with the known values fixed: for decisions only,
        never for the generated code (which must stay right for every size)."""
        context = self.context
        for name, value in self.known_values.items():
            if name in self.parameters:
                position = self.parameters.index(name)
                context = context.fix_val(isl.dim_type.param, position,
                                          isl.Val.int_from_si(context.get_ctx(), value))
        return context

    def domain(self) -> isl.UnionSet:
        result = isl.UnionSet.empty(self.context.get_space())
        for statement in self.statements:
            result = result.union(isl.UnionSet.from_set(statement.domain))
        return result

    def statement(self, name: str) -> Statement:
        for statement in self.statements:
            if statement.name == name:
                return statement
        raise KeyError(name)

