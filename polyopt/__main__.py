from polyopt.cli import run

run()
