"""A throw-away PostgreSQL cluster for the tests: Debian's binaries, a temporary data
directory owned by the ``postgres`` user (initdb refuses root), 127.0.0.1 and a free port."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.server.support import free_port

MISSING = (
    "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): "
    "`apt-get install -y postgresql` (.ci/run does it)"
)


def bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class Cluster:
    """``fsync=False`` (the tests) trades durability of the throw-away cluster for speed."""

    def __init__(self, fsync: bool = False) -> None:
        self.fsync = fsync
        bins = bindir()
        if bins is None:
            raise RuntimeError(MISSING)
        self.bin = bins
        self.root = Path(tempfile.mkdtemp(prefix="westeros-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]

    def run(self, *args: str) -> None:
        subprocess.run(
            [*self.as_user, *args], check=True, capture_output=True, timeout=120, cwd=self.root
        )

    def start(self) -> Cluster:
        self.run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "westeros",
            "--auth=trust",
            "--encoding=UTF8",
            "--no-sync",
        )
        self.resume()
        return self

    def resume(self) -> None:
        """Start the server (again, after ``halt``) on the same data and port."""
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} "
            f"-c fsync={'on' if self.fsync else 'off'} -c max_connections=200"
        )
        self.run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.root / "log"),
            "-w",
            "-t",
            "60",
            "start",
        )

    def halt(self) -> None:
        """Stop the server, keeping its data (an outage): ``resume`` starts it again."""
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://westeros@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=westeros dbname=postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
