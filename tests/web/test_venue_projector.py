"""The projector's addresses (issue 32, items 6-7): the QR code of a projector opened at
127.0.0.1 on a server listening on every address carries the machine's LAN address, read
from its network interfaces; ``/?view=…&range=…`` reaches ``display --only/--range``.
Servers listen on 127.0.0.1 only (the "wildcard" is told to the app, not bound)."""

import re

from aiohttp.test_utils import TestClient, TestServer
from conftest import make_event

from swisstui.core import services
from swisstui.web import pages, server


async def _client(folder, host: str, projector=None) -> TestClient:
    app = server.make_app(folder, projector, poll=0.05, host=host)
    client = TestClient(TestServer(app, host="127.0.0.1"))
    await client.start_server()
    return client


async def test_loopback_address_becomes_the_lan_address_on_a_wildcard_server(
        tmp_path, monkeypatch):
    folder = make_event(tmp_path, "go", 6)
    services.pair_next(folder)
    monkeypatch.setattr(server, "interface_addresses",
                        lambda: ["127.0.0.1", "169.254.3.3", "203.0.113.5", "192.168.1.20",
                                 "::1", "fe80::1"])
    client = await _client(folder, "0.0.0.0")
    try:
        port = client.port
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"):
            resp = await client.get("/players/qr.svg", headers={"Host": host})
            svg = await resp.read()
            assert svg == server.qr.svg(f"http://192.168.1.20:{port}/players"), host
        # reached on the LAN address already: as typed
        resp = await client.get("/players/qr.svg", headers={"Host": f"10.1.2.3:{port}"})
        assert await resp.read() == server.qr.svg(f"http://10.1.2.3:{port}/players")
    finally:
        await client.close()


async def test_loopback_stays_loopback_without_a_lan_address_or_on_a_loopback_server(
        tmp_path, monkeypatch):
    """Then the projector shows its warning (tests/tui/test_display_venue.py)."""
    folder = make_event(tmp_path, "go", 6)
    monkeypatch.setattr(server, "interface_addresses", lambda: ["127.0.0.1", "::1"])
    client = await _client(folder, "0.0.0.0")
    try:
        resp = await client.get("/players/qr.svg", headers={"Host": f"127.0.0.1:{client.port}"})
        assert await resp.read() == server.qr.svg(f"http://127.0.0.1:{client.port}/players")
    finally:
        await client.close()
    monkeypatch.setattr(server, "interface_addresses", lambda: ["192.168.1.20"])
    client = await _client(folder, "127.0.0.1")
    try:
        resp = await client.get("/players/qr.svg", headers={"Host": f"127.0.0.1:{client.port}"})
        assert await resp.read() == server.qr.svg(f"http://127.0.0.1:{client.port}/players")
    finally:
        await client.close()


def test_lan_address_prefers_private_addresses(monkeypatch):
    monkeypatch.setattr(server, "interface_addresses",
                        lambda: ["127.0.0.1", "203.0.113.5", "10.0.0.7", "fd00::2"])
    assert server.lan_address() == "10.0.0.7"
    assert server.url_host("0.0.0.0", 8000) == "10.0.0.7:8000"
    import socket
    assert server.lan_address(socket.AF_INET6) == "fd00::2"
    monkeypatch.setattr(server, "interface_addresses", lambda: ["127.0.0.1"])
    assert server.lan_address() is None


def test_interface_addresses_are_read_without_traffic(monkeypatch):
    """No socket is connected: the interfaces' own addresses (Linux ioctl, /proc)."""
    import socket
    connected = []
    real = socket.socket

    class Watch(real):
        def connect(self, address):
            connected.append(address)
            return super().connect(address)
    monkeypatch.setattr(socket, "socket", Watch)
    addresses = server.interface_addresses()
    assert connected == []
    assert "127.0.0.1" in addresses  # the loopback interface, read like the others
    assert all(re.match(r"^[0-9a-f.:]+$", a) for a in addresses)


def test_projector_view_and_range_reach_the_display_command(tmp_path):
    from aiohttp.test_utils import make_mocked_request
    folder = make_event(tmp_path, "go", 6)
    app = server.make_app(folder, "swisstui display EV", host="127.0.0.1")
    proj = server.Projector("swisstui display EV", "T")
    req = make_mocked_request("GET", "/ws/pairings/A-L", headers={"Host": "127.0.0.1:8000"},
                              match_info={"view": "pairings", "range": "A-L"}, app=app)
    command = proj.command_for(req)
    assert command.endswith("--only pairings --range A-L")
    req = make_mocked_request("GET", "/ws/x;rm/1-2", headers={"Host": "127.0.0.1:8000"},
                              match_info={"view": "x;rm -rf", "range": "$(id)"}, app=app)
    assert "--only" not in proj.command_for(req) and "--range" not in proj.command_for(req)
    html = pages.projector_page("T")
    assert 'q.get("view")' in html and 'q.get("range")' in html
