import sys

from polyopt.cli import main

sys.exit(main())
