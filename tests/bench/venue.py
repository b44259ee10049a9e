"""Venue server load test (run on demand: ``.venv/bin/python tests/bench/venue.py``).

Bounded and local: one server (``swisstui.web.server``, players' page only) on 127.0.0.1, a
second process holding PHONES live connections to ``/players/events`` (what a phone's browser
keeps open) and fetching the document each message announces (``/players/data.json``, gzip,
as the page does), RESULTS results entered by this process through ``services.record_result``.
Everything stops by itself after at most DEADLINE seconds.

Prints medians of: result entry time with 0 phones and with PHONES phones connected; result
saved → players' page updated (the median phone's arrival time after the save returned, and
the last phone's); the server's memory (resident set) idle and with the phones connected.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conftest import make_event  # noqa: E402

from swisstui.core import services  # noqa: E402
from swisstui.web.snapshot import snapshot_bytes  # noqa: E402

PLAYERS = 200  # 100 boards
PHONES = 200
RESULTS = 15
DEADLINE = 240.0  # seconds; the whole script gives up after this
HOST = "127.0.0.1"  # localhost only

PHONE_CODE = r"""
import asyncio, json, sys, time
import aiohttp
URL, N, DEADLINE = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
DATA = URL.rsplit("/", 1)[0] + "/data.json"
seen = {}  # document version -> times the document was in
async def phone(session, i, ready):
    async with session.get(URL, timeout=aiohttp.ClientTimeout(total=None)) as resp:
        ready.append(i)
        buf = b""
        async for chunk in resp.content.iter_any():  # an event may be longer than a line limit
            buf += chunk
            while b"\n\n" in buf:
                event, buf = buf.split(b"\n\n", 1)
                if not event.startswith(b"data: "):
                    continue
                k = json.loads(event[6:])["version"]
                # as a browser does: fetch the announced document (gzip), read it whole
                async with session.get(f"{DATA}?v={k}") as doc:
                    await doc.read()
                seen.setdefault(k, []).append(time.time())
                if len(seen[k]) == N:
                    print(json.dumps({"k": k, "times": sorted(seen[k])}), flush=True)
async def main():
    ready = []
    conn = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=conn) as session:
        tasks = [asyncio.create_task(phone(session, i, ready)) for i in range(N)]
        while len(ready) < N:
            await asyncio.sleep(0.05)
        print(json.dumps({"ready": len(ready)}), flush=True)
        await asyncio.wait(tasks, timeout=DEADLINE)
        for t in tasks:
            t.cancel()
asyncio.run(main())
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of a process in KiB (Linux)."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def wait_http(port: int, until: float) -> None:
    while time.time() < until:
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("server did not start")


def enter(folder: Path, boards: range) -> list[float]:
    times = []
    for b in boards:
        t0 = time.perf_counter()
        services.record_result(folder, 1, b, "1-0")
        times.append(time.perf_counter() - t0)
    return times


def main() -> None:
    start = time.time()
    stop_at = start + DEADLINE
    tmp = Path(tempfile.mkdtemp(prefix="swisstui-bench-venue-"))
    folder = make_event(tmp, "chess", PLAYERS, rounds=7)
    services.pair_next(folder)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", "import sys; from swisstui.web.server import serve; "
         "serve(sys.argv[1], sys.argv[2], int(sys.argv[3]), None)", str(folder), HOST,
         str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    phones = None
    try:
        wait_http(port, stop_at)
        time.sleep(1.0)
        idle_rss = rss_kib(server.pid)
        # 0 phones: result entry alone
        entry0 = enter(folder, range(1, RESULTS + 1))
        time.sleep(1.0)
        # PHONES phones connected
        phones = subprocess.Popen(
            [sys.executable, "-c", PHONE_CODE, f"http://{HOST}:{port}/players/events",
             str(PHONES), str(max(1.0, stop_at - time.time()))],
            stdout=subprocess.PIPE, text=True)
        assert phones.stdout is not None

        def report() -> dict:
            line = phones.stdout.readline()
            if not line or time.time() > stop_at:
                raise SystemExit(f"phones stopped (exit {phones.poll()}) or deadline reached")
            return json.loads(line)

        have = set()
        while not have:  # every phone connected and has the current document
            msg = report()
            if "k" in msg:
                have.add(msg["k"])
        version = max(have)
        loaded_rss = rss_kib(server.pid)
        entry200, median_lag, last_lag = [], [], []
        for i, b in enumerate(range(RESULTS + 1, 2 * RESULTS + 1), start=1):
            t0 = time.perf_counter()
            services.record_result(folder, 1, b, "1-0")
            saved = time.time()
            entry200.append(time.perf_counter() - t0)
            msg = report()
            while msg.get("k") != version + i:  # one saved result, one new version
                msg = report()
            times = msg["times"]
            median_lag.append(statistics.median(times) - saved)
            last_lag.append(times[-1] - saved)
        peak_rss = rss_kib(server.pid)
    finally:
        for proc in (phones, server):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(5)
                except subprocess.TimeoutExpired:
                    proc.kill()
        doc = snapshot_bytes(folder)
        shutil.rmtree(tmp, ignore_errors=True)

    def ms(xs: list[float]) -> str:
        return f"{statistics.median(xs) * 1000:7.1f} ms"

    print(f"venue server, chess, {PLAYERS} players ({PLAYERS // 2} boards), round 1, "
          f"{RESULTS} results per phase, {os.cpu_count()} CPUs, on {HOST}")
    print(f"result entry, 0 phones        median {ms(entry0)}  (max {max(entry0)*1000:.1f} ms)")
    print(f"result entry, {PHONES} phones      median {ms(entry200)}  "
          f"(max {max(entry200)*1000:.1f} ms)")
    print(f"saved -> page updated, median phone  median {ms(median_lag)}  "
          f"(max {max(median_lag)*1000:.1f} ms)")
    print(f"saved -> page updated, last phone    median {ms(last_lag)}  "
          f"(max {max(last_lag)*1000:.1f} ms)")
    print(f"players' document: {len(doc) / 1024:.1f} KiB, {len(gzip.compress(doc, 6)) / 1024:.1f}"
          f" KiB gzip (what each phone fetches per change)")
    print(f"server memory: idle {idle_rss[0] / 1024:.1f} MiB, with {PHONES} phones "
          f"{loaded_rss[0] / 1024:.1f} MiB, peak {peak_rss[1] / 1024:.1f} MiB")
    print(f"total {time.time() - start:.1f} s")


if __name__ == "__main__":
    main()
