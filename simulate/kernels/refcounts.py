"""Kernels without numba's reference counting, shared by the games' compiled kernels.

Every call of a jitted function (and every inlined helper) increments and decrements each array
it is given, atomically: on arrays passed around in tuples that is most of a kernel's time
(measured on Adventure Realms and Dungeon Roll). Two ways out: :data:`no_refcounts` compiles a
function that never allocates without reference counting, and :func:`borrowed` drops the count of
arrays the caller keeps alive, so the functions that still count skip them.
"""
from __future__ import annotations

from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

# For the kernel's functions that never allocate (numba refuses to compile one that does).
no_refcounts = njit(cache=True, _nrt=False)


@intrinsic
def borrowed(typingctx, held):
    """``held`` (an array, or a tuple of arrays and numbers) with each array's reference count
    dropped: numba then skips the atomic increments and decrements it does on every use of an
    array taken from a tuple (measured: over half the Adventure Realms kernel's time). Only for
    arrays that the caller keeps alive for the whole call (a ``play_games``' arguments)."""
    def unmanaged(context, builder, ty, value):
        array = context.make_array(ty)(context, builder, value=value)
        array.meminfo = cgutils.get_null_value(array.meminfo.type)
        array.parent = cgutils.get_null_value(array.parent.type)
        return array._getvalue()

    def codegen(context, builder, sig, args):
        ty, value = sig.args[0], args[0]
        if isinstance(ty, types.Array):
            return unmanaged(context, builder, ty, value)
        for i, item in enumerate(ty):
            if isinstance(item, types.Array):
                part = unmanaged(context, builder, item, builder.extract_value(value, i))
                value = builder.insert_value(value, part, i)
        return value

    if isinstance(held, (types.Array, types.BaseTuple)):
        return held(held), codegen
    return None
