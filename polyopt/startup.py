"""Version modules without importlib.metadata, for start-up time.

islpy and pytools (cgen's helper library) each read their own version with
``importlib.metadata.version`` when imported, and importing ``importlib.metadata``
(email, zipfile, csv, socket...) takes 0.05 s of every run's start-up: a twentieth
of the time polyopt takes on a PolyBench kernel. Before either is first imported,
``version_modules`` puts in ``sys.modules`` a ``PACKAGE.version`` with the same
names (VERSION_TEXT, VERSION, VERSION_STATUS), read from the name of the package's
installed metadata directory (``islpy-2026.2.2.dist-info``, next to the package),
then imports the package (polyopt imports both in any case), so that
``PACKAGE.version`` is also its attribute, as after its own import. Where that
directory is not there unambiguously (an unusual installation), nothing is done and
the package reads its version itself.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import sys
import types

_VERSION = re.compile(r"^([0-9.]+)([a-z0-9]*?)$")     # the packages' own pattern
PACKAGES = ("islpy", "pytools")


def version_modules(packages: tuple[str, ...] = PACKAGES) -> None:
    for package in packages:
        module = _version_module(package)
        if module is not None:
            sys.modules[f"{package}.version"] = module
            imported = importlib.import_module(package)
            imported.version = module


def _version_module(package: str) -> types.ModuleType | None:
    """`package`'s version module, from its metadata directory's name; None where
    the package is already imported, or the directory is not found once."""
    if package in sys.modules or f"{package}.version" in sys.modules:
        return None
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    site = os.path.dirname(list(spec.submodule_search_locations)[0])
    prefix = f"{package}-"
    try:
        found = [name for name in os.listdir(site)
                 if name.startswith(prefix) and name.endswith(".dist-info")]
    except OSError:
        return None
    if len(found) != 1:
        return None
    text = found[0][len(prefix):-len(".dist-info")]
    match = _VERSION.match(text)
    if match is None:
        return None
    module = types.ModuleType(f"{package}.version")
    module.VERSION_TEXT = text
    module.VERSION_STATUS = match.group(2)
    module.VERSION = tuple(int(part) for part in match.group(1).split(".") if part)
    return module
