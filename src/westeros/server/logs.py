"""The server's logging: one handler for ``westeros`` and uvicorn's loggers, each line with
its time (UTC, ISO 8601) and level, as text or as JSON lines; seat tokens redacted."""

from __future__ import annotations

import logging
import re
import sys
import time
from typing import IO

from pythonjsonlogger.core import RESERVED_ATTRS
from pythonjsonlogger.json import JsonFormatter

FORMATS = ("text", "json")
LEVELS = ("critical", "error", "warning", "info", "debug")
LOGGERS = ("westeros", "uvicorn", "uvicorn.access")  # uvicorn.error propagates to uvicorn

_TOKEN = re.compile(r"(token=)[^&\s\"']+")


class RedactTokens(logging.Filter):
    """Seat tokens travel in websocket URLs (browsers cannot set headers there): keep them out
    of the logs."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):
            return True  # a malformed record: the handler reports it
        if "token=" in message:  # the whole message: the token may be in the format or an arg
            record.msg, record.args = _TOKEN.sub(r"\1***", message), None
        return True


def _utc(record: logging.LogRecord) -> str:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
    return f"{stamp}.{int(record.msecs):03d}Z"


class TextFormatter(logging.Formatter):
    """``2026-12-01T12:00:00.123Z INFO westeros.server: message``"""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return _utc(record)


class JsonLinesFormatter(JsonFormatter):
    """One JSON object a line: time, level, logger, message, and the record's extras."""

    def __init__(self) -> None:
        super().__init__(
            "%(asctime)s %(levelname)s %(name)s %(message)s",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
            # uvicorn's colored copy of its message is noise in JSON
            reserved_attrs=[*RESERVED_ATTRS, "color_message"],
        )

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return _utc(record)


def configure_logging(
    level: str = "info", fmt: str = "text", stream: IO[str] | None = None
) -> logging.Handler:
    """Send ``westeros`` and uvicorn's loggers to one handler (stderr by default) at ``level``
    in ``fmt`` (``text`` or ``json``); returns the handler."""
    if fmt not in FORMATS:
        raise ValueError(f"log format {fmt!r}: choose one of {', '.join(FORMATS)}")
    if level.lower() not in LEVELS:
        raise ValueError(f"log level {level!r}: choose one of {', '.join(LEVELS)}")
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    formatter: logging.Formatter = JsonLinesFormatter() if fmt == "json" else TextFormatter()
    handler.setFormatter(formatter)
    handler.addFilter(RedactTokens())
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for old in list(logger.handlers):
            logger.removeHandler(old)
        logger.addHandler(handler)
        logger.setLevel(level.upper())
        logger.propagate = False
    return handler
