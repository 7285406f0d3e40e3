"""What a step function receives: the builder, the step's line, its doc string or table."""
from __future__ import annotations

from dataclasses import dataclass

from .builder import Builder
from .feature import StepInfo
from .registry import StepDef


@dataclass
class StepContext:
    b: Builder
    line: int
    text: str
    docstring: str | None = None
    docstring_line: int | None = None
    table: list[list[str]] | None = None
    table_lines: list[int] | None = None

    def table_rows(self, columns: dict, *, open_columns=False):
        """A table with a header row -> (header keys, [(cells by key, line), ...]).

        `columns` maps accepted header spellings to keys; with `open_columns`, other
        headers are kept as they are written (event fields of a log row)."""
        if not self.table:
            raise self.b.error("this step needs a table under it (| ... | ... |)")
        header = []
        for cell in self.table[0]:
            word = cell.strip()
            key = columns.get(word.lower() if word.isascii() else word)
            if key is None:
                if not open_columns:
                    raise self.b.error(f"unknown column {word!r}", line=self.table_lines[0],
                                       expected="one of: " + ", ".join(dict.fromkeys(columns)))
                key = word
            if key in header:
                raise self.b.error(f"the column {word!r} is given twice", line=self.table_lines[0])
            header.append(key)
        rows = []
        for cells, line in zip(self.table[1:], self.table_lines[1:]):
            rows.append((dict(zip(header, cells)), line))
        return header, rows


def execute(b: Builder, sd: StepDef, params: dict, step: StepInfo | None, *, line: int, text: str,
            docstring=None, table=None):
    """Run one step definition against the builder (pytest-bdd and the loader both come here)."""
    if sd.argument is None and (docstring is not None or table is not None):
        what = "doc string" if docstring is not None else "table"
        raise b.error(f"this step takes no {what}", line=line)
    if sd.argument == "table" and table is None:
        raise b.error("this step needs a table under it (| ... | ... |)", line=line)
    if sd.argument == "docstring" and docstring is None:
        raise b.error('this step needs a doc string under it ("""...""")', line=line)
    b.line = line
    ctx = StepContext(b, line, text, docstring,
                      step.docstring_line if step is not None and docstring is not None else None,
                      table,
                      step.table_lines if step is not None and table is not None else None)
    if table is not None and ctx.table_lines is None:
        ctx.table_lines = [line + 1 + i for i in range(len(table))]
    sd.func(ctx, **params)
    b.line = line
