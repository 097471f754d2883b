"""Shared helpers: statistics, machine facts, memory readings, hearthd subprocesses, waiting."""

from __future__ import annotations

import os
import platform
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
CACHE_DIR = BENCH_DIR / ".cache"
# the suite's report beside it (results.json, results.md); the separate reports (LoCoMo, generator facts) in it
RESULTS_DIR = BENCH_DIR / "results"
MODEL = "all-MiniLM-L6-v2"


def log(msg: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# -- statistics ---------------------------------------------------------------------------------------------
def summarize(samples_s, unit: str = "ms") -> dict:
    """Median, p95, p99, mean, min, max of samples given in seconds, expressed in `unit`."""
    scale = {"ms": 1e3, "s": 1.0, "us": 1e6}[unit]
    a = np.asarray(samples_s, dtype=np.float64) * scale
    if a.size == 0:
        return {"n": 0, "unit": unit}
    return {
        "n": int(a.size),
        "unit": unit,
        "median": round(float(np.median(a)), 3),
        "p95": round(float(np.percentile(a, 95)), 3),
        "p99": round(float(np.percentile(a, 99)), 3),
        "mean": round(float(a.mean()), 3),
        "min": round(float(a.min()), 3),
        "max": round(float(a.max()), 3),
    }


def timed(fn, *args, **kwargs) -> tuple[float, object]:
    t = time.perf_counter()
    out = fn(*args, **kwargs)
    return time.perf_counter() - t, out


def metric(name: str, value, unit: str, target: str | None = None, ok: bool | None = None, note: str = "") -> dict:
    """One row of the summary table. target is human text (e.g. '<= 15 ms'); ok None: no target."""
    return {"metric": name, "value": value, "unit": unit, "target": target, "ok": ok, "note": note}


# -- the machine --------------------------------------------------------------------------------------------
def machine() -> dict:
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_total = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem_total = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    versions = {}
    for mod in ("numpy", "torch", "sentence_transformers", "onnxruntime", "sqlite3"):
        try:
            m = __import__(mod)
            versions[mod] = getattr(m, "sqlite_version", None) or getattr(m, "__version__", "?")
        except ImportError:
            versions[mod] = None
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "memory": mem_total,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "versions": versions,
    }


class CpuWatch:
    """How much of the machine's CPU went to other processes while a benchmark ran (others' tests, builds):
    busy jiffies of the whole machine minus this process's and its waited-for children's CPU time."""

    def __init__(self):
        self.t0, self.busy0, self.ours0 = time.monotonic(), self._busy(), self._ours()
        self.load0 = self._loadavg()

    @staticmethod
    def _busy() -> float:
        try:
            fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
        except OSError:
            return 0.0
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
        return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")

    @staticmethod
    def _ours() -> float:
        t = os.times()
        return t.user + t.system + t.children_user + t.children_system

    @staticmethod
    def _loadavg() -> float | None:
        try:
            return float(Path("/proc/loadavg").read_text().split()[0])
        except OSError:
            return None

    def result(self) -> dict:
        wall = max(1e-6, time.monotonic() - self.t0)
        cpus = os.cpu_count() or 1
        busy, ours = self._busy() - self.busy0, self._ours() - self.ours0
        return {
            "wall_s": round(wall, 1),
            "machine_busy_pct": round(100 * busy / (wall * cpus), 1),
            "ours_pct": round(100 * ours / (wall * cpus), 1),
            "other_processes_pct": round(max(0.0, 100 * (busy - ours) / (wall * cpus)), 1),
            "loadavg_1m_before": self.load0,
            "loadavg_1m_after": self._loadavg(),
        }


def other_busy_processes(min_cpu_pct: float = 20.0) -> list[str]:
    """Other processes using a lot of CPU right now (sampled over 0.5 s), to say why a run is noisy."""

    def snapshot():
        out = {}
        for d in Path("/proc").iterdir():
            if not d.name.isdigit():
                continue
            try:
                out[int(d.name)] = cpu_seconds(d.name)
            except (OSError, IndexError, ValueError):
                pass
        return out

    a = snapshot()
    time.sleep(0.5)
    b = snapshot()
    busy = []
    for pid, t in b.items():
        pct = 100 * (t - a.get(pid, t)) / 0.5
        if pct >= min_cpu_pct and pid != os.getpid():
            try:
                cmd = (Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"))[:100]
            except OSError:
                cmd = "?"
            busy.append(f"{pid} {pct:.0f}% {cmd.strip()}")
    return busy


def cpu_seconds(pid: int | str = "self") -> float:
    """CPU time (user + system, every thread) a process has used, from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int | str = "self") -> dict:
    """VmRSS and VmHWM (peak) of a process, in MB, from /proc/PID/status."""
    out = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(("VmRSS:", "VmHWM:")):
                key, value = line.split(":", 1)
                out[key] = round(int(value.split()[0]) / 1024, 1)
    except OSError:
        pass
    return {"rss_mb": out.get("VmRSS"), "peak_rss_mb": out.get("VmHWM")}


def wait_for(predicate, timeout: float, interval: float = 0.05, what: str = "condition"):
    """Poll until predicate() is truthy; returns its value. TimeoutError after timeout seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = predicate()
        except Exception:  # noqa: BLE001 - not answering yet
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout:.0f}s waiting for {what}")
        time.sleep(interval)


# -- hearthd as a subprocess ----------------------------------------------------------------------------------
# The `hearthd` command of whichever daemon is on the path: hearthd.server since the operations were declared
# once, hearthd.daemon before (so --at-commit can measure an older commit).
LAUNCH_HEARTHD = (
    "import importlib, importlib.util, sys; "
    "m = 'hearthd.server' if importlib.util.find_spec('hearthd.server') else 'hearthd.daemon'; "
    "sys.exit(importlib.import_module(m).main())"
)


def hearthd_command(data_dir: Path) -> list[str]:
    return [sys.executable, "-c", LAUNCH_HEARTHD, "--data-dir", str(data_dir), "--log-level", "WARNING"]


def child_env() -> dict:
    env = dict(os.environ)
    env.setdefault("HF_HUB_OFFLINE", "1")
    env.setdefault("TOKENIZERS_PARALLELISM", "false")
    return env


class Hearthd:
    """A hearthd subprocess on a data dir; stop() sends SIGTERM and returns the exit status."""

    def __init__(self, data_dir: Path, log_path: Path | None = None):
        self.data_dir = Path(data_dir)
        self.log_path = log_path or (self.data_dir / "hearthd-bench.log")
        self._log = open(self.log_path, "ab")  # noqa: SIM115 - the daemon writes to it until stop()
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            hearthd_command(self.data_dir), stdout=self._log, stderr=subprocess.STDOUT, env=child_env(), cwd=ROOT
        )

    @property
    def pid(self) -> int:
        return self.proc.pid

    def client(self):
        from hearthd.api.client import HearthClient

        return HearthClient.connect(self.data_dir, timeout=300)

    def wait_api(self, timeout: float = 60, interval: float = 0.01) -> float:
        """Seconds from spawn until /v1/version answers."""
        from hearthd.api.client import HearthClient

        def answers():
            if self.proc.poll() is not None:
                raise RuntimeError(f"hearthd exited with {self.proc.returncode}; see {self.log_path}")
            with HearthClient.connect(self.data_dir, timeout=5) as c:
                return c.version()

        deadline = time.monotonic() + timeout
        while True:
            try:
                answers()
                return time.perf_counter() - self.started
            except SystemExit:
                raise
            except Exception:  # noqa: BLE001
                if time.monotonic() > deadline:
                    raise TimeoutError(f"hearthd did not answer within {timeout}s; see {self.log_path}") from None
                time.sleep(interval)

    def ready_client(self, timeout: float = 900):
        """An admin client once the API answers, the model is loaded, every row is embedded and searched: the
        vector tracks and the keyword index loaded (nothing pending shows before the tracks load, and a 100k
        store loads them for seconds, which the first timed requests would otherwise share the CPU with)."""
        self.wait_api(120)
        client = self.client()

        def ready():
            s = client.status()
            embedding = s["embedding"]
            return (
                s["embedder"]["state"] == "ready"
                and not embedding["pending"]
                and embedding["searched_model"] == s["embedder"]["active_model"]
                and embedding["keywords_ready"]
            )

        wait_for(ready, timeout, what="the model loaded and the tracks embedded")
        return client

    def stop(self, timeout: float = 60) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()
        return self.proc.returncode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def settle(max_seconds: float = 60, window: float = 0.5, busy_below: float = 0.15, pid: int | str = "self") -> float:
    """Wait until a process (this one by default) is quiet (its background boot work done: reconcile,
    formation, first passes), i.e. it used under busy_below of one core over a window; returns the seconds
    waited."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < max_seconds:
        a = cpu_seconds(pid)
        time.sleep(window)
        if (cpu_seconds(pid) - a) / window < busy_below:
            break
    return round(time.perf_counter() - t0, 2)


def measured_line(seconds: float, command: str) -> str:
    """The results file's closing line: when, on what, how long, and the command that measured it."""
    m = machine()
    return (
        f"Measured {m['date']} on {m['nproc']} cores ({m['cpu']}), Python {m['python']}, {seconds} s. "
        f"Command: `{command}`"
    )


@contextmanager
def in_process_daemon(data_dir: Path, timeout: float = 900):
    """Daemon(data_dir).start() in this process, without its scheduled passes; yields once the model is loaded,
    the tracks are in memory and the background embedder has nothing pending."""
    from hearthd.daemon import RETENTION_JOB, Daemon

    daemon = Daemon(data_dir).start()
    try:
        # The memory is measured as it was built: no sweeper forming sessions, and no retention pass deleting the
        # data's older turns (it spans two years, the default window one) while the queries run.
        daemon.sweeper.stop()
        daemon.scheduler.remove_job(RETENTION_JOB)
        t0 = time.perf_counter()
        if not daemon.embedder.wait_ready(timeout) or daemon.embedder.state != "ready":
            raise RuntimeError(f"embedder not ready: {daemon.embedder.error}")
        if not daemon.backfill.tracks_ready.wait(timeout):
            raise TimeoutError("vector tracks not loaded")
        wait_for(
            lambda: daemon.backfill.pending == 0 and not daemon.backfill.reembedding,
            timeout,
            what="background embedding to finish",
        )
        if not daemon.store.wait_filed(timeout):
            raise TimeoutError("inverted files not built")
        daemon.bench_ready_seconds = time.perf_counter() - t0
        daemon.bench_settle_seconds = settle()
        yield daemon
    finally:
        daemon.stop()
