"""The Dask backend's scheduler address: checked before anything runs, then connected to.

An address is ``[scheme://]host:port`` with scheme tcp, tls, ws or wss (tcp when left out), host a
name, an IPv4 address or a bracketed IPv6 one (``tcp://[::1]:8786``), port 1..65535. Anything
else, and any failure to connect, is a one-line ConfigError.
"""
from __future__ import annotations

import ipaddress
import re

from simulate.games.base import ConfigError

SCHEMES = ("tcp", "tls", "ws", "wss")
CONNECT_TIMEOUT = "10s"
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


def _valid_host(host: str) -> bool:
    if host.startswith("["):
        try:
            return ipaddress.ip_address(host[1:-1]).version == 6
        except ValueError:
            return False
    return bool(HOST_NAME.fullmatch(host))


def dask_client(scheduler: str | None):
    """A ``dask.distributed.Client`` connected to ``scheduler`` (checked first)."""
    address = scheduler_address(scheduler)
    try:
        from dask.distributed import Client
    except ImportError:
        raise ConfigError("the dask backend needs dask[distributed]: "
                          "pip install 'dice-balance[dask]'") from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT)
    except Exception as exc:          # refused, timed out, or not a Dask scheduler at all
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise ConfigError(f"cannot reach the Dask scheduler at {address}: {reason}") from None
