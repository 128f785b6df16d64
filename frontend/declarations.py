"""Declarations of the names a SCoP uses: C type and array extents.

The CUDA target needs them (device buffers are allocated and copied, scalars
are passed by value), the OpenMP target does not. The file is parsed without
preprocessing, as for --auto-scop: a name that pycparser stumbles on because a
header or macro would have made it a type is taken for a type and the parse is
retried.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pycparser import c_ast, c_generator, c_parser

from polyopt.frontend.source import DIRECTIVE, SourceFile, blank_directives
from polyopt.frontend.typenames import C_KEYWORDS, cast_type_names
from polyopt.core.scop import LOCAL, OBJECT, POINTER, RESTRICT, ROWS, Scop, ast_nodes

_PARSE_POSITION = re.compile(r":(\d+):(\d+):")
_MAX_RETRIES = 32


@dataclass
class Declaration:
    """`double A[N][M]`: element type "double", extents ["N", "M"].

    A pointer level is an extent of None (`double (*A)[M]`: [None, "M"]);
    a scalar has no extents."""

    name: str
    element_type: str
    extents: list[str | None] = field(default_factory=list)
    qualifiers: list[str] = field(default_factory=list)   # of the elements: const, volatile...
    restrict: bool = False      # the outermost level is a restrict pointer (`double *restrict a`)
    pointer: bool = False       # the outermost level is a pointer (not `a[]`, `a[N]`)

    @property
    def rank(self) -> int:
        return len(self.extents)


@dataclass
class Scope:
    """The declarations visible at a point of the file, and the function there."""

    declarations: dict[str, Declaration]
    function_start: int | None      # offset of the enclosing function definition's first line
    file_scope: set[str] = field(default_factory=set)   # names declared outside any function
    parameters: set[str] = field(default_factory=set)   # the enclosing function's parameters
    locals: set[str] = field(default_factory=set)       # declared in its blocks so far


class DeclarationError(Exception):
    pass


def _parse_file(source: SourceFile) -> c_ast.FileAST:
    """The file's AST, parsed once per SourceFile (DeclarationError once, too)."""
    if "declarations" not in source.cache:
        try:
            source.cache["declarations"] = _parse_text(source)
        except DeclarationError as error:
            source.cache["declarations"] = error
    if isinstance(source.cache["declarations"], DeclarationError):
        raise source.cache["declarations"]
    return source.cache["declarations"]


_GNU_WORDS = re.compile(r"\b__attribute__\s*\(\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\)"
                        r"|\b__extension__\b|\b__asm__\s*\([^()]*\)")
_GNU_SPELLINGS = re.compile(r"\b__(restrict|inline|const|volatile|signed)(?:__)?\b")


def _without_gnu_words(text: str) -> str:
    """GNU C's attributes, __extension__ and asm labels blanked, __restrict__ and the
    like spelled as C's words (each kept at its length: offsets stay), for pycparser."""
    text = _GNU_WORDS.sub(lambda m: " " * len(m.group(0)), text)
    return _GNU_SPELLINGS.sub(lambda m: m.group(1).ljust(len(m.group(0))), text)


def _parse_text(source: SourceFile) -> c_ast.FileAST:
    text = _without_gnu_words(blank_directives(source.blanked))
    words = set(re.findall(r"[A-Za-z_]\w*", text))
    types = {name for name in source.typedef_names() if name in words} | cast_type_names(text)
    for _ in range(_MAX_RETRIES):
        prelude = " ".join(f"typedef int {name};" for name in sorted(types))
        try:
            return c_parser.CParser().parse(f'{prelude}\n#line 1 "{source.name}"\n{text}',
                                            source.name)
        except c_parser.ParseError as error:
            name = _name_before_error(source, str(error))
            if name is not None and name not in types:
                types.add(name)
                continue
            guesses = _type_like_names(text) - types
            if not guesses:
                raise DeclarationError(str(error)) from None
            types |= guesses
    raise DeclarationError("too many unknown type names")


# "NAME name[" / "NAME *name," ...: NAME in the place of a type in a declaration.
_DECLARATION_LIKE = re.compile(r"\b([A-Za-z_]\w*)\s+\**[A-Za-z_]\w*\s*[\[;,)=]")


def _type_like_names(text: str) -> set[str]:
    return {m.group(1) for m in _DECLARATION_LIKE.finditer(text)} - C_KEYWORDS


def _name_before_error(source: SourceFile, message: str) -> str | None:
    """The identifier just before a parse error: most likely an unknown type name."""
    match = _PARSE_POSITION.search(message)
    if not match:
        return None
    offset = source.offset(int(match.group(1)), int(match.group(2)))
    before = source.blanked[:offset]
    found = re.search(r"([A-Za-z_]\w*)\s*(?:\*\s*)*$", before)
    candidate = found.group(1) if found else None
    if candidate is None:
        # the error is on the unknown name itself ("before: A" where A follows the type)
        found = re.search(r"([A-Za-z_]\w*)\s+$", before)
        candidate = found.group(1) if found else None
    return candidate


def _declaration(decl: c_ast.Decl | c_ast.Typedef,
                 typedefs: dict[str, c_ast.Typedef] | None = None) -> Declaration | None:
    """The declaration of `decl`; a type named by one of the file's `typedefs` (`typedef
    double **mat; mat a;`) is read through it (a is then pointers to rows)."""
    extents: list[str | None] = []
    node = decl.type
    printer = c_generator.CGenerator()
    restrict = "restrict" in (getattr(node, "quals", None) or getattr(node, "dim_quals", None)
                              or [])
    pointer = isinstance(node, c_ast.PtrDecl)
    while True:
        if isinstance(node, c_ast.ArrayDecl):
            extents.append(printer.visit(node.dim) if node.dim is not None else None)
            node = node.type
        elif isinstance(node, c_ast.PtrDecl):
            extents.append(None)
            node = node.type
        else:
            break
    if not isinstance(node, c_ast.TypeDecl) or not isinstance(node.type, c_ast.IdentifierType):
        return None
    # pycparser nests `T (*A)[M]` as PtrDecl(ArrayDecl(M, T)) and `T A[N][M]` as
    # ArrayDecl(N, ArrayDecl(M, T)): outermost level first either way.
    qualifiers = list(node.quals or []) + list(decl.quals or [])
    names = node.type.names
    if typedefs and len(names) == 1 and names[0] in typedefs:
        inner = _declaration(typedefs[names[0]],
                             {k: v for k, v in typedefs.items() if k != names[0]})
        if inner is None:
            return None
        return Declaration(decl.name, inner.element_type, extents + inner.extents,
                           inner.qualifiers + qualifiers, restrict if extents else inner.restrict,
                           pointer if extents else inner.pointer)
    return Declaration(decl.name, " ".join(names), extents, qualifiers, restrict, pointer)


class _Collector(c_ast.NodeVisitor):
    """Declarations in scope at `offset`: file scope, then the enclosing function's
    parameters and the locals of the blocks that contain the offset."""

    def __init__(self, source: SourceFile, offset: int):
        self.source = source
        self.offset = offset
        self.declarations: dict[str, Declaration] = {}
        self.function_start: int | None = None
        self.file_scope: set[str] = set()
        self.parameters: set[str] = set()
        self.typedefs: dict[str, c_ast.Typedef] = {}     # the file's, before the offset
        self.locals: set[str] = set()

    def _position(self, node: c_ast.Node) -> int:
        return self.source.offset(node.coord.line, node.coord.column)

    def collect(self, tree: c_ast.FileAST) -> None:
        enclosing = None
        for node in tree.ext:
            if node.coord is None or node.coord.file != self.source.name:
                continue
            if isinstance(node, c_ast.Typedef) and self._position(node) < self.offset:
                if not _parse_prelude(node):
                    self.typedefs[node.name] = node
            elif isinstance(node, c_ast.Decl) and self._position(node) < self.offset:
                self._add(node)
                if node.name is not None:
                    self.file_scope.add(node.name)
            elif isinstance(node, c_ast.FuncDef) and self._position(node) < self.offset:
                enclosing = node
        if enclosing is None:
            return
        self.function_start = _definition_start(self.source, self._position(enclosing))
        parameters = enclosing.decl.type.args
        for parameter in (parameters.params if parameters else []):
            if isinstance(parameter, c_ast.Decl):
                self._add(parameter)
                if parameter.name is not None:
                    self.parameters.add(parameter.name)
        self._block(enclosing.body)

    def _block(self, block: c_ast.Node) -> None:
        for item in block.block_items or []:
            if item.coord is None or self._position(item) >= self.offset:
                break
            if isinstance(item, c_ast.Decl):
                self._add_local(item)
            elif isinstance(item, c_ast.DeclList):
                for decl in item.decls:
                    self._add_local(decl)
            for child in _sub_blocks(item):
                if child.coord is not None and self._contains(child):
                    if isinstance(item, c_ast.For) and isinstance(item.init, c_ast.DeclList):
                        for decl in item.init.decls:     # `for (size_t i = ...) { here }`
                            self._add_local(decl)
                    self._block(child)

    def _contains(self, block: c_ast.Node) -> bool:
        start = self._position(block)
        end = _block_end(self.source, start)
        return start <= self.offset < end

    def _add_local(self, decl: c_ast.Decl) -> None:
        self._add(decl)
        self.locals.add(decl.name)

    def _add(self, decl: c_ast.Decl) -> None:
        if decl.name is None:
            return
        declaration = _declaration(decl, self.typedefs)
        if declaration is not None:
            self.declarations[decl.name] = declaration


def _parse_prelude(node: c_ast.Typedef) -> bool:
    """Is it `typedef int T;`? The parse's prelude says so of every type name it must
    know (size_t, a macro like DATA_TYPE...), whatever the type is."""
    return (isinstance(node.type, c_ast.TypeDecl)
            and isinstance(node.type.type, c_ast.IdentifierType)
            and node.type.type.names == ["int"])


def _sub_blocks(node: c_ast.Node) -> list[c_ast.Node]:
    if isinstance(node, c_ast.Compound):
        return [node]
    if isinstance(node, (c_ast.For, c_ast.While, c_ast.DoWhile)):
        return [node.stmt] if isinstance(node.stmt, c_ast.Compound) else []
    if isinstance(node, c_ast.If):
        return [b for b in (node.iftrue, node.iffalse) if isinstance(b, c_ast.Compound)]
    return []


def _block_end(source: SourceFile, start: int) -> int:
    depth = 0
    text = source.blanked
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)


def _definition_start(source: SourceFile, position: int) -> int:
    """The first line of a function definition whose name is at `position`: lines
    above belong to it while they do not end a previous item."""
    line = source.location(position).line
    while line > 1:
        previous = source.blanked[source.line_start(line - 1):source.line_start(line)].strip()
        if not previous or previous.endswith((";", "}", "{")) or previous.startswith("#"):
            break
        line -= 1
    return source.line_start(line)


def scope_at(source: SourceFile, offset: int) -> Scope:
    """The declarations visible at `offset` of the file (raises DeclarationError
    when the file cannot be parsed without its headers), collected once per offset."""
    key = ("scope at", offset)
    if key not in source.cache:
        tree = _parse_file(source)
        collector = _Collector(source, offset)
        collector.collect(tree)
        source.cache[key] = Scope(collector.declarations, collector.function_start,
                                  collector.file_scope, collector.parameters, collector.locals)
    return source.cache[key]


def variables_at(source: SourceFile, offset: int) -> set[str]:
    """The parameters and locals of the function at `offset` visible there (none
    where the file does not parse: its declarations are not known)."""
    try:
        scope = scope_at(source, offset)
    except (DeclarationError, RecursionError, AssertionError):
        return set()
    return scope.parameters | scope.locals


def parsed_files(source: SourceFile) -> list[c_ast.FileAST]:
    """The trees of the headers the file includes with quotes, then of the file, as
    far as pycparser reads them (those it cannot are left out); parsed once."""
    if "parsed files" not in source.cache:
        trees = []
        for text_source in [*(SourceFile(f"<header {k}>", text)
                              for k, text in enumerate(source.local_headers())), source]:
            try:
                trees.append(_parse_file(text_source))
            except (DeclarationError, RecursionError):
                continue
        source.cache["parsed files"] = trees
    return source.cache["parsed files"]


def element_types(source: SourceFile, offset: int, names) -> dict[str, str]:
    """The declared element type of each of these names visible at `offset` (a
    name whose declaration is not found, or is volatile or atomic, is left out)."""
    try:
        scope = scope_at(source, offset)
    except (DeclarationError, RecursionError):   # too deep for pycparser: types unknown
        return {}
    result = {}
    for name in names:
        declaration = scope.declarations.get(name)
        if declaration is not None and not {"volatile", "_Atomic"} & set(declaration.qualifiers):
            result[name] = declaration.element_type
    return result


def storage_kinds(source: SourceFile, offset: int, names) -> dict[str, str | None]:
    """How each array of `names` (visible at `offset`) is stored: OBJECT, POINTER,
    RESTRICT, LOCAL or ROWS; None where its declaration is not found (a header's, a
    macro's) or shows no array or pointer, which may be a pointer."""
    try:
        scope = scope_at(source, offset)
    except (DeclarationError, RecursionError):
        return {name: None for name in names}
    result: dict[str, str | None] = {}
    for name in names:
        declaration = scope.declarations.get(name)
        if declaration is None or not declaration.extents:
            result[name] = None
        elif _row_block(declaration) is not None:
            result[name] = ROWS
        elif not declaration.pointer and name not in scope.parameters:
            result[name] = OBJECT           # `double a[N]`, `extern double a[]`
        elif declaration.restrict:
            result[name] = RESTRICT
        elif name not in scope.parameters and name not in scope.file_scope or (
                scope.function_start is not None and re.search(
                    rf"\b{re.escape(name)}\s*(?:[-+]?=(?!=)|\+\+|--)|(?:\+\+|--)\s*"
                    rf"{re.escape(name)}\b", source.blanked[scope.function_start:offset])):
            result[name] = LOCAL        # may be set from a restrict pointer before the region
        else:
            result[name] = POINTER
    return result


def row_blocks(source: SourceFile, offset: int, names) -> dict[str, int]:
    """For each array of `names` (visible at `offset`) stored as pointers to rows
    (ROWS), the first dimension of the contiguous blocks its row pointers give: the
    last pointer level after the first (`double **a`: 1; `double *a[N][M]`: 2)."""
    try:
        scope = scope_at(source, offset)
    except (DeclarationError, RecursionError):
        return {}
    blocks = {name: _row_block(scope.declarations[name]) for name in names
              if name in scope.declarations}
    return {name: block for name, block in blocks.items() if block is not None}


def _row_block(declaration: Declaration) -> int | None:
    """The last pointer level after the first (where the contiguous blocks a
    pointers-to-rows array's row pointers give start); None: not pointers to rows."""
    levels = [k for k, extent in enumerate(declaration.extents) if k and extent is None]
    return levels[-1] if levels else None


def volatile_names(source: SourceFile, offset: int, names) -> list[str]:
    """The names of `names` (visible at `offset`) declared volatile or _Atomic: each
    of their accesses is an effect of its own, in its order and number."""
    try:
        scope = scope_at(source, offset)
    except (DeclarationError, RecursionError):
        return []
    return [name for name in names if (declaration := scope.declarations.get(name))
            is not None and {"volatile", "_Atomic"} & set(declaration.qualifiers)]


def file_scope(source: SourceFile) -> dict[str, Declaration | None]:
    """Every name declared at file scope in the file and the headers it includes with
    quotes, wherever it is declared (before or after a region); None for a type
    Declaration does not describe (a struct, a function)."""
    if "file scope" not in source.cache:
        found: dict[str, Declaration | None] = {}
        for tree in parsed_files(source):
            for node in tree.ext:
                if (isinstance(node, c_ast.Decl) and node.name
                        and not isinstance(node.type, c_ast.FuncDecl)
                        and "typedef" not in (node.storage or [])):
                    found[node.name] = (Declaration(node.name, "int")
                                        if isinstance(node.type, c_ast.TypeDecl)
                                        and isinstance(node.type.type, c_ast.Enum)
                                        else _declaration(node))
        source.cache["file scope"] = found
    return source.cache["file scope"]


def enumerators(source: SourceFile) -> set[str]:
    """The enumeration constants of the file and its quoted headers."""
    if "enumerators" not in source.cache:
        names: set[str] = set()
        for tree in parsed_files(source):
            stack: list[c_ast.Node] = [tree]
            while stack:
                node = stack.pop()
                if isinstance(node, c_ast.Enumerator):
                    names.add(node.name)
                stack.extend(child for _, child in node.children())
        source.cache["enumerators"] = names
    return source.cache["enumerators"]


@dataclass
class Function:
    """A function definition of the file: its name, its parameters in order (the
    Declaration of each, None for a type Declaration does not describe), and where
    its definition starts and ends in the text."""

    name: str
    parameters: list[tuple[str, Declaration | None]]
    start: int
    end: int


def functions(source: SourceFile) -> list[Function]:
    """The file's function definitions in text order (none where it does not parse)."""
    if "functions" not in source.cache:
        found = []
        try:
            tree = _parse_file(source)
        except (DeclarationError, RecursionError):
            tree = None
        typedefs: dict[str, c_ast.Typedef] = {}
        for node in tree.ext if tree is not None else []:
            if node.coord is None or node.coord.file != source.name:
                continue
            if isinstance(node, c_ast.Typedef) and not _parse_prelude(node):
                typedefs[node.name] = node
            if not isinstance(node, c_ast.FuncDef):
                continue
            arguments = node.decl.type.args
            parameters = [(parameter.name, _declaration(parameter, typedefs))
                          for parameter in (arguments.params if arguments else [])
                          if isinstance(parameter, c_ast.Decl) and parameter.name]
            start = source.offset(node.coord.line, node.coord.column)
            body = source.offset(node.body.coord.line, node.body.coord.column)
            found.append(Function(node.decl.name, parameters, _definition_start(source, start),
                                  _block_end(source, body)))
        source.cache["functions"] = found
    return source.cache["functions"]


def call_arguments(source: SourceFile, name: str) -> list[list[str]]:
    """The arguments of each call to function `name` in the file, as C text, in text
    order (none where the file does not parse). An argument that is a local variable
    of the calling function, declared once with an initialiser and never changed
    there (no assignment, no increment, its address never taken: `int n = N; ...
    f(n, ...)`), is given as its initialiser in parentheses."""
    try:
        tree = _parse_file(source)
    except (DeclarationError, RecursionError):
        return []
    printer = c_generator.CGenerator()
    calls: list[list[str]] = []

    class Calls(c_ast.NodeVisitor):
        constants: dict[str, c_ast.Node] = {}

        def visit_FuncDef(self, node: c_ast.FuncDef) -> None:
            outer, self.constants = self.constants, _unchanged_locals(node.body)
            self.generic_visit(node)
            self.constants = outer

        def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
            if isinstance(node.name, c_ast.ID) and node.name.name == name:
                calls.append([f"({printer.visit(self.constants[argument.name])})"
                              if isinstance(argument, c_ast.ID)
                              and argument.name in self.constants
                              else printer.visit(argument)
                              for argument in (node.args.exprs if node.args else [])])
            self.generic_visit(node)

    Calls().visit(tree)
    return calls


def _unchanged_locals(body: c_ast.Node) -> dict[str, c_ast.Node]:
    """The scalars a function body declares once, with an initialiser, and never
    assigns, increments or takes the address of: name -> initialiser."""
    declared: dict[str, list[c_ast.Decl]] = {}
    changed: set[str] = set()
    for node in ast_nodes(body):
        if isinstance(node, c_ast.Decl) and node.name and isinstance(node.type, c_ast.TypeDecl):
            declared.setdefault(node.name, []).append(node)
            if "volatile" in node.quals or "static" in node.storage:
                changed.add(node.name)      # changed elsewhere, or kept across calls
        elif isinstance(node, c_ast.Assignment) and isinstance(node.lvalue, c_ast.ID):
            changed.add(node.lvalue.name)
        elif isinstance(node, c_ast.UnaryOp) and node.op in ("&", "++", "--", "p++", "p--") \
                and isinstance(node.expr, c_ast.ID):
            changed.add(node.expr.name)
    return {name: decls[0].init for name, decls in declared.items()
            if len(decls) == 1 and decls[0].init is not None and name not in changed
            and not isinstance(decls[0].init, c_ast.InitList)}


def _declared_in_region(scop: Scop) -> set[str]:
    """The scalars the SCoP writes that a block of the region declares: named nowhere
    else (frontend.extract)."""
    return {name for name in scop.locals if name in scop.arrays and scop.arrays[name].written}


def private_scalars(source, scop: Scop, scope) -> frozenset[str]:
    """The scalars the SCoP writes whose values nothing can read after it: declared
    in a block of the region, or in the enclosing function (neither a parameter nor
    at file scope) and named nowhere in that function outside the region but in that
    declaration, nor in a directive of the file (no macro, no address taken, no read
    after the region or before it in an enclosing loop). Other functions' variables
    of the same name are other variables."""
    found = _declared_in_region(scop)
    if scope.function_start is None:
        return frozenset(found)
    end = _block_end(source, scope.function_start)
    directives = [m.group(0) for m in DIRECTIVE.finditer(source.text)
                  if not scope.function_start <= m.start() < end]
    outside = "\n".join([source.text[scope.function_start:scop.region.start],
                         source.text[scop.region.end:end], *directives])
    for name, array in scop.arrays.items():
        if (array.rank or not array.written or name not in scope.declarations
                or name in scope.file_scope or name in scope.parameters):
            continue
        if len(re.findall(rf"\b{re.escape(name)}\b", outside)) == 1:
            found.add(name)
    return frozenset(found)


def scope_private_scalars(source, scop: Scop) -> frozenset[str]:
    """private_scalars, or none where the declarations cannot be read."""
    try:
        scope = scope_at(source, scop.region.start)
    except (DeclarationError, RecursionError):
        return frozenset(_declared_in_region(scop))
    return private_scalars(source, scop, scope)
