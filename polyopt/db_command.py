"""``polyopt db path|list|show|export|clear``: the tuning database from the command line.

The database (``polyopt.tuning``) keeps every schedule a search or ``--tune``
evaluated, keyed by a fingerprint of the SCoP, of the machine and of the options
that shape the code. ``list`` prints one line per key (the SCoP's fingerprint, its
evaluations, the best verified time, the stored choice, the region's first line),
``show KEY`` every evaluation of the SCoPs whose fingerprint starts with KEY,
``export`` every row as JSON lines, ``clear KEY`` or ``clear --all`` deletes rows.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from polyopt.core.errors import UsageError
from polyopt.core.files import tuning_database_path


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="polyopt db",
        description="The tuning database: the schedules searches and --tune evaluated, "
                    f"by SCoP, machine and options (default: $POLYOPT_DB, else "
                    f"{tuning_database_path()}).")
    parser.add_argument("--db", metavar="PATH", help="another database file")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("path", help="print the database's path")
    commands.add_parser("list", help="one line per SCoP, machine and options")
    show = commands.add_parser("show", help="every evaluation of the SCoPs whose "
                                            "fingerprint starts with KEY")
    show.add_argument("key", metavar="KEY", help="a fingerprint or its start (from 'list')")
    export = commands.add_parser("export", help="every row as JSON lines")
    export.add_argument("-o", "--output", metavar="FILE", help="write here (default: stdout)")
    clear = commands.add_parser("clear", help="delete the rows of one SCoP (KEY) or all")
    clear.add_argument("key", metavar="KEY", nargs="?", help="a fingerprint or its start")
    clear.add_argument("--all", action="store_true", help="delete every row")
    return parser


def _when(created: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(created))


def run(argv: list[str]) -> int:
    from polyopt.tuning import TuningDatabase
    args = parser().parse_args(argv)
    path = args.db or tuning_database_path()
    if args.command == "path":
        print(path)
        return 0
    if args.command == "clear" and bool(args.key) == bool(args.all):
        raise UsageError("polyopt db clear: give the KEY of one SCoP or --all")
    with TuningDatabase(path) as database:
        if args.command == "list":
            entries = database.summary()
            for entry in entries:
                best = f"{entry['best_seconds']:.4g} s" if entry["best_seconds"] else "-"
                print(f"{entry['scop'][:12]}  {entry['evaluations']:4d} evaluated, "
                      f"{entry['verified']:4d} verified, best {best:>10}, chose "
                      f"{entry['chosen'] or '-'}; {_when(entry['latest'])}; "
                      f"{entry['region'] or '(no source kept)'}")
            print(f"{len(entries)} SCoP(s) in {path}", file=sys.stderr)
        elif args.command == "show":
            rows = database.rows(args.key)
            if not rows:
                raise UsageError(f"polyopt db show: no SCoP's fingerprint starts with "
                                 f"'{args.key}' in {path}")
            for scop in dict.fromkeys(row["scop"] for row in rows):
                mine = [row for row in rows if row["scop"] == scop]
                print(f"SCoP {scop} (machine {mine[0]['machine'][:12]}, options "
                      f"{mine[0]['options']})")
                if mine[-1]["source"]:
                    print("  " + mine[-1]["source"].replace("\n", "\n  "))
                for row in mine:
                    seconds = f"{row['seconds']:.4g} s" if row["seconds"] is not None else "-"
                    mark = " (chosen)" if row["winner"] else ""
                    print(f"  {_when(row['created'])}  {row['candidate']:<24} "
                          f"{row['status']:<14} {seconds:>10}{mark}  tiles "
                          f"{row['tile_sizes'] or 'default'}; build: {row['build'] or '-'}")
        elif args.command == "export":
            text = "".join(json.dumps(row) + "\n" for row in database.rows(""))
            if args.output:
                from polyopt.core.files import write_file
                write_file(args.output, text.encode())
            else:
                sys.stdout.write(text)
        else:
            count = database.delete(None if args.all else args.key)
            print(f"deleted {count} evaluation(s) from {path}", file=sys.stderr)
    return 0
