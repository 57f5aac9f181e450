"""A malformed or unreachable Dask scheduler address is one line and exit 2, before anything runs."""
import pytest
from typer.testing import CliRunner

from simulate import dask_cluster
from simulate.cli import app
from simulate.dask_cluster import scheduler_address
from tests.helpers import SMALL_RUN, write_config

TUNE = """
[run]
game = "roll_for_adventure"
games = 400
chunk = 200
out = "{out}"

[players]
count = 3

[tune]
rules = {{ damage_to_lose = [2, 20] }}

[[tune.targets]]
metric = "team_win_rate"
players = 3
equals = 0.5
"""


def one_line(result, message):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert message in result.output, result.output


@pytest.mark.parametrize("address, message", [
    ("not an address", "is not a scheduler address"),
    ("tcp://", "is not a scheduler address"),
    ("tcp://host:notaport", "port 'notaport' is not a number"),
    ("tcp://host:0", "port '0' is not a number"),
    ("tcp://host:70000", "port '70000' is not a number"),
    ("tcp://[::1", "is not a scheduler address"),
    ("tcp://[nonsense]:8786", "is not a host name or IP address"),
    ("tcp://a b:8786", "is not a host name or IP address"),
    ("inproc://x", "is not a scheduler address"),
    ("ucx://host:8786", "unknown scheme 'ucx'"),
    ("tcp://host:8786/path", "is not a scheduler address"),
    ("", "needs --scheduler ADDRESS"),
    ("x" * 5000, "is not a scheduler address"),
])
@pytest.mark.parametrize("command", ["run", "tune"])
def test_malformed_scheduler_addresses_are_one_line(tmp_path, address, message, command):
    out = tmp_path / "o"
    text = (SMALL_RUN.format(out=out, strategy="random") if command == "run"
            else TUNE.format(out=out))
    config = write_config(tmp_path, text)
    result = CliRunner().invoke(app, [command, str(config), "--backend", "dask",
                                      "--scheduler", address])
    one_line(result, message)
    assert not out.exists()                 # refused before the out folder was touched


def test_an_unreachable_scheduler_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(dask_cluster, "CONNECT_TIMEOUT", "1s")
    config = write_config(tmp_path, SMALL_RUN.format(out=tmp_path / "o", strategy="random"))
    result = CliRunner().invoke(app, ["run", str(config), "--backend", "dask",
                                      "--scheduler", "tcp://127.0.0.1:1"])
    one_line(result, "cannot reach the Dask scheduler at tcp://127.0.0.1:1")


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:8786", "127.0.0.1:8786",
                                     "tcp://[::1]:8786", "tls://scheduler.example.org:8786",
                                     "TCP://Host-1:1"])
def test_well_formed_addresses_pass(address):
    assert scheduler_address(address) == address


def test_a_scheduler_without_the_dask_backend_is_one_line(tmp_path):
    out = tmp_path / "o"
    config = write_config(tmp_path, SMALL_RUN.format(out=out, strategy="random"))
    result = CliRunner().invoke(app, ["run", str(config), "--scheduler", "tcp://127.0.0.1:8786"])
    one_line(result, "--scheduler is for the Dask backend: add --backend dask")
    assert not out.exists()


@pytest.fixture
def silent_server():
    """A loopback port that accepts connections and never says a word."""
    import socket
    server = socket.create_server(("127.0.0.1", 0))
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    server.close()


@pytest.fixture
def http_server():
    import http.server
    import threading
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"tcp://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.mark.parametrize("server", ["silent_server", "http_server"])
def test_a_scheduler_that_never_answers_is_one_line_within_the_timeout(tmp_path, monkeypatch,
                                                                        request, server):
    import time
    address = request.getfixturevalue(server)
    monkeypatch.setattr(dask_cluster, "CONNECT_TIMEOUT", "2s")
    config = write_config(tmp_path, SMALL_RUN.format(out=tmp_path / "o", strategy="random"))
    start = time.monotonic()
    result = CliRunner().invoke(app, ["run", str(config), "--backend", "dask",
                                      "--scheduler", address])
    took = time.monotonic() - start
    one_line(result, f"cannot reach the Dask scheduler at {address}")
    assert took < 2 + 8, f"took {took:.1f} s"


def a_closed_port() -> str:
    """A loopback address nothing listens on (a port just bound and released)."""
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"tcp://127.0.0.1:{probe.getsockname()[1]}"


def test_connect_timeout_bounds_the_wait_for_nothing_listening(tmp_path):
    """--connect-timeout 2: distributed retries a refused connection
    until its timeout, so the run ends in about 2 s (not the default 10), one line, exit 2."""
    import time

    import dask.distributed  # noqa: F401  (imported first: the wait is measured, not the import)
    address = a_closed_port()
    config = write_config(tmp_path, SMALL_RUN.format(out=tmp_path / "o", strategy="random"))
    start = time.monotonic()
    result = CliRunner().invoke(app, ["run", str(config), "--backend", "dask", "--scheduler",
                                      address, "--connect-timeout", "2"])
    took = time.monotonic() - start
    one_line(result, f"cannot reach the Dask scheduler at {address}")
    assert 1.5 < took < 5, f"took {took:.1f} s"      # 2 s, then the config and the line


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf", "601", "1e300"])
@pytest.mark.parametrize("command", ["run", "tune"])
def test_a_connect_timeout_out_of_range_is_one_line(tmp_path, seconds, command):
    out = tmp_path / "o"
    text = (SMALL_RUN.format(out=out, strategy="random") if command == "run"
            else TUNE.format(out=out))
    config = write_config(tmp_path, text)
    result = CliRunner().invoke(app, [command, str(config), "--backend", "dask", "--scheduler",
                                      "tcp://127.0.0.1:8786", "--connect-timeout", seconds])
    one_line(result, "--connect-timeout")
    assert "at most 600 seconds" in result.output
    assert not out.exists()


def test_a_connect_timeout_without_dask_is_one_line(tmp_path):
    config = write_config(tmp_path, SMALL_RUN.format(out=tmp_path / "o", strategy="random"))
    result = CliRunner().invoke(app, ["run", str(config), "--connect-timeout", "2"])
    one_line(result, "--connect-timeout is for the Dask backend")
