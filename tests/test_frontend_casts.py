"""Which parenthesized names the frontend takes for types when the file itself
does not define them (PolyBench's "(DATA_TYPE) n", with DATA_TYPE in a header)."""

from polyopt.frontend import cast_type_names


def test_cast_before_an_operand_is_a_type():
    assert cast_type_names("x = (DATA_TYPE) n + (real_t)(i + 1) + (T)2.5;") == {
        "DATA_TYPE", "real_t", "T"}


def test_conditions_calls_and_plain_parentheses_are_not_casts():
    text = "if (c) y = 1; while (k) k--; z = f(a) * (b) + (d) - e; w = SQRT(v) ;"
    assert cast_type_names(text) == set()


def test_keywords_are_not_reported():
    assert cast_type_names("x = (double) n + (int) m;") == set()
