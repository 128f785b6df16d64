"""Malformed and non-affine inputs: compiler-style diagnostics, and nothing of the input lost.

A region polyopt cannot model or parse gives ``file:line:col: warning: <why>`` and is
copied byte-for-byte; a user error (unreadable input, anything under ``--strict``) gives
``file:line:col: error: <why>``, exit status 1, no output file and no traceback.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from polyopt.cli import main

# -- helpers ------------------------------------------------------------------


def _run(capsys, argv):
    """polyopt in-process: (exit status, stdout, stderr)."""
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _diagnostics(stderr: str, kind: str) -> list[tuple[str, int | None, int | None, str]]:
    """(file, line, column, message) of every `kind` line of stderr."""
    found = []
    for line in stderr.splitlines():
        match = re.match(rf"^(.*?)(?::(\d+))?(?::(\d+))?: {kind}: (.*)$", line)
        if match:
            file, row, column, message = match.groups()
            found.append((file, int(row) if row else None, int(column) if column else None,
                          message))
    return found


def _assert_no_traceback(stderr: str) -> None:
    assert "Traceback" not in stderr, stderr


def _subprocess(args, cwd, **kwargs):
    return subprocess.run([sys.executable, "-m", "polyopt", *args], cwd=cwd,
                          capture_output=True, timeout=120, **kwargs)


# -- warnings: the region is left unchanged -------------------------------------

# (id, source, line, column or None, regex the message must match)
WARNING_CASES = [
    ("pointer-dereference",
     "void f(int n, double *p) {\n"
     "  int i;\n"
     "#pragma scop\n"
     "  for (i = 0; i < n; i++)\n"
     "    *(p + i) = 0;\n"
     "#pragma endscop\n"
     "}\n",
     5, None, r"pointer"),
    ("pointer-incremented",
     "void f(int n, double *p) {\n"
     "  int i;\n"
     "#pragma scop\n"
     "  for (i = 0; i < n; i++) {\n"
     "    p[i] = 0;\n"
     "    p++;\n"
     "  }\n"
     "#pragma endscop\n"
     "}\n",
     6, 5, r"'p'"),
    ("subscript-product",
     "void f(double A[100]) {\n"
     "  int i, j;\n"
     "#pragma scop\n"
     "  for (i = 0; i < 10; i++)\n"
     "    for (j = 0; j < 10; j++)\n"
     "      A[i*j] = 0;\n"
     "#pragma endscop\n"
     "}\n",
     6, 9, r"subscript is not affine"),
    ("subscript-indirect",
     "void f(int n, double A[100], int idx[100]) {\n"
     "  int i;\n"
     "#pragma scop\n"
     "  for (i = 0; i < n; i++)\n"
     "    A[idx[i]] = 0;\n"
     "#pragma endscop\n"
     "}\n",
     5, 7, r"subscript is not affine"),
    ("while-loop",
     "void f(int n, double A[100]) {\n"
     "  int i = 0;\n"
     "#pragma scop\n"
     "  while (i < n) {\n"
     "    A[i] = 0;\n"
     "    i++;\n"
     "  }\n"
     "#pragma endscop\n"
     "}\n",
     4, 3, r"'while'"),
    ("return",
     "int f(int n, double A[100]) {\n"
     "  int i;\n"
     "#pragma scop\n"
     "  for (i = 0; i < n; i++) {\n"
     "    A[i] = 0;\n"
     "    if (i == 5) return 1;\n"
     "  }\n"
     "#pragma endscop\n"
     "  return 0;\n"
     "}\n",
     6, 17, r"'return'"),
    ("break",
     "void f(int n, double A[100]) {\n"
     "  int i;\n"
     "#pragma scop\n"
     "  for (i = 0; i < n; i++) {\n"
     "    A[i] = 0;\n"
     "    if (i == 5)\n"
     "      break;\n"
     "  }\n"
     "#pragma endscop\n"
     "}\n",
     7, 7, r"'break'"),
    ("goto",
     "void f(int n, double A[100]) {\n"
     "  int i;\n"
     "#pragma scop\n"
     "  for (i = 0; i < n; i++) {\n"
     "    A[i] = 0;\n"
     "    goto out;\n"
     "  }\n"
     "#pragma endscop\n"
     "out:\n"
     "  return;\n"
     "}\n",
     6, 5, r"'goto'"),
    ("data-dependent-if",
     "void f(int n, double A[100], double B[100]) {\n"
     "  int i;\n"
     "#pragma scop\n"
     "  for (i = 0; i < n; i++)\n"
     "    if (A[i] > 0)\n"
     "      B[i] = A[i];\n"
     "#pragma endscop\n"
     "}\n",
     5, 9, r"condition is not affine"),
    ("call-statement",
     "void foo(double);\n"
     "void f(int n, double A[100]) {\n"
     "  int i;\n"
     "#pragma scop\n"
     "  for (i = 0; i < n; i++)\n"
     "    foo(A[i]);\n"
     "#pragma endscop\n"
     "}\n",
     6, 5, r"call"),
    ("non-constant-step",
     "void f(int n, int s, double A[100]) {\n"
     "  int i;\n"
     "#pragma scop\n"
     "  for (i = 0; i < n; i += s)\n"
     "    A[i] = 0;\n"
     "#pragma endscop\n"
     "}\n",
     4, 22, r"step"),
    ("bound-written-in-region",
     "void f(int n, double A[100]) {\n"
     "  int i;\n"
     "#pragma scop\n"
     "  for (i = 0; i < n; i++) {\n"
     "    A[i] = 0;\n"
     "    n = n - 1;\n"
     "  }\n"
     "#pragma endscop\n"
     "}\n",
     4, 19, r"'n' is modified"),
    ("scop-without-endscop",
     "void f(int n, double A[100]) {\n"
     "  int i;\n"
     "#pragma scop\n"
     "  for (i = 0; i < n; i++)\n"
     "    A[i] = 0;\n"
     "}\n",
     3, 1, r"without a matching '#pragma endscop'"),
    ("endscop-without-scop",
     "void f(int n, double A[100]) {\n"
     "  int i;\n"
     "  for (i = 0; i < n; i++)\n"
     "    A[i] = 0;\n"
     "#pragma endscop\n"
     "}\n",
     5, 1, r"without a matching '#pragma scop'"),
    ("preprocessor-if",
     "void f(int n, double A[100]) {\n"
     "  int i;\n"
     "#pragma scop\n"
     "  for (i = 0; i < n; i++)\n"
     "#if 1\n"
     "    A[i] = 0;\n"
     "#endif\n"
     "#pragma endscop\n"
     "}\n",
     5, 1, r"preprocessor directive"),
]


@pytest.mark.parametrize("source,line,column,pattern",
                         [case[1:] for case in WARNING_CASES],
                         ids=[case[0] for case in WARNING_CASES])
def test_unmodelled_region_warns_and_is_copied_unchanged(tmp_path, monkeypatch, capsys,
                                                         source, line, column, pattern):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "case.c").write_bytes(source.encode())
    status, out, err = _run(capsys, ["case.c", "-o", "out.c"])
    assert status == 0, err
    _assert_no_traceback(err)
    warnings = _diagnostics(err, "warning")
    assert len(warnings) == 1, err
    file, row, col, message = warnings[0]
    assert (file, row) == ("case.c", line), err
    if column is not None:
        assert col == column, err
    assert re.search(pattern, message), err
    assert (tmp_path / "out.c").read_bytes() == source.encode()
    assert out == ""


@pytest.mark.xfail(reason="the column of a '*' dereference is that of its operand "
                          "(pycparser's coord), not of the '*'", strict=True)
def test_pointer_dereference_column_is_the_star(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deref.c").write_text("void f(double *p) {\n"
                                      "#pragma scop\n"
                                      "  *p = 0;\n"
                                      "#pragma endscop\n"
                                      "}\n")
    status, _, err = _run(capsys, ["deref.c"])
    assert status == 0
    assert err.startswith("deref.c:3:3: warning: pointer dereference"), err


def test_empty_file_no_scop_found(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty.c").write_bytes(b"")
    status, out, err = _run(capsys, ["empty.c", "-o", "out.c"])
    assert status == 0
    warnings = _diagnostics(err, "warning")
    assert len(warnings) == 1 and warnings[0][0] == "empty.c", err
    assert "no SCoP found" in warnings[0][3]
    assert (tmp_path / "out.c").read_bytes() == b""
    status, out, err = _run(capsys, ["empty.c"])
    assert status == 0 and out == ""


GOOD_AND_BAD_HEAD = ("/* two regions */\n"
                     "void f(int n, double A[100], double B[100], int idx[100]) {\n"
                     "  int i;\n"
                     "#pragma scop\n")
GOOD_BODY = ("  for (i = 0; i < n; i++)\n"
             "    A[i] = 2 * B[i];\n")
BAD_PART = ("#pragma endscop\n"
            "  /* the second one is indirect */\n"
            "#pragma scop\n"
            "  for (i = 0; i < n; i++)\n"
            "    A[idx[i]] = 0;\n"
            "#pragma endscop\n"
            "}\n")


def test_good_and_bad_scop(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    source = GOOD_AND_BAD_HEAD + GOOD_BODY + BAD_PART
    (tmp_path / "two.c").write_text(source)
    status, out, err = _run(capsys, ["two.c", "--scheduler", "isl"])
    assert status == 0
    warnings = _diagnostics(err, "warning")
    assert [(w[0], w[1], w[2]) for w in warnings] == [("two.c", 11, 7)], err
    assert out.count("polyopt:") == 1
    assert out.startswith(GOOD_AND_BAD_HEAD)
    assert out.endswith(BAD_PART)            # the bad region, and all after it, byte-identical
    assert GOOD_BODY not in out              # the good one was rewritten
    assert "A[c0] = 2 * B[c0];" in out


# -- errors: exit 1, nothing written ---------------------------------------------


def _assert_error(tmp_path, status, err, file, line=None, column=None, pattern=""):
    assert status == 1, err
    _assert_no_traceback(err)
    errors = _diagnostics(err, "error")
    assert len(errors) == 1, err
    got_file, got_line, got_column, message = errors[0]
    assert got_file == file, err
    if line is not None:
        assert got_line == line, err
    if column is not None:
        assert got_column == column, err
    assert re.search(pattern, message), err
    assert not (tmp_path / "out.c").exists()


SYNTAX_ERROR = ("void f(int n, double A[100]) {\n"
                "  int i;\n"
                "#pragma scop\n"
                "  for (i = 0; i < n; i++ {\n"
                "    A[i] = 0;\n"
                "  }\n"
                "#pragma endscop\n"
                "}\n")


# A region pycparser cannot parse may be valid C it does not know (GNU extensions, a
# macro used as a statement): the region is left unchanged with a located warning,
# the rest of the file is still optimized; --strict makes it an error.

def _assert_parse_warning(tmp_path, capsys, name, source, line, column, pattern):
    (tmp_path / name).write_text(source)
    status, out, err = _run(capsys, [name, "-o", "out.c"])
    assert status == 0, err
    _assert_no_traceback(err)
    warnings = _diagnostics(err, "warning")
    assert len(warnings) == 1, err
    assert warnings[0][:3] == (name, line, column), err
    assert re.search(pattern, warnings[0][3]) and "region left unchanged" in warnings[0][3], err
    assert (tmp_path / "out.c").read_text() == source
    (tmp_path / "out.c").unlink()
    status, out, err = _run(capsys, [name, "--strict", "-o", "out.c"])
    _assert_error(tmp_path, status, err, name, line, column, pattern)
    assert out == ""


def test_syntax_error_in_region(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    _assert_parse_warning(tmp_path, capsys, "syntax.c", SYNTAX_ERROR, 4, 26, r"syntax error")


def test_syntax_error_subprocess(tmp_path):
    (tmp_path / "syntax.c").write_text(SYNTAX_ERROR)
    result = _subprocess(["syntax.c", "--strict", "-o", "out.c"], cwd=tmp_path, text=True)
    _assert_error(tmp_path, result.returncode, result.stderr, "syntax.c", 4, 26, r"syntax error")
    assert result.stdout == ""
    result = _subprocess(["syntax.c"], cwd=tmp_path, text=True)
    assert result.returncode == 0, result.stderr
    _assert_no_traceback(result.stderr)
    assert result.stdout == SYNTAX_ERROR


def test_syntax_error_invalid_expression_has_location(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    source = ("void f(int n, double A[100]) {\n"
              "  int i;\n"
              "#pragma scop\n"
              "  for (i = 0; i < n; i++)\n"
              "    A[i] = A[i] +;\n"
              "#pragma endscop\n"
              "}\n")
    # pycparser gives this error no coordinates: it is located at the region's start.
    _assert_parse_warning(tmp_path, capsys, "expr.c", source, 4, 1, r"Invalid expression")
    status, _, err = _run(capsys, ["expr.c", "--strict"])
    assert "expr.c: error: expr.c" not in err


def test_syntax_error_missing_semicolon_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    source = ("void f(int n, double A[100]) {\n"
              "  int i;\n"
              "#pragma scop\n"
              "  for (i = 0; i < n; i++)\n"
              "    A[i] = 0\n"
              "#pragma endscop\n"
              "\n"
              "  n = 3;\n"
              "}\n")
    # Reported at the end of the region (the endscop line), never past it.
    _assert_parse_warning(tmp_path, capsys, "semi.c", source, 6, 1,
                          r"syntax error at the end of the region")


def test_strict_turns_warning_into_error(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    source = GOOD_AND_BAD_HEAD + GOOD_BODY + BAD_PART
    (tmp_path / "two.c").write_text(source)
    status, out, err = _run(capsys, ["two.c", "--strict", "-o", "out.c"])
    _assert_error(tmp_path, status, err, "two.c", 11, 7, r"subscript is not affine")
    assert "warning:" not in err
    assert out == ""


def test_missing_input_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    status, out, err = _run(capsys, ["no_such_file.c", "-o", "out.c"])
    _assert_error(tmp_path, status, err, "no_such_file.c", pattern=r"(?i)no such file")
    assert out == ""


def test_missing_input_file_subprocess(tmp_path):
    result = _subprocess(["no_such_file.c", "-o", "out.c"], cwd=tmp_path, text=True)
    _assert_error(tmp_path, result.returncode, result.stderr, "no_such_file.c",
                  pattern=r"(?i)no such file")


def test_directory_as_input(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "adir").mkdir()
    status, out, err = _run(capsys, ["adir", "-o", "out.c"])
    _assert_error(tmp_path, status, err, "adir", pattern=r"directory")


def test_nul_byte(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "nul.c").write_bytes(b"int x;\0\nint y;\n")
    status, out, err = _run(capsys, ["nul.c", "-o", "out.c"])
    _assert_error(tmp_path, status, err, "nul.c", pattern=r"NUL")


# -- bytes that are not UTF-8 -------------------------------------------------------

LATIN1_HEAD = b"/* caf\xe9 au lait */\nvoid f(int n, double A[100], double B[100]) {\n  int i;\n#pragma scop\n"
LATIN1_GOOD = b"  for (i = 0; i < n; i++)\n    A[i] = B[i];\n"
LATIN1_TAIL = b"#pragma endscop\n}\n/* \xe9t\xe9 */\n"


def test_latin1_bytes_survive_a_transformation(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "latin1.c").write_bytes(LATIN1_HEAD + LATIN1_GOOD + LATIN1_TAIL)
    status, _, err = _run(capsys, ["latin1.c", "-o", "out.c", "--scheduler", "isl"])
    assert status == 0, err
    data = (tmp_path / "out.c").read_bytes()
    assert data.startswith(LATIN1_HEAD)
    assert data.endswith(LATIN1_TAIL)
    assert b"polyopt:" in data and LATIN1_GOOD not in data


def test_latin1_bytes_survive_in_an_unchanged_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    source = (b"/* na\xefve */\nvoid f(int n, double A[100], int idx[100]) {\n  int i;\n"
              b"#pragma scop\n  for (i = 0; i < n; i++)\n    A[idx[i]] = 0; /* \xe9 */\n"
              b"#pragma endscop\n}\n")
    (tmp_path / "latin1.c").write_bytes(source)
    status, _, err = _run(capsys, ["latin1.c", "-o", "out.c", "--scheduler", "isl"])
    assert status == 0
    assert _diagnostics(err, "warning")[0][:3] == ("latin1.c", 6, 7), err
    assert (tmp_path / "out.c").read_bytes() == source


def test_crlf_line_endings_are_accepted(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    source = (b"void f(int n, double A[100]) {\r\n  int i;\r\n#pragma scop\r\n"
              b"  for (i = 0; i < n; i++)\r\n    A[i] = 0;\r\n#pragma endscop\r\n}\r\n")
    (tmp_path / "crlf.c").write_bytes(source)
    status, _, err = _run(capsys, ["crlf.c", "-o", "out.c"])
    assert status == 0, err
    assert "error:" not in err
    data = (tmp_path / "out.c").read_bytes()
    assert data.startswith(b"void f(int n, double A[100]) {\r\n  int i;\r\n#pragma scop\r\n")
    assert data.endswith(b"#pragma endscop\r\n}\r\n")
