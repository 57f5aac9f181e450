"""simulate/games/read_only.py: a window shows frozen copies of its source's fields."""
import copy

import pytest

from simulate.games.read_only import CONSTANT, SAME, TUPLE, TUPLES, Window


class Shelf:
    def __init__(self):
        self.label, self.books, self.rows = "a", [1, 2], [[1], [2, 3]]
        self.index, self.notes = {"x": 1}, [7]


class ShelfView(Window):
    FIELDS = {"label": SAME, "books": TUPLE, "rows": TUPLES, "index": CONSTANT, "notes": TUPLE}
    LAZY = {"notes"}

    def count(self) -> int:
        return len(self.books)


def test_fields_are_frozen_copies_and_follow_the_source_after_refresh():
    shelf = Shelf()
    view = ShelfView(shelf)
    assert (view.label, view.books, view.rows, view.index, view.notes) == (
        "a", (1, 2), ((1,), (2, 3)), {"x": 1}, (7,))
    with pytest.raises(TypeError):
        view.index["x"] = 2
    shelf.books.append(3)
    shelf.notes.append(8)
    shelf.label = "b"
    assert (view.books, view.notes, view.label, view.count()) == ((1, 2), (7,), "a", 2)
    view.refresh()
    assert (view.books, view.notes, view.label, view.count()) == ((1, 2, 3), (7, 8), "b", 3)


def test_a_lazy_field_is_copied_when_first_read():
    shelf = Shelf()
    view = ShelfView(shelf)
    shelf.notes.append(8)
    assert view.notes == (7, 8)          # read after the change: copied now, then kept
    shelf.notes.append(9)
    assert view.notes == (7, 8)


@pytest.mark.parametrize("write", [lambda v: setattr(v, "books", []),
                                   lambda v: setattr(v, "new", 1),
                                   lambda v: delattr(v, "label"),
                                   lambda v: v.FIELDS.clear(),
                                   lambda v: v.LAZY.add("x")])
def test_writing_raises(write):
    with pytest.raises((AttributeError, TypeError)):
        write(ShelfView(Shelf()))


def test_a_copy_of_the_source_gets_its_own_window():
    shelf = Shelf()
    owner = {"shelf": shelf, "view": ShelfView(shelf)}
    twin = copy.deepcopy(owner)
    twin["shelf"].books.append(9)
    twin["view"].refresh()
    assert twin["view"] is not owner["view"] and twin["view"].books == (1, 2, 9)
    assert owner["view"].books == (1, 2)


def test_one_field_of_a_kind_is_copied_too():
    class One(Window):
        FIELDS = {"books": TUPLE}
    assert One(Shelf()).books == (1, 2)
