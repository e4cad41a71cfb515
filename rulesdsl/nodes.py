"""The language-neutral syntax tree of effect expressions.

The parser builds these from a PT or ES expression; a Portuguese text and its Spanish
translation give equal trees (positions are not compared). The compiler turns a tree into
closures once, when the ruleset loads; nothing is parsed during play.

Noun phrases are deliberately loose at parse time ("2 madeiras de C", "guerreiros do
defensor", "carta de pássaro" are all `Sel` with `Of` filters); the compiler resolves each
filter by the static type of its operand (a faction → owner, a space → location, a suit →
attribute match). That keeps the grammar small and equal for both languages.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from .errors import Pos


@dataclass(eq=False)
class Node:
    pos: Pos | None = field(default=None, kw_only=True, repr=False, compare=False)

    def key(self):
        """A structural key that ignores positions: equal trees have equal keys."""
        return (type(self).__name__,) + tuple(
            _key(getattr(self, n)) for n in _field_names(type(self)))

    def __eq__(self, other):
        return type(self) is type(other) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def children(self):
        for n in _field_names(type(self)):
            v = getattr(self, n)
            if isinstance(v, Node):
                yield v
            elif isinstance(v, (list, tuple)):
                for x in v:
                    if isinstance(x, Node):
                        yield x
                    elif isinstance(x, tuple):
                        yield from (y for y in x if isinstance(y, Node))

    def walk(self):
        yield self
        for c in self.children():
            yield from c.walk()


_FIELD_NAMES: dict = {}


def _field_names(cls) -> tuple:
    """The names of a node class's fields but `pos`, in order (dataclasses.fields, once)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls) if f.name != "pos")
    return names


def _key(v):
    if isinstance(v, Node):
        return v.key()
    if isinstance(v, (list, tuple)):
        return tuple(_key(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _key(x)) for k, x in v.items()))
    return v


# --------------------------------------------------------------------------------------------
# expressions

@dataclass(eq=False)
class Num(Node):
    value: int


@dataclass(eq=False)
class Name(Node):
    """A named thing of the ruleset, resolved by the tokenizer: `kind` is its namespace
    (space, spacekind, piece, category, faction, enum, enumval, attr, card, zone, action,
    counter, tag, phase, value, track...) and `ids` every id that spelling names in it."""
    kind: str
    ids: tuple
    text: str = ""  # the spelling as written; not compared
    def key(self):
        return ("Name", self.kind, self.ids)


@dataclass(eq=False)
class Var(Node):
    name: str


@dataclass(eq=False)
class Me(Node):
    """`você` / `tú`: the faction whose rule is running."""


@dataclass(eq=False)
class Keyword(Node):
    """A bare keyword used as a value (e.g. NOBODY, ANY)."""
    word: str


@dataclass(eq=False)
class Arith(Node):
    op: str  # + - * / max min
    a: Node
    b: Node


@dataclass(eq=False)
class Cmp(Node):
    op: str  # = != < <= > >=
    a: Node
    b: Node


@dataclass(eq=False)
class Logic(Node):
    op: str  # and | or
    items: list


@dataclass(eq=False)
class Not(Node):
    a: Node


@dataclass(eq=False)
class AttrOf(Node):
    """`naipe de C`, `custo de T`, `dono de P`: an attribute of a value."""
    attr: Node  # Name(kind='attr'|'track'|...)
    obj: Node


@dataclass(eq=False)
class Count(Node):
    """`número de guerreiros em C`: how many things a selection holds."""
    sel: Node


@dataclass(eq=False)
class Exists(Node):
    """`houver madeira em C` / `haya madera en C`."""
    sel: Node


@dataclass(eq=False)
class Call(Node):
    """A built-in function of values: `metade de X`, `maior entre A e B` ..."""
    fn: str
    args: list


@dataclass(eq=False)
class Sel(Node):
    """A noun phrase: some things of a kind, with a quantity, a bound variable and filters.

    quant: None | Num/expr | ('each',) | ('all',) | ('upto', expr) | ('any',) | ('atleast', expr)
    noun:  Name (a space kind, piece kind/category, card word, faction word, enumeration...)
    owner: None | 'mine' | 'enemy' | expr (a faction)
    filters: list of Filter nodes
    """
    quant: Any
    noun: Node
    var: str | None = None
    owner: Any = None
    filters: list = field(default_factory=list)


@dataclass(eq=False)
class ListOf(Node):
    """`serraria, oficina ou recrutador` / `A e B`: an explicit list of values."""
    items: list


# filters of a noun phrase ------------------------------------------------------------------

@dataclass(eq=False)
class Filter(Node):
    """kind: of | in | with | without | ruled_by | adjacent | where | except | matching |
    connected | free | among | not_in ... ; `arg` and `arg2` as the kind needs."""
    kind: str
    arg: Any = None
    arg2: Any = None


# --------------------------------------------------------------------------------------------
# statements

@dataclass(eq=False)
class Block(Node):
    stmts: list


@dataclass(eq=False)
class Maybe(Node):
    """`você pode gastar uma carta ...: posicione ...` — an optional action; if done, `then`."""
    action: Node
    then: Block


@dataclass(eq=False)
class Verb(Node):
    """A primitive verb of the closed registry (interpreter/verbs/), e.g. PLACE with its
    object phrase and prepositional phrases {'to': expr, 'for': expr, ...}."""
    verb: str
    obj: Any = None
    args: dict = field(default_factory=dict)
    optional: bool = False  # "você pode ..." / "puedes ..."
    who: Any = None         # "o defensor pode ...": someone else acts
    status: Any = None      # set_status / clear_status: the piece status (its declared verb)


@dataclass(eq=False)
class Choose(Node):
    """`escolha uma clareira C governada por você`: binds `sel.var` to a chosen element."""
    sel: Sel
    who: Any = None  # None: the acting faction
    optional: bool = False
    secret: bool = False  # "escolha em segredo ...": hidden from the others until revealed


@dataclass(eq=False)
class ChooseBranch(Node):
    """`escolha um: A; ou B` — a menu of alternative blocks."""
    branches: list  # [Block]
    who: Any = None
    optional: bool = False
    guards: Any = None  # [expr | None] per branch: `opção se X:` offered only while X holds
    secret: bool = False  # "escolha em segredo um:": hidden from the others until revealed


@dataclass(eq=False)
class If(Node):
    cond: Node
    then: Block
    else_: Block | None = None


@dataclass(eq=False)
class ForEach(Node):
    """`para cada clareira C com serraria: ...`; with any_order, the player picks the next
    element each time (`em qualquer ordem`)."""
    sel: Sel
    body: Block
    any_order: bool = False


@dataclass(eq=False)
class Repeat(Node):
    """`até 2 vezes: ...` (upto: the player may stop) / `2 vezes: ...`."""
    count: Node
    body: Block
    upto: bool = False


@dataclass(eq=False)
class Perform(Node):
    """`realize a ação mover (origem: C)` / run a named action of the ruleset."""
    action: Node
    args: dict = field(default_factory=dict)
    optional: bool = False
    who: Any = None


@dataclass(eq=False)
class ActionMenu(Node):
    """`realize até 3 ações` — a budget of actions from a set, in any order and combination.
    `live`: `realize tantas ações quanto X` — the budget X is read again before every step
    (actions done never exceed its current value). `exact`: `realize 1 ação` — the player
    may not end the menu while the budget lasts and some action can be done."""
    budget: Node | None  # None: any number
    actions: list | None = None  # None: all actions of the faction
    live: bool = False
    exact: bool = False


@dataclass(eq=False)
class Let(Node):
    name: str
    value: Node


@dataclass(eq=False)
class Try(Node):
    """All-or-nothing sequence: run `body`; if it cannot be completed, run `on_fail`."""
    body: Block
    on_fail: Block | None


@dataclass(eq=False)
class Control(Node):
    """fail | end_phase | end_turn | stop: leave the current block in a named way."""
    what: str
