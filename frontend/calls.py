"""Calls in a region: may the function have side effects?

The model of a statement holds its array accesses; a function it calls is taken to
compute a value from its arguments and nothing else. One that writes memory (a
counter, `rand()`'s state, output) or reads an array the region writes would give
a wrong program once its calls are reordered or run in parallel. So a region is
modelled only where every function it calls is known to be free of side effects:

- the math functions of the C library (`sqrt`, `exp`, `pow`, `fabs`, ... and their
  `f`/`l` forms and `__builtin_` spellings), `abs`, `labs`, `llabs`;
- a function-like macro, as the preprocessor leaves it defined under the user's
  `--define` and `-I` options (PolyBench's `SQRT_FUN(x)`; without a preprocessor,
  every body the file and its quoted headers give it), whose body assigns nothing
  and calls only such functions;
- a function defined in the file whose body writes only its own locals, keeps no
  static variable, reads no memory through a pointer and calls only such
  functions; the globals it reads (through the functions it calls too) must not be
  written in the region (ScopBuilder checks);
- a function declared `__attribute__((const))` in the file or a header it includes
  with quotes (GCC's promise: its value depends on its arguments only).

Anything else leaves the region unchanged, with the call's location and the reason:
a function declared but defined elsewhere, the C library's functions with effects
(`rand`, `printf`, ...), and a name polyopt finds no definition of (the message asks
for `-I`). A name in capitals without a definition is by convention a macro of a
header polyopt did not find (PolyBench's `SQRT_FUN` without `-I utilities`): it is
taken to have no side effects, and the region gets a note that says so.
"""

from __future__ import annotations

import re

from pycparser import c_ast, c_parser

from polyopt.frontend.declarations import parsed_files
from polyopt.frontend.defines import redefined
from polyopt.frontend.sizes import function_macros, known_values, object_macros, preprocessed
from polyopt.frontend.source import SourceFile, blank_comments, blank_directives
from polyopt.frontend.typenames import prelude

MATH_STEMS = """acos asin atan atan2 cos sin tan acosh asinh atanh cosh sinh tanh exp exp2
    expm1 log log10 log1p log2 logb ilogb cbrt fabs hypot pow sqrt erf erfc tgamma ceil floor
    nearbyint rint lrint llrint round lround llround trunc fmod remainder copysign nextafter
    fdim fmax fmin fma ldexp scalbn scalbln""".split()
PURE_FUNCTIONS = frozenset(
    [f"{prefix}{stem}{suffix}" for stem in MATH_STEMS for suffix in ("", "f", "l")
     for prefix in ("", "__builtin_")] + ["abs", "labs", "llabs", "__builtin_abs"]
    # classification (glibc's <math.h> macros expand to the builtins)
    + [f"{prefix}{name}" for name in ("isnan", "isinf", "isfinite", "isnormal", "signbit",
                                      "fpclassify", "isinf_sign", "isgreater", "isless",
                                      "isgreaterequal", "islessequal", "isunordered")
       for prefix in ("", "__builtin_")]
    # bit counts and hints; <tgmath.h>'s dispatch
    + [f"__builtin_{name}{suffix}" for name in ("popcount", "clz", "ctz", "parity", "ffs",
                                                 "clrsb") for suffix in ("", "l", "ll")]
    + ["__builtin_expect", "__builtin_bswap16", "__builtin_bswap32", "__builtin_bswap64",
       "__builtin_tgmath"]
    # INFINITY, NAN, HUGE_VAL as glibc's <math.h> defines them
    + [f"{prefix}{name}{suffix}" for name in ("inf", "huge_val", "nan")
       for suffix in ("", "f", "l") for prefix in ("", "__builtin_")])

_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
MACRO_NAME = re.compile(r"[A-Z][A-Z0-9_]*")
NUMBER = re.compile(r"\.?\d(?:[eEpP][+-]|[\w.])*")        # 1.5e-3f, 0x10UL
_SIMPLE = re.compile(r"\(?\s*[-+]?\s*[\w.]*\s*\)?|\s*\w+(?:\s+\w+)*\s*")   # 1.5, (N), DATA TYPE
_CONST_ATTRIBUTE = re.compile(r"__attribute__\s*\(\(\s*(?:__)?const(?:__)?\s*\)\)")
NOT_SEEN = "a call through a function pointer, whose side effects polyopt cannot see"
# the C library's functions with side effects that a loop may call (their headers are
# not read): state (rand), output, memory, time
LIBRARY_EFFECTS = frozenset("""rand srand random srandom drand48 erand48 lrand48 nrand48 mrand48
    jrand48 srand48 rand_r printf fprintf sprintf snprintf puts fputs putchar fputc putc
    scanf fscanf sscanf getchar fgetc getc fgets fread fwrite fopen fclose fflush malloc
    calloc realloc free memcpy memmove memset strcpy strncpy strcat strtok time clock
    gettimeofday clock_gettime exit abort assert perror lgamma lgammaf lgammal""".split())



def names_in(text: str) -> list[str]:
    """The identifiers of C text, in order (none read inside a number: the 'e' of 1e-6f)."""
    return _IDENTIFIER.findall(NUMBER.sub(" ", text))


class CallJudge:
    """Side effects of the functions and macros a region calls, each judged once:
    `judge(name)` is (why the call may have a side effect or None, the names it reads
    that are not its own: globals, which the region must not write)."""

    def __init__(self, source: SourceFile, defines=None, include_dirs=None):
        self.source = source
        self.defines, self.include_dirs = defines, include_dirs
        self.done: dict[str, tuple[str | None, frozenset[str]]] = {}
        self._definitions: dict[str, list[c_ast.FuncDef]] | None = None
        self._macros: tuple[dict, dict, bool] | None = None
        self._value_types: set[str] | None = None
        self._blanked: list[str] | None = None
        self._declarations: list[tuple[str, str]] | None = None
        self.unseen: set[str] = set()     # macro-like names without a definition found
        self._stack: list[str] = []       # the functions being judged, outermost first
        # function -> the positions of the pointer parameters it reads memory through
        self.literal_parameters: dict[str, set[int]] = {}
        self._cycle: int | None = None    # the outermost depth a recursive call reached

    def __call__(self, name: str) -> tuple[str | None, frozenset[str]]:
        return self.function(name)

    def definitions(self) -> dict[str, list[c_ast.FuncDef]]:
        """The functions the file defines, and the headers it includes with quotes
        (`static inline` helpers); every definition of a name (one per #if branch)."""
        if self._definitions is None:
            self._definitions = {}
            for tree in parsed_files(self.source):
                for node in tree.ext:
                    if isinstance(node, c_ast.FuncDef):
                        self._definitions.setdefault(node.decl.name, []).append(node)
        return self._definitions

    def value_types(self) -> set[str]:
        """Type names that are arithmetic values: C's words, the file's typedefs and
        type macros of them (`typedef double real;`, `#define DATA_TYPE double`)."""
        if self._value_types is None:
            names = set(ARITHMETIC_WORDS)
            texts = self._texts()
            for _ in range(4):          # typedefs of typedefs
                for text in texts:
                    for match in re.finditer(r"\btypedef\s+([A-Za-z_][\w\s]*?)\s+"
                                             r"([A-Za-z_]\w*)\s*;", text):
                        if all(word in names for word in match.group(1).split()):
                            names.add(match.group(2))
                for name, body in self.macros()[1].items():
                    if body.split() and all(word in names for word in body.split()):
                        names.add(name)
            self._value_types = names
        return self._value_types

    def macro_value(self, name: str) -> int | None:
        """The integer value the object-like macro `name` has as the compiler sees the
        file (with the user's -D), or None: no such macro, or one the file defines more
        than one way."""
        if name in redefined(self.source):
            return None
        return known_values(self.source, [name], self.defines, self.include_dirs).get(name)

    def macros(self) -> tuple[dict, dict, bool]:
        """(function-like macros, object-like ones, whether the preprocessor read the
        file with all its headers) as the compiler sees the file."""
        if self._macros is None:
            self._macros = (function_macros(self.source, self.defines, self.include_dirs),
                            object_macros(self.source, self.defines, self.include_dirs),
                            preprocessed(self.source, self.defines, self.include_dirs))
        return self._macros

    def function(self, name: str) -> tuple[str | None, frozenset[str]]:
        if name in self.done:
            return self.done[name]
        if name in self._stack:           # recursion: judged as its caller is
            depth = self._stack.index(name)
            self._cycle = depth if self._cycle is None else min(self._cycle, depth)
            return None, frozenset()
        outer, self._cycle = self._cycle, None
        self._stack.append(name)
        try:
            result = self._judge(name)
        finally:
            self._stack.pop()
        depth, low = len(self._stack), self._cycle
        if low is not None and low < depth:
            # it reached a caller still being judged: free of side effects only as far
            # as that caller is, so not kept (a side effect is final)
            self._cycle = low if outer is None else min(outer, low)
            if result[0] is None:
                return result
        else:
            self._cycle = outer
        self.done[name] = result
        return result

    def constant(self, name: str) -> tuple[str | None, frozenset[str]]:
        """An object-like macro read as a value (`#define RANDOM ((double) rand() /
        RAND_MAX)`, `#define NEXT (seq++)`): its body, unless a literal or a name,
        judged like a macro's."""
        if ("#constant", name) not in self.done:
            bodies = [self.macros()[1].get(name)] + [
                body for parameters, body in redefined(self.source).get(name, [])
                if parameters is None]          # #undef'd and defined again: every body
            self.done[("#constant", name)] = (None, frozenset())     # `#define X (X + 1)`
            result: tuple[str | None, frozenset[str]] = (None, frozenset())
            for body in dict.fromkeys(body for body in bodies if body is not None):
                why, reads = (self._names(body) if _SIMPLE.fullmatch(body)
                              else self.expression(body, f"macro '{name}'"))
                if why is not None:
                    result = why, frozenset()
                    break
                result = None, result[1] | reads
            self.done[("#constant", name)] = result
        return self.done[("#constant", name)]

    def _names(self, body: str) -> tuple[None, frozenset[str]]:
        """A literal's or a name's body (`#define G g`, `(N)`): the variables it reads,
        through the macros it names too."""
        words = names_in(body)
        reads = set(words) - self.value_types() - {"sizeof"}
        for word in sorted(reads & self.macros()[1].keys()):
            reads |= self.constant(word)[1]
        return None, frozenset(reads)

    def _judge(self, name: str, macros: bool = True) -> tuple[str | None, frozenset[str]]:
        functions, objects, complete = self.macros()
        bodies = functions.get(name, []) + [       # #undef'd and defined again: every body
            (parameters, body) for parameters, body in redefined(self.source).get(name, [])
            if parameters is not None and (parameters, body) not in functions.get(name, [])]
        if macros and bodies:
            # every body (without a preprocessor, one per branch of an #if)
            result: tuple[str | None, frozenset[str]] = (None, frozenset())
            for parameters, body in bodies:
                why, reads = self.expression(body, f"macro '{name}'", parameters, name)
                if why is not None:
                    return why, frozenset()
                result = (None, result[1] | (reads - set(parameters)))
            return result
        alias = objects.get(name, "")
        if macros and _IDENTIFIER.fullmatch(alias) and alias != name:   # #define F function
            return self.function(alias)
        if name in self.definitions():
            result = (None, frozenset())
            for definition in self.definitions()[name]:
                parameters = definition.decl.type.args
                names, pointers = set(), set()
                order = [getattr(p, "name", None) for p in (parameters.params if parameters else [])]
                declared = (definition.param_decls                  # K&R: `f(p, k) double *p;`
                            or (parameters.params if parameters else []))
                for parameter in declared:
                    if isinstance(parameter, c_ast.Decl) and parameter.name:
                        names.add(parameter.name)
                        if not _value(parameter, self.value_types()):
                            pointers.add(parameter.name)     # an array, a pointer, a struct
                read_through: set[str] = set()
                why, reads = self._effects(definition.body, names, pointers, f"'{name}'",
                                           read_through=read_through)
                if why is not None:
                    return why, frozenset()
                # the memory it reads through its pointer parameters: only a string
                # literal may be passed there (literal_parameters, checked at each call)
                self.literal_parameters.setdefault(name, set()).update(
                    k for k, parameter in enumerate(order) if parameter in read_through)
                result = (None, result[1] | reads)
            return result
        if name in PURE_FUNCTIONS or self._declared_const(name):
            return None, frozenset()
        if name in LIBRARY_EFFECTS:
            return f"'{name}' is a C library function with side effects", frozenset()
        if self.declared(name):
            return (f"'{name}' is declared but not defined in this file (declare it "
                    "__attribute__((const)) where its value depends on its arguments only)",
                    frozenset())
        if re.search(rf"\(\s*\*\s*{re.escape(name)}\s*\)", "\n".join(self._texts())):
            return f"'{name}' is a function pointer, whose side effects polyopt cannot see", \
                frozenset()
        if MACRO_NAME.fullmatch(name) and not complete:
            # by its name a macro of a header polyopt did not find (PolyBench's
            # SQRT_FUN without -I): taken to have none, with a note (ScopBuilder)
            self.unseen.add(name)
            return None, frozenset()
        return (f"polyopt finds no definition of '{name}' (a function or macro of a "
                "header it did not find? give the header's directory with -I)", frozenset())

    def expression(self, text: str, what: str, parameters=(),
                   macro: str | None = None) -> tuple[str | None, frozenset[str]]:
        """A macro's body: it assigns nothing, reads no memory through its parameters
        (`(v)[k]` with an array for v: an access the model would not see) and calls
        only functions without side effects."""
        text = re.sub(r"\s*##\s*\w+", "", text)          # `x##f`: a literal's suffix
        text = re.sub(r"#\s*\w+", '""', text)             # `#x`: a string
        try:
            tree = c_parser.CParser().parse(
                # casts to types of the file's headers
                f"{prelude(self.source, text)}\nvoid polyopt_f(void) {{ ({text}); }}")
        except c_parser.ParseError:
            return f"{what} expands to '{text}', which polyopt cannot read", frozenset()
        # the parameters are readable (the caller takes them out of the reads), not
        # writable, and no memory is read through them
        return self._effects(tree.ext[-1].body, set(), set(parameters), what, macro)

    def declared(self, name: str) -> bool:
        """A prototype of `name` in the file or a header it includes with quotes."""
        pattern = re.compile(rf"(?:^|\n)[ \t]*(?:[A-Za-z_]\w*[\s*]+)+{re.escape(name)}\s*\(")
        return any(pattern.search(text) for text, end in self._pieces() if end == ";")

    def _texts(self) -> list[str]:
        """The file and the headers it includes with quotes, comments and directives
        blanked (`#define PURE __attribute__((const))` is no declaration); once."""
        if self._blanked is None:
            self._blanked = [blank_directives(text) for text in
                             [self.source.blanked,
                              *map(blank_comments, self.source.local_headers())]]
        return self._blanked

    def _pieces(self) -> list[tuple[str, str]]:
        """The texts cut at `;`, `{` and `}`: (each piece, the character that ends it;
        a prototype ends with `;`), cut once."""
        if self._declarations is None:
            self._declarations = [(match.group(1), match.group(2)) for text in self._texts()
                                  for match in re.finditer(r"([^;{}]*)([;{}]|$)", text)]
        return self._declarations

    def _declared_const(self, name: str) -> bool:
        """A declaration of `name` with __attribute__((const)), in the file or a header
        it includes with quotes."""
        return any(re.search(rf"\b{re.escape(name)}\s*\(", declaration)
                   and _CONST_ATTRIBUTE.search(declaration)
                   for declaration, _ in self._pieces())

    def literal_arguments(self, call: c_ast.FuncCall) -> str | None:
        """Why the call passes memory a function reads through its parameter that
        is not a string literal (None: it passes none)."""
        name = call.name.name if isinstance(call.name, c_ast.ID) else None
        arguments = call.args.exprs if call.args is not None else []
        for k in sorted(self.literal_parameters.get(name, ())):
            argument = arguments[k] if k < len(arguments) else None
            if not (isinstance(argument, c_ast.Constant) and argument.type == "string"):
                passed = node_text(argument) if argument is not None else "nothing"
                return (f"'{name}' reads memory through its parameter {k + 1}, given "
                        f"'{passed}': a dependence polyopt cannot see (a string literal "
                        "there would be none)")
        return None

    def _effects(self, body: c_ast.Node, locals_: set[str], pointers: set[str],
                 what: str, macro: str | None = None,
                 read_through: set[str] | None = None) -> tuple[str | None, frozenset[str]]:
        """Why `body` may have a side effect (None: it has none) and the names it reads
        that are not its own. `locals_`: the parameters it may assign; `pointers`: the
        parameters through which memory that is not the body's own can be reached (a
        function's pointer parameters, a macro's every one); `macro`: the macro whose
        body it is (a call of its own name there is the function's); `read_through`:
        where given, the parameters among `pointers` read through are collected there
        instead of refused."""
        own, parameters = set(locals_), set(pointers)    # the names given, by kind
        reads: set[str] = set()
        callees: set[str] = set()
        calls: list[c_ast.FuncCall] = []
        # members of structs and parameters of prototypes are no variables
        inner = {id(decl) for node in walk(body) if isinstance(node, (c_ast.Struct, c_ast.Union))
                 for decl in node.decls or []}
        inner |= {id(decl) for node in walk(body) if isinstance(node, c_ast.FuncDecl)
                  and node.args for decl in node.args.params}
        for node in walk(body):
            if isinstance(node, c_ast.Decl) and node.name and id(node) not in inner \
                    and not isinstance(node.type, c_ast.FuncDecl) \
                    and set(node.storage) & {"static", "extern"} and not _read_only(node):
                return f"{what} keeps a {' '.join(node.storage)} variable '{node.name}'", \
                    frozenset()
        # each name used -> the declaration it names in its block (or a name given):
        # a local hides a global of its name only where it is declared
        bound = _bindings(body, own | parameters, inner)

        def kind(node: c_ast.Node | None) -> str | None:
            """What the name `node` is: 'value' (a local or parameter of an arithmetic
            type), 'array' (of such values, declared in the body), 'pointer' (a
            pointer, struct or pointer parameter: memory not the body's own), 'given'
            (a macro's parameter: read, neither written nor read through), None (not
            the body's own: a global)."""
            binding = bound.get(id(node))
            if isinstance(binding, str):
                if binding not in own:
                    return "given"
                return "pointer" if binding in parameters else "value"
            if binding is None:
                return None
            if _value(binding, self.value_types()):
                return "value"
            if isinstance(binding.type, c_ast.ArrayDecl) and _value_elements(
                    binding, self.value_types()):
                return "array"
            return "pointer"       # a copy of a pointer reads what it reads

        for node in walk(body):
            if isinstance(node, c_ast.StructRef) and node.type == "->":
                return f"{what} reads memory through a pointer ('{node_text(node)}')", frozenset()
            if isinstance(node, c_ast.Assignment) or (
                    isinstance(node, c_ast.UnaryOp) and node.op in ("++", "--", "p++", "p--")):
                target = node.lvalue if isinstance(node, c_ast.Assignment) else node.expr
                owned = (kind(target) in ("value", "pointer") if isinstance(target, c_ast.ID)
                         else kind(_base(target)) == "array")
                if not owned:
                    return f"{what} writes '{node_text(target)}'", frozenset()
            elif isinstance(node, c_ast.UnaryOp) and node.op == "*" or \
                    isinstance(node, c_ast.ArrayRef):
                base = _base(node)
                if read_through is not None and base is not None \
                        and bound.get(id(base)) in parameters:
                    read_through.add(base.name)
                elif base is None or kind(base) in ("pointer", "given") or (
                        kind(base) is None and isinstance(node, c_ast.UnaryOp)):
                    return (f"{what} reads memory through a pointer ('{node_text(node)}')",
                            frozenset())
            elif isinstance(node, c_ast.FuncCall):
                if not isinstance(node.name, c_ast.ID) or kind(node.name) is not None:
                    return f"{what} calls through a function pointer", frozenset()
                callees.add(node.name.name)
                calls.append(node)
            elif isinstance(node, c_ast.ID) and kind(node) in (None, "given"):
                reads.add(node.name)
        reads -= callees
        objects = self.macros()[1]
        for name in sorted(reads & objects.keys()):      # a macro's value in the body
            why, more = self.constant(name)
            if why is not None:
                return f"{what} uses macro '{name}': {why}", frozenset()
            reads |= more
        for callee in sorted(callees):
            why, more = (self._judge(callee, macros=False) if callee == macro
                         else self.function(callee))
            if why is not None:
                return f"{what} calls '{callee}': {why}", frozenset()
            reads |= more
        for call in calls:
            why = self.literal_arguments(call)
            if why is not None:
                return f"{what} calls '{call.name.name}': {why}", frozenset()
        return None, frozenset(reads)


ARITHMETIC_WORDS = frozenset("""char short int long float double signed unsigned _Bool
    _Complex const volatile register size_t ptrdiff_t int8_t int16_t int32_t int64_t
    uint8_t uint16_t uint32_t uint64_t bool float_t double_t wchar_t intptr_t uintptr_t
    intmax_t uintmax_t ssize_t off_t""".split())


def _value(decl: c_ast.Decl, value_types: set[str]) -> bool:
    """A scalar of an arithmetic type (not a pointer, an array, a struct)."""
    node = decl.type
    return (isinstance(node, c_ast.TypeDecl) and isinstance(node.type, c_ast.IdentifierType)
            and all(word in value_types for word in node.type.names))


def _value_elements(decl: c_ast.Decl, value_types: set[str]) -> bool:
    """An array of arithmetic values (`double t[3][3]`; not `double *q[2]`)."""
    node = decl.type
    while isinstance(node, c_ast.ArrayDecl):
        node = node.type
    return (isinstance(node, c_ast.TypeDecl) and isinstance(node.type, c_ast.IdentifierType)
            and all(word in value_types for word in node.type.names))


def _read_only(decl: c_ast.Decl) -> bool:
    """A const scalar or array of const elements (`static const double t[3]`), not a
    pointer (`static const int *p` can move)."""
    node = decl.type
    while isinstance(node, c_ast.ArrayDecl):
        node = node.type
    return isinstance(node, c_ast.TypeDecl) and "const" in (node.quals or [])


def walk(node: c_ast.Node):
    """Every node of the tree, a call's name too (skipped by the caller's ID test only
    where it is a callee: `reads -= callees`)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, c_ast.StructRef):
            stack.append(current.name)          # `s.field`: the field is no variable
            continue
        stack.extend(child for _, child in current.children())


def _base(node: c_ast.Node) -> c_ast.ID | None:
    """The name an access starts from (`a` of `a[i].x[j]`, `*(p + 1)`: none)."""
    while isinstance(node, (c_ast.ArrayRef, c_ast.UnaryOp, c_ast.StructRef, c_ast.Cast)):
        node = node.name if isinstance(node, (c_ast.ArrayRef, c_ast.StructRef)) else node.expr
    return node if isinstance(node, c_ast.ID) else None


def _bindings(body: c_ast.Node, given: set[str], inner: set[int]) -> dict[int, object]:
    """id of each name (c_ast.ID) in `body` that names a local -> its declaration
    (c_ast.Decl), or one of the `given` names (parameters) -> that name; names of
    neither (globals, functions) are left out. C's block scopes: a declaration names
    its variable from where it stands to the end of its block (`for` included)."""
    bound: dict[int, object] = {}
    stack: list[tuple[c_ast.Node, dict]] = [(body, {name: name for name in given})]
    while stack:
        node, scope = stack.pop()
        if isinstance(node, (c_ast.Compound, c_ast.For)):
            # its own scope, its items in order: a declaration serves those after it
            scope = dict(scope)
            items = ([node.init, node.cond, node.next, node.stmt] if isinstance(node, c_ast.For)
                     else node.block_items or [])
            stack.extend((item, scope) for item in reversed(items) if item is not None)
        elif isinstance(node, c_ast.Decl):
            if id(node) in inner or isinstance(node.type, c_ast.FuncDecl):
                continue
            if node.name:
                # after its sizes and initializer are read (pushed below it)
                stack.append((_Declare(node), scope))
            stack.extend((child, scope) for _, child in node.children())
        elif isinstance(node, _Declare):
            scope[node.decl.name] = node.decl
        elif isinstance(node, c_ast.ID):
            if node.name in scope:
                bound[id(node)] = scope[node.name]
        elif isinstance(node, c_ast.StructRef):
            stack.append((node.name, scope))        # `s.field`: the field is no variable
        elif not isinstance(node, (c_ast.Struct, c_ast.Union)):
            stack.extend((child, scope) for _, child in reversed(node.children()))
    return bound


class _Declare:
    """In _bindings' work list: the point where a declaration's name comes in scope."""

    def __init__(self, decl: c_ast.Decl):
        self.decl = decl


def node_text(node: c_ast.Node) -> str:
    from pycparser import c_generator
    return c_generator.CGenerator().visit(node)
