"""The layers of docs/design.md, checked on the imports of every module of the package:
no import cycle between modules (imports inside functions count), no private name
imported from another module, and no layer importing one above it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# where each package's files are (setup.cfg's package_dir)
PACKAGE_DIRS = {"polyopt": "polyopt", "polyopt.frontend": "frontend",
                "polyopt.scheduler": "scheduler", "polyopt.codegen": "codegen",
                "polyopt.polybench": "polybench"}

# Lowest first; a module may import from its own layer and those below it. A module
# belongs to the layer of the longest prefix that names it.
LAYERS = [
    ("core", ["polyopt.core"]),
    ("frontend", ["polyopt.frontend"]),
    ("scheduler", ["polyopt.scheduler"]),
    ("blas", ["polyopt.blas"]),
    ("codegen", ["polyopt.codegen"]),
    ("pipeline", ["polyopt.pipeline", "polyopt.tuning", "polyopt.evaluator", "polyopt.harness",
                  "polyopt.argtypes",
                  "polyopt.startup", "polyopt"]),
    ("search", ["polyopt.search"]),
    ("polybench", ["polyopt.polybench"]),
    ("interface", ["polyopt.cli", "polyopt.cc", "polyopt.dump", "polyopt.model_command",
                   "polyopt.__main__"]),
]


def modules() -> dict[str, Path]:
    """Every module of the installed package, by its dotted name."""
    found = {}
    for package, directory in PACKAGE_DIRS.items():
        for path in (ROOT / directory).rglob("*.py"):
            parts = list(path.relative_to(ROOT / directory).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            name = ".".join([package, *parts])
            if name.split(".")[1:2] in (["frontend"], ["scheduler"], ["codegen"], ["polybench"]) \
                    and directory == "polyopt":
                continue
            found[name] = path
    return found


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports(path: Path, known: dict[str, Path]) -> list[tuple[str, str, int]]:
    """(module imported, name imported or '', line) for each polyopt import of a file,
    those only for type checking left out."""
    tree = ast.parse(path.read_text())
    skipped = {id(child) for node in ast.walk(tree) if _type_checking_only(node)
               for child in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] == "polyopt":
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                if submodule in known:
                    found.append((submodule, "", node.lineno))
                else:
                    found.append((node.module, alias.name, node.lineno))
        elif isinstance(node, ast.Import):
            found += [(alias.name, "", node.lineno) for alias in node.names
                      if alias.name.split(".")[0] == "polyopt"]
    return found


def layer_of(name: str) -> int:
    best, layer = -1, None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best:
                best, layer = len(prefix), index
    assert layer is not None, name
    return layer


@pytest.fixture(scope="module")
def graph() -> dict[str, list[tuple[str, str, int]]]:
    known = modules()
    return {name: imports(path, known) for name, path in known.items()}


def test_every_import_names_a_module_of_the_package(graph):
    known = set(graph)
    missing = [f"{module}: {target}" for module, edges in graph.items()
               for target, _, _ in edges if target not in known]
    assert not missing


def test_no_import_cycle(graph):
    edges = {module: sorted({target for target, _, _ in found if target in graph
                             and target != module}) for module, found in graph.items()}
    # Tarjan's strongly connected components
    index, low, stack, on_stack, cycles = {}, {}, [], set(), []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in edges:
        if node not in index:
            visit(node)
    assert not cycles


def test_no_private_name_imported_from_another_module(graph):
    private = [f"{module}:{line}: {name} from {target}" for module, found in graph.items()
               for target, name, line in found
               if name.startswith("_") and not name.startswith("__")]
    assert not private


def test_no_layer_imports_one_above_it(graph):
    upward = [f"{module}:{line} ({LAYERS[layer_of(module)][0]}) imports {target} "
              f"({LAYERS[layer_of(target)][0]})"
              for module, found in graph.items() for target, _, line in found
              if layer_of(target) > layer_of(module)]
    assert not upward
