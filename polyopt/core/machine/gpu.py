"""The GPU polyopt runs CUDA code on, found through the CUDA driver library itself.

``detect`` reads the limits the mapping needs (threads per block, shared
memory per block, multiprocessors, compute capability) and those of the lower
bound on a kernel's time (clock, memory bus) from libcuda, which every machine
with an NVIDIA driver has, through ctypes: no Python package is needed. PyCUDA
(``pip install polyopt[cuda]``) is only a second way, for a driver library that
does not answer those calls. Without a GPU or its driver, the reason says which
is missing, and polyopt still generates and compile-checks CUDA but cannot run it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import re
import sys
from dataclasses import dataclass

DEFAULT_ARCH = "sm_90"


@dataclass
class Device:
    name: str
    compute_capability: tuple[int, int]
    max_threads_per_block: int
    shared_memory_per_block: int
    multiprocessors: int
    clock_khz: int = 0                  # 0: not known (read through PyCUDA)
    memory_clock_khz: int = 0
    memory_bus_bits: int = 0

    @property
    def memory_bytes_per_second(self) -> float:
        """Peak bandwidth of the device memory (double data rate), 0 when not known."""
        return 2.0 * self.memory_clock_khz * 1e3 * self.memory_bus_bits / 8

    @property
    def arch(self) -> str:
        """nvcc's -arch value for this device."""
        return f"sm_{self.compute_capability[0]}{self.compute_capability[1]}"


@dataclass
class NoDevice:
    reason: str


_NO_DEVICE = 100    # CUDA_ERROR_NO_DEVICE


def _load_driver():
    """The CUDA driver library (libcuda, installed with the NVIDIA driver), or None."""
    names = ["nvcuda.dll"] if sys.platform == "win32" else ["libcuda.so.1", "libcuda.so"]
    found = ctypes.util.find_library("cuda")
    for name in names + ([found] if found else []):
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    return None


def _error_name(library, status: int) -> str:
    name = ctypes.c_char_p()
    try:
        if library.cuGetErrorName(status, ctypes.byref(name)) == 0 and name.value:
            return name.value.decode()
    except (AttributeError, OSError):
        pass
    return f"error {status}"


def _driver_problem(ordinal: int) -> str | None:
    """Why the CUDA driver shows no GPU of that ordinal (None: it shows one)."""
    library = _load_driver()
    if library is None:
        if sys.platform.startswith("linux") and not glob.glob("/dev/nvidia[0-9]*"):
            return ("no NVIDIA GPU here: no GPU device (/dev/nvidia*) and no NVIDIA driver "
                    "(its CUDA library, libcuda, is not found)")
        return "no NVIDIA driver here: its CUDA library (libcuda) is not found"
    try:
        status = library.cuInit(0)
        if status == _NO_DEVICE:
            return "no CUDA GPU here: the NVIDIA driver is installed but finds no GPU"
        if status != 0:
            return f"the NVIDIA driver finds no usable GPU (cuInit: {_error_name(library, status)})"
        count = ctypes.c_int(0)
        status = library.cuDeviceGetCount(ctypes.byref(count))
    except (AttributeError, OSError) as error:
        return f"the CUDA driver library cannot be used ({error})"
    if status != 0:
        return f"the NVIDIA driver cannot count its GPUs ({_error_name(library, status)})"
    if count.value <= ordinal:
        return ("no CUDA GPU here: the NVIDIA driver finds none" if count.value == 0 else
                f"no CUDA GPU number {ordinal}: the NVIDIA driver finds {count.value}")
    return None


# CUdevice_attribute values of cuda.h
_ATTRIBUTES = {"max_threads_per_block": 1, "shared_memory_per_block": 8, "clock_khz": 13,
               "multiprocessors": 16, "memory_clock_khz": 36, "memory_bus_bits": 37,
               "major": 75, "minor": 76}


def _through_driver(ordinal: int) -> Device | str:
    """The device as libcuda describes it (cuDeviceGetName, cuDeviceGetAttribute), or why not."""
    library = _load_driver()
    if library is None:
        return "the CUDA driver library (libcuda) is not found"
    try:
        device = ctypes.c_int(0)
        status = library.cuDeviceGet(ctypes.byref(device), ordinal)
        if status != 0:
            return f"cuDeviceGet: {_error_name(library, status)}"
        name = ctypes.create_string_buffer(256)
        status = library.cuDeviceGetName(name, 256, device)
        if status != 0:
            return f"cuDeviceGetName: {_error_name(library, status)}"
        values = {}
        for key, attribute in _ATTRIBUTES.items():
            value = ctypes.c_int(0)
            status = library.cuDeviceGetAttribute(ctypes.byref(value), attribute, device)
            if status != 0:
                return f"cuDeviceGetAttribute({attribute}): {_error_name(library, status)}"
            values[key] = value.value
    except (AttributeError, OSError, TypeError) as error:
        return f"the CUDA driver library cannot be asked ({error})"
    return Device(name.value.decode(errors="replace"), (values.pop("major"), values.pop("minor")),
                  **values)


def detect(ordinal: int = 0) -> Device | NoDevice:
    """The GPU of that ordinal and its limits, or why there is none to use: no GPU
    or driver first; the limits from the driver library, else through PyCUDA."""
    problem = _driver_problem(ordinal)
    if problem is not None:
        return NoDevice(problem)
    found = _through_driver(ordinal)
    if isinstance(found, Device):
        return found
    try:
        import pycuda  # noqa: F401
    except ImportError:
        return NoDevice(f"a CUDA GPU is here, but its driver library does not give its limits "
                        f"({found}) and PyCUDA, the other way to read them, is not installed "
                        "(pip install 'polyopt[cuda]')")
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


if __name__ == "__main__":      # python3 polyopt/core/machine/gpu.py: needs nothing but the standard library
    found = detect()
    print(describe(found))
    sys.exit(0 if isinstance(found, Device) else 1)
