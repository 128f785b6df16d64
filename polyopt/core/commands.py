"""The build and run commands a search and ``polyopt bench`` use unless told: here,
apart from polyopt.evaluator, so that the command line's help does not import it."""

DEFAULT_BUILD = "gcc -O3 -march=native -fopenmp {src} -o {exe} -lm"
DEFAULT_RUN = "{exe}"
