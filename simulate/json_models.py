"""What the tool writes as JSON and reads back (``manifest.json``, ``tune.json``, ...), declared
as pydantic models: the writer is checked against its model before a byte is written and the
reader checks the file against the same model, so a damaged or hand-edited file is one line
naming the file and the field, never a KeyError deep in a report.
"""
from __future__ import annotations

from typing import Union

from pydantic import BaseModel, ConfigDict, StrictBool, StrictFloat, StrictInt, StrictStr
from pydantic import ValidationError

# a rule's or a parameter's value as JSON holds it
Scalar = Union[StrictBool, StrictInt, StrictFloat, StrictStr]
ECHO = 60           # characters of a bad value shown in a message


class Written(BaseModel):
    """An object the tool wrote: every key declared, no type coerced (a JSON array reads as a
    declared tuple)."""
    model_config = ConfigDict(extra="forbid", strict=True)


def first_problem(exc: ValidationError) -> str:
    """The first thing pydantic found wrong, in words: 'candidates.0.point: Input should be a
    valid list (got 5)'."""
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"]) or "the whole file"
    got = repr(error.get("input", ""))
    got = got if len(got) <= ECHO else got[:ECHO - 3] + "..."
    shown = "" if error["type"] in ("missing", "extra_forbidden") else f" (got {got})"
    return f"{where}: {error['msg']}{shown}"

