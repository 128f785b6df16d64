"""Marks the scheduler leaves in a schedule tree for the code generator."""

# Above a register tile's copies (scheduler.registers): codegen prints them unrolled,
# with their array elements in locals (codegen.registers), or as loops for the C
# compiler to unroll completely.
REGISTER_MARK = "polyopt_register_copies"

# The largest number of copies of a register tile along one loop.
MAX_REGISTER_FACTOR = 8
