"""Random affine kernels for the measured corpus the default's model is trained on: a
library file per seed, one function whose sizes are parameters, called once in the file
with constant sizes (which the kernel harness reads), never PolyBench's code.

Families, mixed within a program (1-4 nests on shared arrays): products and
contractions in any loop order with transposed operands, matrix-vector products,
triangular updates, banded sweeps, stencils with a time loop (Jacobi or in place,
1-D or 2-D), elementwise maps with transposed reads, row and column reductions,
min-plus closures on integers (min/max and ternaries); element types double, float
and int; sizes from cache-resident to several times the last cache. From seed 500 on
(the second set) also: products and matrix-vector products written with a block-local
accumulator, small-window filters (1-D taps, 2-D windows), banded relaxations with a
time loop (compact band storage, a guard on the diagonal), contractions of four loops,
row or column normalizations, wider stencils (2-D nine points, 3-D seven points).
From seed 750 on (the third set) also: layout changes of 3-D arrays, correlations over
lags (a bound that shrinks with the lag), strided pooling and upsampling, 2-D dynamic
programs over two sequences (min or max of three neighbours), scans along rows or
columns (prefix sums, first-order filters), rank-1 and rank-2 updates followed by a
product that reads the matrix in the other order. From seed 1000 on (the fourth set)
every program's first nest is an in-place sweep that reads ahead: backward induction
row by row (triangular or full, a floor, the batch loop outside or inside the time
loop) or a 1-D or 2-D read-ahead relaxation; the other nests from the first two sets.
Seeds below 1000 generate what they always did.

    python experiments/corpus_generate.py SEED            # one program on stdout
    python experiments/corpus_generate.py 0 500 -o DIR    # seeds 0..499 into DIR/SEED.c
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ORDERS = ["ijk", "ikj", "jik", "jki", "kij", "kji"]


@dataclass
class Program:
    seed: int
    element: str
    sizes: dict[str, int] = field(default_factory=dict)     # size parameter -> value
    arrays: dict[str, list[str]] = field(default_factory=dict)  # array -> its extents
    scalars: list[str] = field(default_factory=list)
    nests: list[str] = field(default_factory=list)
    families: list[str] = field(default_factory=list)

    def size(self, name: str, value: int) -> str:
        """A new size parameter (each family its own: a stencil's long vector is no
        triangle's side)."""
        unique, k = name, 1
        while unique in self.sizes:
            k += 1
            unique = f"{name}{k}"
        self.sizes[unique] = value
        return unique

    def array(self, extents: list[str]) -> str:
        name = "ABCDEFGHPQRSUVWXYZ"[len(self.arrays)]
        self.arrays[name] = extents
        return name

    def text(self) -> str:
        body = "\n".join(self.nests)
        # an array a family declared but did not read (a transposed read instead)
        self.arrays = {name: extents for name, extents in self.arrays.items()
                       if re.search(rf"\b{name}\[", body)}
        parameters = [f"int {name}" for name in self.sizes] + \
            [f"{self.element} {name}" for name in self.scalars] + \
            [f"{self.element} {name}" + "".join(f"[{e}]" for e in extents)
             for name, extents in self.arrays.items()]
        arguments = [str(value) for value in self.sizes.values()] + \
            ["1.5" if self.element != "int" else "3" for _ in self.scalars] + \
            ["0"] * len(self.arrays)
        helpers = ("#define min(a, b) ((a) < (b) ? (a) : (b))\n"
                   "#define max(a, b) ((a) > (b) ? (a) : (b))\n")
        return (f"/* corpus program {self.seed}: {', '.join(self.families)} */\n{helpers}\n"
                f"void kernel({', '.join(parameters)})\n{{\n  int i, j, k, t;\n"
                f"#pragma scop\n{body}#pragma endscop\n}}\n\n"
                f"void caller(void)\n{{\n  kernel({', '.join(arguments)});\n}}\n")


def _scaled(rng: random.Random, depth: int, work: float) -> int:
    """An extent whose nest of `depth` such loops does about `work` instances, with a
    jitter (sizes that are not all powers of two or multiples of 32)."""
    base = work ** (1.0 / depth)
    return max(8, int(base * rng.uniform(0.7, 1.3)))


def _work(rng: random.Random) -> float:
    """Instances of a nest: from cache-resident small to DRAM-sized."""
    return 10 ** rng.uniform(6.3, 8.6)


def contraction(program: Program, rng: random.Random) -> None:
    n = _scaled(rng, 3, _work(rng))
    ni, nj, nk = (program.size(name, max(8, int(n * rng.uniform(0.6, 1.4))))
                  for name in ("ni", "nj", "nk"))
    transposed_a, transposed_b = rng.random() < 0.3, rng.random() < 0.3
    a = program.array([nk, ni] if transposed_a else [ni, nk])
    b = program.array([nj, nk] if transposed_b else [nk, nj])
    c = program.array([ni, nj])
    a_ref = "A[k][i]".replace("A", a) if transposed_a else f"{a}[i][k]"
    b_ref = f"{b}[j][k]" if transposed_b else f"{b}[k][j]"
    order = rng.choice(ORDERS)
    bounds = {"i": ni, "j": nj, "k": nk}
    lines = []
    if rng.random() < 0.5:
        program.scalars.append("beta") if "beta" not in program.scalars else None
        lines.append(f"  for (i = 0; i < {ni}; i++)\n    for (j = 0; j < {nj}; j++)\n"
                     f"      {c}[i][j] *= beta;\n")
    indent = "  "
    loops = ""
    for depth, name in enumerate(order):
        loops += f"{indent * (depth + 1)}for ({name} = 0; {name} < {bounds[name]}; {name}++)\n"
    statement = f"{c}[i][j] += {a_ref} * {b_ref};" if program.element != "int" else \
        f"{c}[i][j] = min({c}[i][j], {a_ref} + {b_ref});"
    lines.append(loops + indent * 4 + statement + "\n")
    program.nests += lines
    program.families.append(f"contraction {order}" + (" min-plus" if program.element == "int"
                                                         else ""))


def matvec(program: Program, rng: random.Random) -> None:
    n = min(3000, _scaled(rng, 2, _work(rng) / 4))     # a matrix of at most 72 MB
    rows, columns = program.size("nr", n), program.size("nc", max(8, int(n * rng.uniform(0.5, 1.5))))
    a = program.array([rows, columns])
    x, y = program.array([columns]), program.array([rows])
    transposed = rng.random() < 0.5
    if transposed:     # y' = A^T x' in the order of A's rows
        x2 = program.array([rows])
        y2 = program.array([columns])
        program.nests.append(f"  for (i = 0; i < {rows}; i++)\n    for (j = 0; j < {columns}; j++)\n"
                             f"      {y2}[j] = {y2}[j] + {a}[i][j] * {x2}[i];\n")
    program.nests.append(f"  for (i = 0; i < {rows}; i++)\n    for (j = 0; j < {columns}; j++)\n"
                         f"      {y}[i] = {y}[i] + {a}[i][j] * {x}[j];\n")
    program.families.append("matvec" + (" and transposed" if transposed else ""))


def triangular(program: Program, rng: random.Random) -> None:
    n = program.size("n", _scaled(rng, 3, _work(rng) * 3))
    a = program.array([n, n])
    kind = rng.choice(["lu", "trmm", "syrk", "solve"])
    if kind == "lu":
        program.nests.append(
            f"  for (k = 0; k < {n}; k++)\n    for (i = k + 1; i < {n}; i++)\n"
            f"      for (j = k + 1; j < {n}; j++)\n"
            f"        {a}[i][j] = {a}[i][j] - {a}[i][k] * {a}[k][j] / ({a}[k][k] + 4);\n")
    elif kind == "trmm":
        b = program.array([n, n])
        program.nests.append(
            f"  for (i = 0; i < {n}; i++)\n    for (j = 0; j < {n}; j++)\n"
            f"      for (k = i + 1; k < {n}; k++)\n        {b}[i][j] += {a}[k][i] * {b}[k][j];\n")
    elif kind == "syrk":
        c = program.array([n, n])
        program.nests.append(
            f"  for (i = 0; i < {n}; i++)\n    for (k = 0; k < {n}; k++)\n"
            f"      for (j = 0; j <= i; j++)\n        {c}[i][j] += {a}[i][k] * {a}[j][k];\n")
    else:
        b = program.array([n, n])
        program.nests.append(
            f"  for (i = 0; i < {n}; i++)\n    for (j = 0; j < {n}; j++)\n"
            f"      for (k = 0; k < i; k++)\n        {b}[i][j] -= {a}[i][k] * {b}[k][j] / 8;\n")
    program.families.append(f"triangular {kind}")


def banded(program: Program, rng: random.Random) -> None:
    band = rng.choice([2, 4, 8, 16])
    # instances n (2 band + 1); the dense matrix at most 3000 x 3000
    n = program.size("n", min(3000, max(64, int(_work(rng) / (2 * band + 1)))))
    a, x, y = program.array([n, n]), program.array([n]), program.array([n])
    program.nests.append(
        f"  for (i = 0; i < {n}; i++)\n    for (j = max(0, i - {band}); j < min({n}, i + {band} + 1); j++)\n"
        f"      {y}[i] += {a}[i][j] * {x}[j];\n")
    program.families.append(f"banded {band}")


def stencil(program: Program, rng: random.Random) -> None:
    dimensions = rng.choice([1, 2, 2])
    steps = program.size("tsteps", rng.choice([10, 20, 50, 100]))
    largest = 4_000_000 if dimensions == 1 else 2500      # tens of MB per array at most
    work = _work(rng) / program.sizes[steps]
    n = program.size("n", min(largest, max(16, _scaled(rng, dimensions, work))))
    in_place = rng.random() < 0.35
    divide = "/ 3" if program.element == "int" else "* 0.33"
    if dimensions == 1:
        a = program.array([n])
        if in_place:
            program.nests.append(
                f"  for (t = 0; t < {steps}; t++)\n    for (i = 1; i < {n} - 1; i++)\n"
                f"      {a}[i] = ({a}[i - 1] + {a}[i] + {a}[i + 1]) {divide};\n")
        else:
            b = program.array([n])
            program.nests.append(
                f"  for (t = 0; t < {steps}; t++) {{\n    for (i = 1; i < {n} - 1; i++)\n"
                f"      {b}[i] = ({a}[i - 1] + {a}[i] + {a}[i + 1]) {divide};\n"
                f"    for (i = 1; i < {n} - 1; i++)\n      {a}[i] = {b}[i];\n  }}\n")
    else:
        divide = "/ 5" if program.element == "int" else "* 0.2"
        a = program.array([n, n])
        points = f"{a}[i][j] + {a}[i - 1][j] + {a}[i + 1][j] + {a}[i][j - 1] + {a}[i][j + 1]"
        if in_place:
            program.nests.append(
                f"  for (t = 0; t < {steps}; t++)\n    for (i = 1; i < {n} - 1; i++)\n"
                f"      for (j = 1; j < {n} - 1; j++)\n        {a}[i][j] = ({points}) {divide};\n")
        else:
            b = program.array([n, n])
            program.nests.append(
                f"  for (t = 0; t < {steps}; t++) {{\n    for (i = 1; i < {n} - 1; i++)\n"
                f"      for (j = 1; j < {n} - 1; j++)\n        {b}[i][j] = ({points}) {divide};\n"
                f"    for (i = 1; i < {n} - 1; i++)\n      for (j = 1; j < {n} - 1; j++)\n"
                f"        {a}[i][j] = {b}[i][j];\n  }}\n")
    program.families.append(f"stencil {dimensions}-D" + (" in place" if in_place else ""))


def elementwise(program: Program, rng: random.Random) -> None:
    n = min(3000, _scaled(rng, 2, _work(rng) / 4))
    rows, columns = program.size("nr", n), program.size("nc", n)
    a = program.array([rows, columns])
    transposed = rng.random() < 0.5
    read = f"{program.array([columns, rows])}[j][i]" if transposed else f"{a}[i][j]"
    if rng.random() < 0.5:
        s = program.array([rows])
        program.nests.append(
            f"  for (i = 0; i < {rows}; i++)\n    for (j = 0; j < {columns}; j++)\n"
            f"      {s}[i] = {s}[i] + {read};\n")
        program.families.append("row sums" + (" transposed" if transposed else ""))
    else:
        c = program.array([rows, columns])
        value = f"({read} > {a}[i][j] ? {read} : {a}[i][j] * 2)" if rng.random() < 0.4 \
            else f"{read} * 2 + {a}[i][j]"
        order = rng.choice(["ij", "ji"])
        outer, inner = (("i", rows), ("j", columns)) if order == "ij" else (("j", columns), ("i", rows))
        program.nests.append(
            f"  for ({outer[0]} = 0; {outer[0]} < {outer[1]}; {outer[0]}++)\n"
            f"    for ({inner[0]} = 0; {inner[0]} < {inner[1]}; {inner[0]}++)\n"
            f"      {c}[i][j] = {value};\n")
        program.families.append(f"map {order}" + (" transposed" if transposed else ""))


def dot_form(program: Program, rng: random.Random) -> None:
    """A product or a matrix-vector product as most C code writes it: a block-local
    accumulator per output element, started at zero or at the output's value."""
    element, rank3 = program.element, rng.random() < 0.6
    if rank3:
        n = _scaled(rng, 3, _work(rng))
        ni, nj, nk = (program.size(name, max(8, int(n * rng.uniform(0.6, 1.4))))
                      for name in ("ni", "nj", "nk"))
    else:
        n = min(3000, _scaled(rng, 2, _work(rng) / 4))
        ni, nk = (program.size(name, max(8, int(n * rng.uniform(0.6, 1.4))))
                  for name in ("nr", "nc"))
        nj = None
    transposed_a, transposed_b = rng.random() < 0.4, rng.random() < 0.4
    a = program.array([nk, ni] if transposed_a else [ni, nk])
    a_ref = f"{a}[k][i]" if transposed_a else f"{a}[i][k]"
    if rank3:
        b = program.array([nj, nk] if transposed_b else [nk, nj])
        b_ref = f"{b}[j][k]" if transposed_b else f"{b}[k][j]"
        c = program.array([ni, nj])
        out = f"{c}[i][j]"
    else:
        b_ref = f"{program.array([nk])}[k]"
        out = f"{program.array([ni])}[i]"
    start = "0" if rng.random() < 0.6 else out
    update = (f"s = min(s, {a_ref} + {b_ref});" if element == "int"
              else f"s += {a_ref} * {b_ref};")
    outer = [("i", ni), ("j", nj)] if rank3 else [("i", ni)]
    if rank3 and rng.random() < 0.5:
        outer.reverse()
    text, indent = "", "  "
    for depth, (name, bound) in enumerate(outer):
        text += f"{indent * (depth + 1)}for ({name} = 0; {name} < {bound}; {name}++)" + \
            (" {\n" if depth == len(outer) - 1 else "\n")
    inner = indent * (len(outer) + 1)
    text += (f"{inner}{element} s = {start};\n{inner}for (k = 0; k < {nk}; k++)\n"
             f"{inner}  {update}\n{inner}{out} = s;\n{indent * len(outer)}}}\n")
    program.nests.append(text)
    program.families.append(("dot product " if rank3 else "dot matvec ")
                            + "".join(n for n, _ in outer)
                            + (" transposed" if transposed_a or transposed_b else ""))


def window(program: Program, rng: random.Random) -> None:
    """A small-window filter: 1-D taps or a 2-D window of weights over a large array."""
    if rng.random() < 0.5:
        taps = rng.choice([3, 4, 8, 16, 32])
        n = program.size("n", min(8_000_000, max(64, int(_work(rng) / taps))))
        x, w, y = program.array([n]), program.array([str(taps)]), program.array([n])
        program.nests.append(
            f"  for (i = 0; i < {n} - {taps - 1}; i++) {{\n    {program.element} s = 0;\n"
            f"    for (k = 0; k < {taps}; k++)\n      s += {w}[k] * {x}[i + k];\n"
            f"    {y}[i] = s;\n  }}\n")
        program.families.append(f"filter 1-D {taps} taps")
        return
    side = rng.choice([3, 5, 7])
    n = program.size("n", min(3000, max(32, _scaled(rng, 2, _work(rng) / side ** 2))))
    x, w, y = program.array([n, n]), program.array([str(side), str(side)]), program.array([n, n])
    if rng.random() < 0.5:
        body = (f"      {program.element} s = 0;\n      for (k = 0; k < {side}; k++)\n"
                f"        for (t = 0; t < {side}; t++)\n"
                f"          s += {w}[k][t] * {x}[i + k][j + t];\n      {y}[i][j] = s;\n")
        program.nests.append(
            f"  for (i = 0; i < {n} - {side - 1}; i++)\n"
            f"    for (j = 0; j < {n} - {side - 1}; j++) {{\n{body}    }}\n")
    else:
        program.nests.append(
            f"  for (i = 0; i < {n} - {side - 1}; i++)\n"
            f"    for (j = 0; j < {n} - {side - 1}; j++)\n"
            f"      for (k = 0; k < {side}; k++)\n        for (t = 0; t < {side}; t++)\n"
            f"          {y}[i][j] += {w}[k][t] * {x}[i + k][j + t];\n")
    program.families.append(f"filter 2-D {side}x{side}")


def band_relax(program: Program, rng: random.Random) -> None:
    """Sweeps of a banded system stored by diagonals (one row of 2b+1 per unknown),
    Jacobi (into a second vector, copied back) or Gauss-Seidel (in place)."""
    if program.element == "int":       # (it divides by the diagonal)
        window(program, rng)
        return
    band = rng.choice([1, 2, 3, 4, 6, 8])
    width = 2 * band + 1
    steps = program.size("tsteps", rng.choice([10, 20, 50, 100]))
    n = program.size("n", min(4_000_000, max(64, int(_work(rng) / width
                                                      / program.sizes[steps]))))
    a, b, x = program.array([n, str(width)]), program.array([n]), program.array([n])
    if rng.random() < 0.5:
        xn = program.array([n])
        target, copy = xn, (f"    for (i = {band}; i < {n} - {band}; i++)\n"
                            f"      {x}[i] = {xn}[i];\n")
    else:
        target, copy = x, ""
    program.nests.append(
        f"  for (t = 0; t < {steps}; t++) {{\n    for (i = {band}; i < {n} - {band}; i++) {{\n"
        f"      {target}[i] = {b}[i];\n      for (k = 0; k < {width}; k++)\n"
        f"        if (k != {band})\n          {target}[i] -= {a}[i][k] * {x}[i + k - {band}];\n"
        f"      {target}[i] = {target}[i] / {a}[i][{band}];\n    }}\n{copy}  }}\n")
    program.families.append(f"band relaxation {band}" + (" in place" if not copy else ""))


def contraction4(program: Program, rng: random.Random) -> None:
    """A contraction of four loops: batched products or a mode product of a 3-D array."""
    n = _scaled(rng, 4, _work(rng))
    nb, ni, nj, nk = (program.size(name, max(4, int(n * rng.uniform(0.6, 1.4))))
                      for name in ("nb", "ni", "nj", "nk"))
    if rng.random() < 0.5:     # batched: C[b] += A[b] B (B shared or per batch)
        a = program.array([nb, ni, nk])
        shared = rng.random() < 0.5
        b = program.array([nk, nj] if shared else [nb, nk, nj])
        b_ref = f"{b}[k][j]" if shared else f"{b}[t][k][j]"
        c = program.array([nb, ni, nj])
        statement = f"{c}[t][i][j] += {a}[t][i][k] * {b_ref};"
        kind = "batched" + (" shared" if shared else "")
    else:                      # C[t][i][j] += A[t][i][k] * B[k][j] written over a mode
        a = program.array([nb, ni, nk])
        b = program.array([nk, nj])
        c = program.array([nb, ni, nj])
        statement = f"{c}[t][i][j] += {a}[t][i][k] * {b}[k][j];"
        kind = "mode product"
    order = "".join(rng.sample("tijk", 4))
    bounds = {"t": nb, "i": ni, "j": nj, "k": nk}
    loops = "".join(f"{'  ' * (d + 1)}for ({v} = 0; {v} < {bounds[v]}; {v}++)\n"
                    for d, v in enumerate(order))
    if program.element == "int":       # min-plus, as the other integer contractions
        target, product = statement.rstrip(";").split(" += ")
        statement = f"{target} = min({target}, {product.replace(' * ', ' + ')});"
    program.nests.append(loops + "  " * 5 + statement + "\n")
    program.families.append(f"contraction4 {kind} {order}")


def normalize(program: Program, rng: random.Random) -> None:
    """Statistics per column (or row) then an update of every element: a mean, centred
    and scaled."""
    n = min(3000, _scaled(rng, 2, _work(rng) / 4))
    rows, columns = program.size("nr", n), program.size("nc", max(8, int(n * rng.uniform(0.5, 1.5))))
    x, mean = program.array([rows, columns]), program.array([columns])
    scale = "0.5" if program.element != "int" else "2"
    if rng.random() < 0.5:
        first = (f"  for (j = 0; j < {columns}; j++) {{\n    {program.element} s = 0;\n"
                 f"    for (i = 0; i < {rows}; i++)\n      s += {x}[i][j];\n"
                 f"    {mean}[j] = s / {rows};\n  }}\n")
    else:
        first = (f"  for (j = 0; j < {columns}; j++)\n    {mean}[j] = 0;\n"
                 f"  for (i = 0; i < {rows}; i++)\n    for (j = 0; j < {columns}; j++)\n"
                 f"      {mean}[j] += {x}[i][j];\n"
                 f"  for (j = 0; j < {columns}; j++)\n    {mean}[j] = {mean}[j] / {rows};\n")
    program.nests.append(first + f"  for (i = 0; i < {rows}; i++)\n"
                         f"    for (j = 0; j < {columns}; j++)\n"
                         f"      {x}[i][j] = ({x}[i][j] - {mean}[j]) * {scale};\n")
    program.families.append("normalize columns")


def stencil_wide(program: Program, rng: random.Random) -> None:
    """A time loop around a 2-D nine-point or a 3-D seven-point stencil (Jacobi)."""
    steps = program.size("tsteps", rng.choice([10, 20, 50]))
    three = rng.random() < 0.5
    work = _work(rng) / program.sizes[steps]
    n = program.size("n", min(300 if three else 2500,
                              max(16, _scaled(rng, 3 if three else 2, work))))
    factor = "/ 9" if program.element == "int" else "* 0.11"
    if three:
        factor = "/ 7" if program.element == "int" else "* 0.14"
        a, b = program.array([n, n, n]), program.array([n, n, n])
        points = " + ".join(f"{a}[i{di}][j{dj}][k{dk}]" for di, dj, dk in
                            [("", "", ""), (" - 1", "", ""), (" + 1", "", ""), ("", " - 1", ""),
                             ("", " + 1", ""), ("", "", " - 1"), ("", "", " + 1")])
        loops = (f"    for (i = 1; i < {n} - 1; i++)\n      for (j = 1; j < {n} - 1; j++)\n"
                 f"        for (k = 1; k < {n} - 1; k++)\n")
        program.nests.append(
            f"  for (t = 0; t < {steps}; t++) {{\n{loops}          {b}[i][j][k] = ({points}) "
            f"{factor};\n{loops}          {a}[i][j][k] = {b}[i][j][k];\n  }}\n")
    else:
        a, b = program.array([n, n]), program.array([n, n])
        points = " + ".join(f"{a}[i{di}][j{dj}]" for di in ("", " - 1", " + 1")
                            for dj in ("", " - 1", " + 1"))
        loops = f"    for (i = 1; i < {n} - 1; i++)\n      for (j = 1; j < {n} - 1; j++)\n"
        program.nests.append(
            f"  for (t = 0; t < {steps}; t++) {{\n{loops}        {b}[i][j] = ({points}) "
            f"{factor};\n{loops}        {a}[i][j] = {b}[i][j];\n  }}\n")
    program.families.append("stencil " + ("3-D seven points" if three else "2-D nine points"))


def permute(program: Program, rng: random.Random) -> None:
    """A layout change: a 3-D array copied (and scaled) into another order of its
    dimensions, in the loop order of the source or of the destination."""
    n = min(400, _scaled(rng, 3, _work(rng) / 2))
    names = ("d0", "d1", "d2")
    extents = [program.size(name, max(4, int(n * rng.uniform(0.3, 1.7)))) for name in names]
    source = program.array(extents)
    order = rng.sample(range(3), 3)
    while order == [0, 1, 2]:
        order = rng.sample(range(3), 3)
    target = program.array([extents[d] for d in order])
    iterators = ("i", "j", "k")
    loops = iterators if rng.random() < 0.5 else tuple(iterators[d] for d in order)
    bounds = dict(zip(iterators, extents))
    text = "".join(f"{'  ' * (depth + 1)}for ({v} = 0; {v} < {bounds[v]}; {v}++)\n"
                   for depth, v in enumerate(loops))
    scale = " * 2" if program.element == "int" else (" * 0.5" if rng.random() < 0.5 else "")
    text += ("  " * 4 + f"{target}" + "".join(f"[{iterators[d]}]" for d in order)
             + f" = {source}[i][j][k]{scale};\n")
    program.nests.append(text)
    program.families.append("permute " + "".join(map(str, order))
                            + (" source order" if loops == iterators else " target order"))


def lagged(program: Program, rng: random.Random) -> None:
    """Correlation over lags: r[l] += x[i] y[i + l], the lags outside or inside, the
    sample loop's bound shrinking with the lag."""
    lags = rng.choice([16, 64, 256, 1024])
    n = program.size("n", min(8_000_000, max(2 * lags, int(_work(rng) / lags))))
    lag = program.size("nlag", lags)
    x, y, r = program.array([n]), program.array([n]), program.array([lag])
    update = f"{r}[k] += {x}[i] * {y}[i + k];" if program.element != "int" else \
        f"{r}[k] = max({r}[k], {x}[i] + {y}[i + k]);"
    if rng.random() < 0.6:
        text = (f"  for (k = 0; k < {lag}; k++)\n    for (i = 0; i < {n} - k; i++)\n"
                f"      {update}\n")
        kind = "lags outside"
    else:
        text = (f"  for (i = 0; i < {n}; i++)\n"
                f"    for (k = 0; k < min({lag}, {n} - i); k++)\n      {update}\n")
        kind = "lags inside"
    program.nests.append(text)
    program.families.append(f"lagged {kind}")


def pool(program: Program, rng: random.Random) -> None:
    """Strided windows: a 2x2 or 3x3 pooling with stride 2 (maximum or mean), or an
    upsampling that writes each input value into a 2x2 block."""
    n = program.size("n", min(3000, max(16, _scaled(rng, 2, _work(rng) / 4))))
    if rng.random() < 0.3:
        x, y = program.array([n, n]), program.array([f"2 * {n}", f"2 * {n}"])
        program.nests.append(
            f"  for (i = 0; i < {n}; i++)\n    for (j = 0; j < {n}; j++)\n"
            f"      for (k = 0; k < 2; k++)\n        for (t = 0; t < 2; t++)\n"
            f"          {y}[2 * i + k][2 * j + t] = {x}[i][j];\n")
        program.families.append("upsample 2x2")
        return
    side = rng.choice([2, 3])
    x, y = program.array([f"2 * {n} + 1", f"2 * {n} + 1"]), program.array([n, n])
    if rng.random() < 0.5:
        body = f"{y}[i][j] = max({y}[i][j], {x}[2 * i + k][2 * j + t]);"
        kind = "max"
    else:
        body = f"{y}[i][j] += {x}[2 * i + k][2 * j + t];"
        kind = "sum"
    program.nests.append(
        f"  for (i = 0; i < {n}; i++)\n    for (j = 0; j < {n}; j++)\n"
        f"      for (k = 0; k < {side}; k++)\n        for (t = 0; t < {side}; t++)\n"
        f"          {body}\n")
    program.families.append(f"pool {side}x{side} stride 2 {kind}")


def dynamic(program: Program, rng: random.Random) -> None:
    """A 2-D dynamic program over two sequences: each cell the minimum or maximum of
    its upper, left and diagonal neighbours' values plus a cost (edit distance, common
    subsequence, alignment scores)."""
    n = program.size("n", min(4000, max(32, _scaled(rng, 2, _work(rng) / 2))))
    m = program.size("m", max(32, int(program.sizes[n] * rng.uniform(0.5, 1.5))))
    d, a, b = program.array([n, m]), program.array([n]), program.array([m])
    pick = rng.choice(["min", "max"])
    one = "1" if program.element == "int" else "1.0"
    match = f"({a}[i] == {b}[j] ? 0 : {one})" if pick == "min" else \
        f"({a}[i] == {b}[j] ? {one} : 0)"
    sign = "+" if pick == "min" else "-"
    program.nests.append(
        f"  for (i = 1; i < {n}; i++)\n    for (j = 1; j < {m}; j++)\n"
        f"      {d}[i][j] = {pick}({pick}({d}[i - 1][j] {sign} {one}, {d}[i][j - 1] {sign} {one}),"
        f" {d}[i - 1][j - 1] + {match});\n")
    program.families.append(f"dynamic program {pick}")


def scan(program: Program, rng: random.Random) -> None:
    """Recurrences along one dimension, independent along the other: prefix sums or a
    first-order filter along rows or columns."""
    n = min(3000, _scaled(rng, 2, _work(rng) / 2))
    rows, columns = program.size("nr", n), program.size("nc", max(8, int(n * rng.uniform(0.5, 1.5))))
    x, y = program.array([rows, columns]), program.array([rows, columns])
    along_rows = rng.random() < 0.5
    coefficient = "2" if program.element == "int" else "0.5"
    if along_rows:
        previous, loops = f"{y}[i][j - 1]", (f"  for (i = 0; i < {rows}; i++)\n"
                                             f"    for (j = 1; j < {columns}; j++)\n")
    elif rng.random() < 0.5:
        previous, loops = f"{y}[i - 1][j]", (f"  for (i = 1; i < {rows}; i++)\n"
                                             f"    for (j = 0; j < {columns}; j++)\n")
    else:      # (columns outermost: each column's recurrence in turn)
        previous, loops = f"{y}[i - 1][j]", (f"  for (j = 0; j < {columns}; j++)\n"
                                             f"    for (i = 1; i < {rows}; i++)\n")
    value = f"{previous} + {x}[i][j]" if rng.random() < 0.5 else \
        f"{x}[i][j] + {coefficient} * {previous}"
    program.nests.append(loops + f"      {y}[i][j] = {value};\n")
    program.families.append("scan " + ("rows" if along_rows else "columns"))


def rank_update(program: Program, rng: random.Random) -> None:
    """A rank-1 or rank-2 update of a matrix, then (sometimes) a product of it with a
    vector that reads it in the other order."""
    n = min(3000, _scaled(rng, 2, _work(rng) / 4))
    rows, columns = program.size("nr", n), program.size("nc", max(8, int(n * rng.uniform(0.5, 1.5))))
    a, u, v = program.array([rows, columns]), program.array([rows]), program.array([columns])
    update = f"{u}[i] * {v}[j]"
    if rng.random() < 0.5:
        u2, v2 = program.array([rows]), program.array([columns])
        update += f" + {u2}[i] * {v2}[j]"
    program.nests.append(f"  for (i = 0; i < {rows}; i++)\n    for (j = 0; j < {columns}; j++)\n"
                         f"      {a}[i][j] = {a}[i][j] + {update};\n")
    if rng.random() < 0.5:
        x, y = program.array([rows]), program.array([columns])
        program.nests.append(f"  for (i = 0; i < {rows}; i++)\n    for (j = 0; j < {columns}; j++)\n"
                             f"      {y}[j] = {y}[j] + {a}[i][j] * {x}[i];\n")
    program.families.append("rank update")


def rollback(program: Program, rng: random.Random) -> None:
    """Backward induction in place, row by row (a lattice's values rolled back, value
    iteration along a chain): each of nb independent rows swept again and again, every
    node from itself and its successor, over a shrinking (triangular) or the whole
    range; rows from a few KB (L1) to a few hundred; the batch loop outside the time
    loop or inside it; sometimes a floor (an early-exercise maximum) and a first nest
    that fills the rows."""
    nodes = int(10 ** rng.uniform(2.3, 4.2))
    triangular = rng.random() < 0.6
    steps = None if triangular else program.size("tsteps", rng.choice([10, 20, 50, 100, 200]))
    per_row = nodes * nodes / 2 if triangular else nodes * program.sizes[steps]
    n = program.size("n", nodes)
    nb = program.size("nb", min(8192, max(2, int(_work(rng) / per_row))))
    v = program.array([nb, f"{n} + 1"])
    if program.element == "int":
        value = f"({v}[k][i + 1] + {v}[k][i]) / 2"
    else:
        value = f"0.5 * {v}[k][i + 1] + 0.49 * {v}[k][i]"
    if rng.random() < 0.3:
        floor = program.array([nb, f"{n} + 1"])
        value = f"max({value}, {floor}[k][i])"
    fill = ""
    if rng.random() < 0.5:
        spot, factor = program.array([nb]), program.array([f"{n} + 1"])
        fill = f"{spot}[k] + {factor}[i]" if program.element == "int" else \
            f"{spot}[k] * {factor}[i]"
    if triangular:
        time, inner = f"for (t = {n} - 1; t >= 0; t--)", "for (i = 0; i <= t; i++)"
    else:
        time, inner = f"for (t = 0; t < {steps}; t++)", f"for (i = 0; i < {n}; i++)"
    batch_outside = rng.random() < 0.7
    if fill:
        program.nests.append(f"  for (k = 0; k < {nb}; k++)\n    for (i = 0; i <= {n}; i++)\n"
                             f"      {v}[k][i] = {fill};\n")
    if batch_outside:
        program.nests.append(f"  for (k = 0; k < {nb}; k++)\n    {time}\n      {inner}\n"
                             f"        {v}[k][i] = {value};\n")
    else:
        program.nests.append(f"  {time}\n    for (k = 0; k < {nb}; k++)\n      {inner}\n"
                             f"        {v}[k][i] = {value};\n")
    program.families.append(f"rollback {'triangular' if triangular else 'full'}"
                            f"{'' if batch_outside else ' time outside'}")


def read_ahead(program: Program, rng: random.Random) -> None:
    """In-place sweeps that read only ahead of the element they write (each element
    from itself and its successors along one or two dimensions), repeated by a time
    loop: the inner loop vectorizes in place; across steps, a wavefront or time tiles."""
    dimensions = rng.choice([1, 1, 2])
    steps = program.size("tsteps", rng.choice([10, 20, 50, 100]))
    largest = 4_000_000 if dimensions == 1 else 2500
    n = program.size("n", min(largest, max(16, _scaled(rng, dimensions,
                                                        _work(rng) / program.sizes[steps]))))
    if dimensions == 1:
        a = program.array([n])
        taps = rng.choice([2, 3])
        points = " + ".join(f"{a}[i + {d}]" if d else f"{a}[i]" for d in range(taps))
        loops = f"  for (t = 0; t < {steps}; t++)\n    for (i = 0; i < {n} - {taps - 1}; i++)\n"
        target = f"      {a}[i]"
    else:
        a = program.array([n, n])
        points = f"{a}[i][j] + {a}[i + 1][j] + {a}[i][j + 1]"
        taps = 3
        loops = (f"  for (t = 0; t < {steps}; t++)\n    for (i = 0; i < {n} - 1; i++)\n"
                 f"      for (j = 0; j < {n} - 1; j++)\n")
        target = f"        {a}[i][j]"
    divide = f"/ {taps}" if program.element == "int" else f"* {0.99 / taps:.4f}"
    program.nests.append(f"{loops}{target} = ({points}) {divide};\n")
    program.families.append(f"read-ahead {dimensions}-D")


FAMILIES = [(contraction, 3), (matvec, 2), (triangular, 2), (banded, 1), (stencil, 2),
            (elementwise, 2)]
# the second set (seeds from SECOND_SET on): the first's families and these
SECOND_SET = 500
MORE_FAMILIES = [(dot_form, 4), (window, 2), (band_relax, 1), (contraction4, 2),
                 (normalize, 1), (stencil_wide, 1)]
# the third set (seeds from THIRD_SET on): the first two sets' families and these
THIRD_SET = 750
THIRD_FAMILIES = [(permute, 2), (lagged, 2), (pool, 2), (dynamic, 2), (scan, 2),
                  (rank_update, 2)]
# the fourth set (seeds from FOURTH_SET on): every program's first nest one of these
# (in-place sweeps that read ahead: the pattern the first three sets lack), the rest
# from the first two sets (the shipped model's training set)
FOURTH_SET = 1000
FOURTH_FAMILIES = [(rollback, 3), (read_ahead, 2)]
TIME_LOOPS = (stencil, band_relax, stencil_wide, rollback, read_ahead)


def generate(seed: int) -> Program:
    rng = random.Random(seed)
    element = rng.choices(["double", "float", "int"], [6, 3, 1])[0]
    program = Program(seed, element)
    count = rng.choices([1, 2, 3, 4], [5, 3, 1, 1])[0]
    families = FAMILIES + (MORE_FAMILIES if seed >= SECOND_SET else []) + \
        (THIRD_FAMILIES if THIRD_SET <= seed < FOURTH_SET else [])
    timed = False
    for number in range(count):
        family = rng.choices([f for f, _ in families], [w for _, w in families])[0]
        if seed >= FOURTH_SET and number == 0:
            family = rng.choices([f for f, _ in FOURTH_FAMILIES],
                                 [w for _, w in FOURTH_FAMILIES])[0]
        if family in TIME_LOOPS and timed:
            family = elementwise        # one time loop per program
        timed = timed or family in TIME_LOOPS
        family(program, rng)
        if len(program.arrays) > 14:
            break
    return program


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", type=int, help="the seed (or the first of a range)")
    parser.add_argument("count", type=int, nargs="?", help="programs from the first seed on")
    parser.add_argument("-o", "--out", type=Path, help="directory for SEED.c (with a count)")
    args = parser.parse_args(argv)
    if args.count is None:
        sys.stdout.write(generate(args.first).text())
        return 0
    out = args.out or Path("corpus")
    out.mkdir(parents=True, exist_ok=True)
    for seed in range(args.first, args.first + args.count):
        (out / f"{seed}.c").write_text(generate(seed).text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
