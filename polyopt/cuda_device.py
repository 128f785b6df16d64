"""The GPU polyopt runs CUDA code on, found through PyCUDA (``pip install polyopt[cuda]``).

``detect`` reads the limits the mapping needs (threads per block, shared
memory per block, multiprocessors, compute capability). Without PyCUDA, or
without a usable GPU, it says why, and polyopt still generates and
compile-checks CUDA but cannot run it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DEFAULT_ARCH = "sm_90"


@dataclass
class Device:
    name: str
    compute_capability: tuple[int, int]
    max_threads_per_block: int
    shared_memory_per_block: int
    multiprocessors: int

    @property
    def arch(self) -> str:
        """nvcc's -arch value for this device."""
        return f"sm_{self.compute_capability[0]}{self.compute_capability[1]}"


@dataclass
class NoDevice:
    reason: str


def detect(ordinal: int = 0) -> Device | NoDevice:
    """The GPU of that ordinal and its limits, or why there is none to use."""
    try:
        import pycuda  # noqa: F401
    except ImportError:
        return NoDevice("PyCUDA is not installed (pip install 'polyopt[cuda]')")
    try:
        import pycuda.driver as driver
    except Exception as error:  # noqa: BLE001 - no libcuda (no driver): a reason, not a crash
        return NoDevice(f"PyCUDA cannot load the CUDA driver ({error})")
    try:
        driver.init()
        if driver.Device.count() <= ordinal:
            return NoDevice("no CUDA GPU found")
        device = driver.Device(ordinal)
        attribute = driver.device_attribute
        attributes = device.get_attributes()
        return Device(device.name(), device.compute_capability(),
                      attributes[attribute.MAX_THREADS_PER_BLOCK],
                      attributes[attribute.MAX_SHARED_MEMORY_PER_BLOCK],
                      attributes[attribute.MULTIPROCESSOR_COUNT])
    except Exception as error:  # noqa: BLE001 - driver errors (no GPU, no driver) are reasons
        return NoDevice(f"no usable CUDA GPU ({error})")


def describe(found: Device | NoDevice) -> str:
    if isinstance(found, NoDevice):
        return f"no GPU to run CUDA code on: {found.reason}"
    major, minor = found.compute_capability
    return (f"{found.name} (compute capability {major}.{minor}, {found.multiprocessors} SMs, "
            f"{found.max_threads_per_block} threads and {found.shared_memory_per_block // 1024} KiB "
            "shared memory per block)")


_TIMES = re.compile(rb"polyopt-cuda: (.*?): total ([0-9.eE+-]+) s, kernels ([0-9.eE+-]+) s")


def event_times(stderr: bytes) -> list[tuple[str, float, float]]:
    """(SCoP location, seconds with transfers, seconds of the kernels) for each line
    a program built with -DPOLYOPT_CUDA_TIMING printed."""
    return [(where.decode(errors="replace"), float(total), float(kernels))
            for where, total, kernels in _TIMES.findall(stderr)]
