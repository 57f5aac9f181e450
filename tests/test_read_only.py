"""simulate/games/read_only.py: a window shows frozen copies of its source's fields."""
import copy

import pytest

from simulate.games.read_only import FLAT, MAPPING, NESTED, SAME, Window


class Shelf:
    def __init__(self):
        self.label, self.books, self.rows, self.index = "a", [1, 2], [[1], [2, 3]], {"x": 1}


class ShelfView(Window):
    FIELDS = {"label": SAME, "books": FLAT, "rows": NESTED, "index": MAPPING}

    def count(self) -> int:
        return len(self.books)


def test_fields_are_frozen_copies_and_follow_the_source_after_refresh():
    shelf = Shelf()
    view = ShelfView(shelf)
    assert (view.label, view.books, view.rows, view.index) == ("a", (1, 2), ((1,), (2, 3)),
                                                                {"x": 1})
    with pytest.raises(TypeError):
        view.index["x"] = 2
    shelf.books.append(3)
    assert view.books == (1, 2) and view.count() == 2          # as first read this decision
    view.refresh()
    assert view.books == (1, 2, 3) and view.count() == 3


@pytest.mark.parametrize("write", [lambda v: setattr(v, "books", []),
                                   lambda v: setattr(v, "new", 1),
                                   lambda v: delattr(v, "label"),
                                   lambda v: v.FIELDS.clear()])
def test_writing_raises(write):
    with pytest.raises((AttributeError, TypeError)):
        write(ShelfView(Shelf()))


def test_a_copy_of_the_source_gets_its_own_window():
    shelf = Shelf()
    owner = {"shelf": shelf, "view": ShelfView(shelf)}
    twin = copy.deepcopy(owner)
    twin["shelf"].books.append(9)
    assert twin["view"] is not owner["view"] and twin["view"].books == (1, 2, 9)
    assert owner["view"].books == (1, 2)
