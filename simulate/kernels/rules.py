"""A kernel's rules array, built from the ``Rules`` dataclass fields, never from a hand-kept list.

A kernel declares, per Rules field, how the field's value is written into its int array
(``encoders``: field name -> one encoder or a tuple of them; see :func:`at`, :func:`counted`).
:func:`rules_array` walks ``dataclasses.fields(rules)``, so a field the kernel has no encoder for
is seen, not skipped: :func:`unplayed_rules` names such fields when they differ from the printed
rules, the kernel's ``unsupported`` gives that as its reason (the runner falls back to Python),
and :func:`rules_array` refuses to build an array that would silently play the printed rule.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable

import numpy as np

Encoder = Callable[[np.ndarray, Any], None]


def at(offset: int, convert: Callable[[Any], int] = int) -> Encoder:
    """The value (a number, or each item of a sequence from ``offset`` on), through ``convert``."""
    def encode(r: np.ndarray, value: Any) -> None:
        if isinstance(value, (tuple, list)):
            r[offset:offset + len(value)] = [convert(v) for v in value]
        else:
            r[offset] = convert(value)
    return encode


def counted(count_offset: int, offset: int, convert: Callable[[Any], int] = int) -> Encoder:
    """A sequence of varying length: its length at ``count_offset``, its items from ``offset``."""
    items = at(offset, convert)

    def encode(r: np.ndarray, value: Any) -> None:
        r[count_offset] = len(value)
        items(r, value)
    return encode


def unplayed_rules(rules: Any, encoders: dict[str, Any]) -> list[str]:
    """The Rules fields the kernel has no encoder for and that differ from the printed rules."""
    printed = type(rules)()
    return [f.name for f in fields(rules) if f.name not in encoders
            and getattr(rules, f.name) != getattr(printed, f.name)]


def unplayed_reason(rules_list: list, encoders: dict[str, Any]) -> str | None:
    """``unsupported``'s reason for these Rules (one per variant), or None: all are played."""
    unplayed = sorted({name for rules in rules_list for name in unplayed_rules(rules, encoders)})
    if unplayed:
        return f"the kernel does not play the rule(s) {', '.join(unplayed)}"
    return None


def rules_array(rules: Any, size: int, encoders: dict[str, Any]) -> np.ndarray:
    """Every Rules field through its encoders into an int64 array of ``size``."""
    unplayed = unplayed_rules(rules, encoders)
    if unplayed:
        raise ValueError(f"the kernel does not play the rule(s) {', '.join(unplayed)}")
    unknown = set(encoders) - {f.name for f in fields(rules)}
    if unknown:
        raise ValueError(f"the kernel encodes {sorted(unknown)}, which are not Rules fields")
    r = np.zeros(size, np.int64)
    for f in fields(rules):
        chosen = encoders.get(f.name, ())
        for encode in chosen if isinstance(chosen, tuple) else (chosen,):
            encode(r, getattr(rules, f.name))
    return r
