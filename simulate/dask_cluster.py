"""The Dask backend's scheduler address: checked before anything runs, then connected to.

An address is ``[scheme://]host:port`` with scheme tcp, tls, ws or wss (tcp when left out), host a
name, an IPv4 address or a bracketed IPv6 one (``tcp://[::1]:8786``), port 1..65535. Anything
else, any failure to connect within 10 s (``--connect-timeout SECONDS``: up to
MAX_CONNECT_SECONDS), and a cluster that has lost all its workers for 30 s
is a one-line ConfigError.
"""
from __future__ import annotations

import ipaddress
import logging
import math
import re
import threading
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from simulate.games.base import ConfigError, IllegalActionError

SCHEMES = ("tcp", "tls", "ws", "wss")
CONNECT_TIMEOUT = "10s"        # the default; --connect-timeout sets another
MAX_CONNECT_SECONDS = 600.0
NO_WORKERS_SECONDS = 30.0      # a cluster without workers this long: the run stops, saying so
POLL_SECONDS = 0.25
HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                       r"(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?")
ADDRESS = re.compile(r"(?:(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://)?"
                     r"(?P<host>\[[^\]]*\]|[^:/\[\]]*):(?P<port>[^:/]*)")
EXAMPLE = "e.g. tcp://host:8786"


def scheduler_address(value: str | None) -> str:
    """``value`` if it is a well-formed scheduler address; a one-line error otherwise."""
    if value is None or not value.strip():
        raise ConfigError(f"--backend dask needs --scheduler ADDRESS ({EXAMPLE})")
    shown = value if len(value) <= 80 else value[:80] + "..."
    bad = f"--scheduler {shown!r} is not a scheduler address"
    match = ADDRESS.fullmatch(value)
    if match is None:
        raise ConfigError(f"{bad}; allowed: [tcp|tls|ws|wss://]host:port, {EXAMPLE}")
    scheme, host, port = match["scheme"], match["host"], match["port"]
    if scheme is not None and scheme.lower() not in SCHEMES:
        raise ConfigError(f"{bad}: unknown scheme '{scheme}'; allowed: {', '.join(SCHEMES)}")
    if not _valid_host(host):
        raise ConfigError(f"{bad}: '{host}' is not a host name or IP address ({EXAMPLE})")
    if not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        raise ConfigError(f"{bad}: port '{port}' is not a number 1..65535 ({EXAMPLE})")
    return value


@dataclass(frozen=True)
class Scheduler:
    """A checked scheduler address and how long to try to connect to it (None: CONNECT_TIMEOUT);
    what the commands hand the runner as ``scheduler``."""
    address: str
    connect_seconds: float | None = None


def scheduler_for(value: str | None, connect_seconds: float | None) -> Scheduler:
    """The checked ``--scheduler`` and ``--connect-timeout``; a one-line error otherwise."""
    address = scheduler_address(value)
    if connect_seconds is not None and not (math.isfinite(connect_seconds) and
                                            0 < connect_seconds <= MAX_CONNECT_SECONDS):
        raise ConfigError(f"--connect-timeout {connect_seconds:g} is out of range; allowed: "
                          f"more than 0 and at most {MAX_CONNECT_SECONDS:g} seconds")
    return Scheduler(address, connect_seconds)


def _valid_host(host: str) -> bool:
    if host.startswith("["):
        try:
            return ipaddress.ip_address(host[1:-1]).version == 6
        except ValueError:
            return False
    return bool(HOST_NAME.fullmatch(host))


def dask_client(scheduler: str | Scheduler | None):
    """A ``dask.distributed.Client`` connected to ``scheduler`` (checked first), or a one-line
    error within its connect timeout (default ``CONNECT_TIMEOUT``; plus a second):
    distributed's own timeout does not cover a peer that accepts the connection and never
    answers (or answers in HTTP), so the connection is made in a thread that is given up on at
    the deadline."""
    if not isinstance(scheduler, Scheduler):
        scheduler = scheduler_for(scheduler, None)
    address = scheduler.address
    try:
        from dask.distributed import Client
        from dask.utils import parse_timedelta
    except ImportError:
        raise ConfigError("the dask backend needs dask[distributed]: "
                          "pip install 'dice-balance[dask]'") from None
    box: dict[str, Any] = {}

    def connect() -> None:
        try:
            box["client"] = Client(address, timeout=seconds)
        except Exception as exc:      # refused, timed out, or not a Dask scheduler at all
            box["error"] = exc
    seconds = scheduler.connect_seconds or parse_timedelta(CONNECT_TIMEOUT)
    thread = threading.Thread(target=connect, name="dask-connect", daemon=True)
    thread.start()
    thread.join(seconds + 1)
    if "client" in box:
        return box["client"]
    exc = box.get("error")
    reason = (" ".join(str(exc).split())[:200] or type(exc).__name__ if exc is not None else
              f"no Dask answer within {seconds:g} s (is it a Dask scheduler?)")
    raise ConfigError(f"cannot reach the Dask scheduler at {address}: {reason}")


def play_on_dask(play: Callable[[dict], Any], tasks: list[dict],
                 scheduler: str | Scheduler | None,
                 decision_seconds: float | None) -> Iterator[tuple[int, Any]]:
    """``(i, play(tasks[i]))`` as each chunk finishes on the cluster. Each chunk is played in a
    child process of its Dask worker, watched there like a local worker (simulate.pool), so the
    decision time limit and a crashing strategy are reported the same way. A cluster without
    workers for ``NO_WORKERS_SECONDS`` is a one-line error."""
    from simulate.pool import play_in_child

    client = dask_client(scheduler)
    with _quiet_distributed(), client:
        futures = {client.submit(play_in_child, play, task, decision_seconds, pure=False,
                                 key=f"simulate-chunk-{i}-{uuid.uuid4().hex}"): i
                   for i, task in enumerate(tasks)}
        pending, lonely_since = set(futures), None
        try:
            while pending:
                done = {future for future in pending if future.done()}
                pending -= done
                if not done:
                    time.sleep(POLL_SECONDS)
                for future in done:
                    yield futures[future], _result(future, address=client.scheduler.address)
                lonely_since = _check_workers(client, lonely_since)
        finally:
            for future in pending:
                future.cancel()


QUIET = ("distributed", "tornado", "asyncio")


@contextmanager
def _quiet_distributed() -> Iterator[None]:
    """While the run uses the cluster, distributed's (and its event loop's) own log records are
    not printed: a scheduler gone mid-run logged ~37 lines of tracebacks before the run's one
    line, which says what happened."""
    def ours(record: logging.LogRecord) -> bool:
        return not record.name.startswith(QUIET)
    handlers = {h for name in (*QUIET, None) for h in logging.getLogger(name).handlers}
    handlers |= {logging.lastResort} if logging.lastResort else set()
    for handler in handlers:
        handler.addFilter(ours)
    try:
        yield
    finally:
        for handler in handlers:
            handler.removeFilter(ours)


def _result(future, address: str) -> Any:
    try:
        return future.result()
    except (ConfigError, IllegalActionError):
        raise
    except Exception as exc:          # the worker was lost while playing it, or the scheduler
        reason = " ".join(str(exc).split())[:200]
        raise ConfigError(f"the Dask cluster at {address} failed a chunk: "
                          f"{type(exc).__name__}: {reason}") from None


def _check_workers(client, lonely_since: float | None) -> float | None:
    """When the cluster was first seen without workers (None: it has some); an error once that
    has lasted NO_WORKERS_SECONDS, or when the scheduler is gone."""
    address = client.scheduler.address
    if client.status != "running":
        raise ConfigError(f"lost the connection to the Dask scheduler at {address}; "
                          "finished chunks are saved: run the same command to resume")
    if client.scheduler_info().get("workers"):
        return None
    now = time.monotonic()
    if lonely_since is None:
        return now
    if now - lonely_since > NO_WORKERS_SECONDS:
        raise ConfigError(f"the Dask cluster at {address} has had no workers for "
                          f"{NO_WORKERS_SECONDS:g} s; finished chunks are saved: start workers "
                          "and run the same command to resume")
    return lonely_since
