"""Named parameter sets of one heuristic: a subclass whose ``__init__`` shows other defaults
(``simulate list`` and the config check read defaults from the signature)."""
from __future__ import annotations

import inspect


def preset(base: type, name: str, doc: str, module: str, **defaults) -> type:
    """A subclass of ``base`` named ``name`` (class ``NameInTitleCase`` in ``module``, so it
    pickles for worker processes) whose parameters default to ``defaults``, the rest as in
    ``base``; arguments are taken by keyword or position."""
    signature = inspect.signature(base.__init__)
    unknown = set(defaults) - set(signature.parameters)
    if unknown:
        raise TypeError(f"{name}: {base.__name__} has no parameter {sorted(unknown)}")
    signature = signature.replace(parameters=[
        p.replace(default=defaults.get(p.name, p.default)) for p in signature.parameters.values()])

    def __init__(self, *args, **kwargs):
        bound = signature.bind(self, *args, **kwargs)
        bound.apply_defaults()
        base.__init__(**bound.arguments)

    __init__.__signature__ = signature
    cls_name = "".join(word.title() for word in name.split("_"))
    return type(cls_name, (base,), {"name": name, "__doc__": doc, "__init__": __init__,
                                    "__module__": module, "__qualname__": cls_name})
