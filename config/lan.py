"""The club's network: which addresses `make run` serves, for the phones at the club.

``make run`` binds every interface (``HOST=0.0.0.0``) unless told ``HOST=127.0.0.1``. Before
starting the server it runs this module, which reads the machine's interface list (``ifaddr``:
no packet is sent anywhere), prints the address(es) phones should open, and hands the list to
the server as ``LAN_ADDRESSES``: the settings allow those hosts, and join links and QR codes
use the first one unless ``SITE_URL`` is set.

    python -m config.lan --host 0.0.0.0 --port 8000         # the lines make run prints
    python -m config.lan --host 0.0.0.0 --list              # 192.168.1.23,10.0.0.5
"""

from __future__ import annotations

import argparse
import ipaddress
from collections.abc import Iterable

WILDCARDS = {"0.0.0.0", "", "::", "*"}

# RFC 1918 networks first: that is where a club's Wi-Fi lives.
HOME_NETWORKS = [
    ipaddress.ip_network("192.168.0.0/16"),
    ipaddress.ip_network("10.0.0.0/8"),
    ipaddress.ip_network("172.16.0.0/12"),
]


# Interfaces of containers and virtual machines on this laptop, not of the club's network.
VIRTUAL_PREFIXES = ("docker", "br-", "veth", "virbr", "vmnet", "lxc", "cni", "flannel")


def interface_addresses() -> list[str]:
    """Every IPv4 address of this machine's interfaces as the system lists them (``ifaddr``
    reads the list; nothing is sent), leaving out container and VM bridges."""
    import ifaddr

    return [
        ip.ip
        for adapter in ifaddr.get_adapters()
        if not adapter.nice_name.startswith(VIRTUAL_PREFIXES)
        for ip in adapter.ips
        if ip.is_IPv4
    ]


def lan_addresses(addresses: Iterable[str]) -> list[str]:
    """The addresses phones on the local network can open: no loopback, no link-local
    (169.254.x.x: a machine that found no network), each once; 192.168.x.x first, then
    10.x.x.x, then 172.16-31.x.x, then the rest, each group in the system's order."""
    found = []
    for text in addresses:
        try:
            address = ipaddress.IPv4Address(str(text))
        except ValueError:
            continue
        if address.is_loopback or address.is_link_local or address.is_unspecified:
            continue
        if address.is_multicast or str(address) in found:
            continue
        found.append(str(address))

    def rank(address: str) -> int:
        ip = ipaddress.IPv4Address(address)
        return next((i for i, n in enumerate(HOME_NETWORKS) if ip in n), len(HOME_NETWORKS))

    return sorted(found, key=rank)


def served_addresses(host: str, addresses: Iterable[str] | None = None) -> list[str]:
    """The LAN addresses a server bound to ``host`` answers on (none when on loopback)."""
    host = host.strip().strip("[]")
    if host in WILDCARDS:
        return lan_addresses(interface_addresses() if addresses is None else addresses)
    return lan_addresses([host])


def base_url(address: str, port: int | str) -> str:
    return f"http://{address}:{port}"


def banner(host: str, port: int | str, addresses: list[str]) -> list[str]:
    """What `make run` prints before the server starts."""
    if addresses:
        lines = ["Phones at the club open:"]
        lines += [f"    {base_url(address, port)}/" for address in addresses]
        lines.append(
            f"(and this machine: http://127.0.0.1:{port}/; HOST=127.0.0.1 keeps it private)"
        )
        return lines
    if host.strip().strip("[]") in WILDCARDS:
        return [
            "No network address found: only this machine can open",
            f"    http://127.0.0.1:{port}/",
        ]
    return [f"Serving on http://{host}:{port}/ only (this machine; Ctrl-C stops)"]


def main(argv: list[str] | None = None, addresses: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The addresses `make run` serves.")
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", default="8000")
    parser.add_argument(
        "--list", action="store_true", help="print only the addresses, comma-separated"
    )
    args = parser.parse_args(argv)
    served = served_addresses(args.host, addresses)
    if args.list:
        print(",".join(served))
    else:
        print("\n".join(banner(args.host, args.port, served)))


if __name__ == "__main__":
    main()
