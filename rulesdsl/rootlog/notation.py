"""A parser of the Rootlog notation (v2.8): the community's text records of Root games.

The notation records where components go (pieces, cards, items, points), not the names of the
actions (../shared/reference/rootlog-notation.md summarises it). This module reads the whole
notation into plain objects; it knows nothing of any ruleset: which faction `C` is, which card
`sap` is, which clearing `3` is, is data (rulesets/<game>/texto/rootlog/rootlog.yaml) read by replay.py.

Every error is a `RootlogSyntaxError` with line and column (1-based) and a message code
(grammar/messages/rootlog.yaml); nothing here raises anything else on bad input.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

HEADER_KEYS = ("map", "deck", "clearings", "landmarks", "hirelings", "pool", "winner")
PIECE_TYPES = "wpbtfr"          # warrior, pawn, building, token, ferry (r before v2.8)
SUITS = "BFMR"


class RootlogSyntaxError(Exception):
    """Bad Rootlog input at line:col. `code` names the message (RL.* in grammar/messages)."""

    def __init__(self, code: str, line: int, col: int, text: str = "", **args):
        super().__init__(f"{line}:{col}: {code} {args}")
        self.code = code
        self.line = line
        self.col = col
        self.text = text
        self.args_ = args


# -- the objects ----------------------------------------------------------------------------------

@dataclass
class Loc:
    """A place: kind is clearing, forest, path, hand, board, discard, deck, quests, word
    (a lowercase word after `->`: an item state or area, a relationship value), suit, number
    (a number that is no clearing: a price, funds)."""
    kind: str
    value: object = None
    faction: str | None = None     # hand / board owner (None: the acting faction)
    sub: str | None = None         # board sub-location (`$_r` -> "r"; `$_` -> "")
    raw: str = ""


@dataclass
class Thing:
    """What moves. kind: piece, item, card, board (a marker on a board: `$_h`, `$_C`), vp."""
    kind: str
    count: int = 1
    faction: str | None = None     # a piece's or board's owner (None: the acting faction)
    type: str | None = None        # piece type letter (w p b t f r) / item code (s b c x h t r f u _)
    sub: str | None = None         # piece subtype (`b_s` -> "s"), board sub-location
    name: str | None = None        # a card's name (`sap`, `dom`, `commander`), None if unknown
    suits: tuple = ()              # a card's suits: ((n, "F"), ...); empty = unknown
    ambush: bool = False           # `@` card
    states: str = ""               # an item's selecting states (`%sde` -> "de")
    start: Loc | None = None
    raw: str = ""


@dataclass
class Action:
    """One atomic action. kind: move, battle, craft, score, coalition, reveal, expose, trick,
    flip, path (a closed path removed)."""
    kind: str
    line: int
    col: int
    raw: str
    things: list = field(default_factory=list)      # move: what moves (one group)
    dests: list = field(default_factory=list)       # move: destinations (one each, in order)
    faction: str | None = None                      # who acts (battle's attacker, scorer ...)
    target: str | None = None                       # battle's defender, reveal's viewer
    clearing: int | None = None
    ambushes: tuple = ()                            # battle: suits played as ambush / counter
    rolls: tuple | None = None                      # battle: (attacker, defender), decorative
    item: str | None = None                         # craft: item code, or card name
    amount: int = 0                                 # score: signed points
    piece: Thing | None = None                      # flip / expose / trick
    to: Thing | None = None                         # flip: the face shown; trick: the other plot
    path: tuple | None = None                       # closed path (a, b)


@dataclass
class Turn:
    faction: str
    line: int
    actions: list
    comment: str = ""
    setup: bool = False

    def piece_moves(self):
        """(action, thing) for each piece a move of this line puts, takes or moves, in order."""
        for a in self.actions:
            if a.kind == "move":
                for th in a.things:
                    if th.kind == "piece":
                        yield a, th


@dataclass
class Record:
    header: dict                    # lowercased key -> raw value
    header_lines: dict              # key -> line number
    players: dict                   # faction letter -> player name, in draft order
    turns: list                     # Turn, setup lines first (Turn.setup)
    winner: str | None = None
    winner_line: int = 0
    comments: list = field(default_factory=list)     # (line, text)
    seat_order: list = field(default_factory=list)   # turn order, read when parsed

    @property
    def draft_order(self) -> list:
        return list(self.players)

    @property
    def setup_turns(self) -> list:
        return [t for t in self.turns if t.setup]

    @property
    def play_turns(self) -> list:
        return [t for t in self.turns if not t.setup]

    def setup_order(self) -> list:
        return [t.faction for t in self.setup_turns]

    def turn_order(self) -> list:
        """The seats in turn order: the first round of turn lines (until a faction repeats)."""
        if self.seat_order:
            return list(self.seat_order)
        out = []
        for t in self.play_turns:
            if t.faction in out:
                break
            out.append(t.faction)
        else:
            # a record cut within its first round (a short game exported after a turn or
            # two): the players without a turn line yet sit after those with one, in the
            # order of their player lines (which `exportar` writes in seat order)
            out += [x for x in self.players if x not in out]
        return out

    def clearing_suits(self) -> dict:
        """{clearing number: suit letter} from the `Clearings:` line ({} if absent)."""
        raw = self.header.get("clearings")
        if not raw:
            return {}
        out = {}
        line = self.header_lines["clearings"]
        for part in raw.split(","):
            p = part.strip()
            m = re.fullmatch(r"([A-Z])(\d+)", p)
            if not m or m.group(1) not in SUITS:
                raise RootlogSyntaxError("RL.bad_clearings", line, 1, p)
            out[int(m.group(2))] = m.group(1)
        return out


# -- reading a file ---------------------------------------------------------------------------

def parse(text: str) -> Record:
    """A whole Rootlog record. Raises RootlogSyntaxError (line, col, code) on bad input."""
    header, header_lines, players, turns, comments = {}, {}, {}, [], []
    winner, winner_line = None, 0
    for n, full in enumerate(text.splitlines(), 1):
        body, comment = _split_comment(full)
        if comment:
            comments.append((n, comment))
        line = body.strip()
        if not line:
            continue
        m = re.match(r"([A-Za-z]+)\s*:\s*(.*)$", line)
        if not m:
            raise RootlogSyntaxError("RL.bad_line", n, 1, line)
        key, rest = m.group(1), m.group(2)
        if len(key) > 1:
            k = key.lower()
            if k not in HEADER_KEYS:
                raise RootlogSyntaxError("RL.unknown_key", n, 1, key, key=key,
                                         known=", ".join(k.capitalize() for k in HEADER_KEYS))
            if k == "winner":
                winner, winner_line = rest.strip(), n
                if not re.fullmatch(r"[A-Z]+", winner):
                    raise RootlogSyntaxError("RL.bad_winner", n, full.index(rest) + 1, winner)
            else:
                header[k], header_lines[k] = rest.strip(), n
            continue
        if not key.isupper():
            raise RootlogSyntaxError("RL.bad_line", n, 1, line)
        # the first line of a letter is its player's name (1.1); the later ones are turns
        if key not in players:
            players[key] = rest.strip()
            continue
        col0 = full.index(":") + 2
        acts = parse_actions(rest, n, col0 + (len(rest) - len(rest.lstrip())))
        turns.append(Turn(key, n, acts, comment))
    # setup lines: the first line of each faction, before the first repeated faction (1.1)
    done = set()
    for t in turns:
        if t.faction in done:
            break
        t.setup = True
        done.add(t.faction)
    if not players:
        raise RootlogSyntaxError("RL.no_players", 1, 1, "")
    rec = Record(header, header_lines, players, turns, winner, winner_line, comments)
    rec.seat_order = rec.turn_order()
    return rec


def _split_comment(line: str):
    i = line.find("//")
    if i < 0:
        return line, ""
    return line[:i], line[i + 2:].strip()


def parse_actions(text: str, line: int = 1, col: int = 1) -> list:
    """The actions of one turn line (separated by `/` or `;`); col is where text starts."""
    out = []
    pos = 0
    for part in re.split(r"([/;])", text):
        if part in ("/", ";"):
            pos += 1
            continue
        stripped = part.strip()
        if stripped:
            lead = len(part) - len(part.lstrip())
            out.append(parse_action(stripped, line, col + pos + lead))
        elif part.strip() == "" and part and pos + len(part) < len(text.rstrip()):
            pass
        pos += len(part)
    return out


def parse_action(text: str, line: int = 1, col: int = 1) -> Action:
    return _Parser(text, line, col).action()


# -- one action -----------------------------------------------------------------------------------

class _Parser:
    def __init__(self, text, line, col):
        self.t = re.sub(r"\s+", "", text)
        self.raw = text
        self.i = 0
        self.line = line
        self.col = col

    # helpers
    def err(self, code="RL.bad_action", **kw):
        raise RootlogSyntaxError(code, self.line, self.col + self.i, self.raw, **kw)

    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else ""

    def eat(self, s):
        if self.t.startswith(s, self.i):
            self.i += len(s)
            return True
        return False

    def _board_ref(self):
        """A faction board at self.i, `$`, `F$` or either with `_sub`: (faction or None, sub
        or None), read past."""
        fac = None
        if self.peek() != "$":
            fac = self.peek()
            self.i += 1
        self.i += 1
        sub = None
        if self.eat("_"):
            # letters, or the Keepers' retinue columns `$_1..3` (1.4)
            m = re.compile(r"[A-Za-z]+|[0-9]+|").match(self.t, self.i)
            sub = m.group()
            self.i = m.end()
        return fac, sub

    def expect(self, s):
        if not self.eat(s):
            self.err("RL.expected", what=s)

    def number(self):
        m = re.compile(r"\d+").match(self.t, self.i)
        if not m:
            return None
        self.i = m.end()
        return int(m.group())

    def at_end(self):
        return self.i >= len(self.t)

    def new(self, kind, **kw):
        return Action(kind, self.line, self.col, self.raw, **kw)

    # the action
    def action(self) -> Action:
        t = self.t
        if not t:
            self.err()
        # battle: [Att]X<Def><clearing>[<suit>@[<suit>@]][(a,d)]
        m = re.fullmatch(r"([A-Z]?)X([A-Z])(\d+)((?:[A-Z]@)*)(?:\((\d+),(\d+)\))?", t)
        if m:
            amb = tuple(re.findall(r"([A-Z])@", m.group(4)))
            for s in amb:
                if s not in SUITS:
                    self.i = t.index("@") - 1
                    self.err("RL.bad_suit", suit=s)
            rolls = (int(m.group(5)), int(m.group(6))) if m.group(5) else None
            return self.new("battle", faction=m.group(1) or None, target=m.group(2),
                            clearing=int(m.group(3)), ambushes=amb, rolls=rolls)
        if t[0] == "X" or (len(t) > 1 and t[0].isupper() and t[1] == "X" and "->" not in t):
            self.i = t.index("X") + 1
            self.err("RL.bad_battle")
        # craft
        if t[0] == "Z":
            # (a card without a short name is written by its id: `Zmestre_escultor`)
            m = re.fullmatch(r"Z(%[a-z]|[a-z][a-z0-9_]*)", t)
            if not m:
                self.i = 1
                self.err("RL.bad_craft")
            v = m.group(1)
            return self.new("craft", item=v[1:] if v[0] == "%" else None,
                            things=[] if v[0] == "%" else [Thing("card", name=v, raw=v)])
        # points: [F]++[n], [F]--[n], ++-><board>
        m = re.fullmatch(r"([A-Z]?)(\+\+|--)(\d*)", t)
        if m:
            n = int(m.group(3) or 1)
            return self.new("score", faction=m.group(1) or None, amount=n if m.group(2) == "++" else -n)
        if t.startswith("++->"):
            self.i = 4
            dest = self.location(as_dest=True)
            if not self.at_end():
                self.err()
            return self.new("coalition", dests=[dest])
        # exposure: ?<Faction><piece><clearing>
        if t[0] == "?":
            self.i = 1
            th = self.piece_or_item()
            if th is None or th.kind != "piece" or th.start is None or th.start.kind != "clearing":
                self.err("RL.bad_expose")
            if not self.at_end():
                self.err()
            return self.new("expose", piece=th, faction=th.faction, clearing=th.start.value)
        # trick: t12<->t4
        if "<->" in t:
            a, b = t.split("<->", 1)
            left = self.sub_parse(a, 0)
            right = self.sub_parse(b, len(a) + 3)
            if left.kind != "piece" or right.kind != "piece" or not left.start or not right.start:
                self.err("RL.bad_trick")
            return self.new("trick", piece=left, to=right)
        # flip: [F]t<clearing>^t_<x>; reveal: [N][card][F]^[target]
        if "^" in t and "->" not in t:
            a, b = t.split("^", 1)
            if re.fullmatch(r"[A-Z]?[a-z](_[a-z0-9]+)*\d+", a):
                left = self.sub_parse(a, 0)
                right = self.sub_parse(b, len(a) + 1)
                if right.kind != "piece" or right.start is not None:
                    self.i = len(a) + 1
                    self.err("RL.bad_flip")
                return self.new("flip", piece=left, to=right, faction=left.faction,
                                clearing=left.start.value if left.start else None)
            target = b or None
            if target is not None and not re.fullmatch(r"[A-Z]", target):
                self.i = len(a) + 1
                self.err("RL.bad_reveal")
            owner, cards = None, []
            if a:
                mo = re.fullmatch(r"(.*?)([A-Z]?)", a)
                if "#" in a:
                    sub = _Parser(a, self.line, self.col)
                    th = sub.card()
                    if not sub.at_end():
                        sub.err("RL.bad_reveal")
                    cards = [th]
                    owner = th.start.faction if th.start else None
                    if th.start is not None and th.start.kind != "hand":
                        sub.err("RL.bad_reveal")
                elif re.fullmatch(r"[A-Z]", a):
                    owner = a
                else:
                    self.err("RL.bad_reveal")
                del mo
            return self.new("reveal", things=cards, faction=owner, target=target)
        # a closed path removed: a_b->
        m = re.fullmatch(r"(\d+)_(\d+)->", t)
        if m:
            return self.new("path", path=(int(m.group(1)), int(m.group(2))))
        # the rest are moves
        if "->" not in t:
            self.err("RL.no_arrow")
        things = self.things()
        self.expect("->")
        dests = []
        if not self.at_end():
            dests.append(self.location(as_dest=True))
            while self.eat("+"):
                dests.append(self.location(as_dest=True))
        if not self.at_end():
            self.err()
        return self.new("move", things=things, dests=dests)

    def sub_parse(self, text, offset):
        p = _Parser(text, self.line, self.col + offset)
        th = p.piece_or_item()
        if th is None or not p.at_end():
            p.err()
        return th

    # things: a + chain of components, each maybe a group `(...)` with a shared start
    def things(self) -> list:
        out = self.component()
        while self.peek() == "+":
            self.i += 1
            out.extend(self.component())
        return out

    def component(self) -> list:
        save = self.i
        n = self.number()
        if self.peek() == "(":
            # a group of things, or a card's suits `(2F+M)#`
            close = self.t.find(")", self.i)
            if close > 0 and self.t[close + 1:close + 2] == "#":
                self.i = save
                return [self.card()]
            self.i += 1
            inner = self.things()
            self.expect(")")
            start = self.start_loc()
            for th in inner:
                if n:
                    th.count *= n
                if start is not None:
                    if th.start is not None:
                        self.err("RL.two_starts")
                    th.start = start
            return inner
        self.i = save
        th = self.piece_or_item()
        if th is None:
            self.err("RL.bad_thing")
        return [th]

    def piece_or_item(self):
        """A piece, item, card, board marker, with its count and start; None if none here."""
        s0 = self.i
        n = self.number()
        c = self.peek()
        if c == "%":
            self.i += 1
            code = self.peek()
            if not (code.isalpha() and code.islower()) and code != "_":
                self.err("RL.bad_item")
            self.i += 1
            m = re.compile(r"[redst]*").match(self.t, self.i)
            states = m.group()
            # `%tt`: tea on the track; the state letters never start a location here
            self.i = m.end()
            th = Thing("item", n or 1, type=code, states=states)
            th.start = self.start_loc()
            th.raw = self.t[s0:self.i]
            return th
        if c == "#" or c in SUITS and self.peek(1) == "#" or (c == "(" and "#" in self.t[self.i:]):
            self.i = s0
            return self.card()
        if c == "$" or (c.isupper() and self.peek(1) == "$"):
            fac, sub = self._board_ref()
            if sub is not None:
                return Thing("board", n or 1, faction=fac, sub=sub, raw=self.t[s0:self.i])
            # warriors/cards ON a board are written `w$`; a bare board as a thing is not a thing
            self.i = s0
            return None
        fac = None
        if c.isupper() and self.peek(1) in PIECE_TYPES and self.peek(1) != "":
            fac = c
            self.i += 1
            c = self.peek()
        if c and c in PIECE_TYPES:
            self.i += 1
            sub = None
            m = re.compile(r"(?:_(?:[a-z]+|\d+(?=_)))+").match(self.t, self.i)
            if m:
                sub = m.group()[1:]
                self.i = m.end()
            th = Thing("piece", n or 1, faction=fac, type=c, sub=sub)
            th.start = self.start_loc()
            th.raw = self.t[s0:self.i]
            return th
        self.i = s0
        return None

    def card(self) -> Thing:
        s0 = self.i
        n = self.number() or 1
        suits = []
        if self.peek() == "(":
            self.i += 1
            while True:
                k = self.number() or 1
                s = self.peek()
                if s not in SUITS:
                    self.err("RL.bad_suit", suit=s)
                self.i += 1
                suits.append((k, s))
                if self.eat(")"):
                    break
                self.expect("+")
        elif self.peek() in SUITS and self.peek(1) == "#":
            suits.append((n, self.peek()))
            self.i += 1
        self.expect("#")
        ambush = self.eat("@")
        # a name: the community's short names, or (rulesdsl's export) a ruleset's card id
        m = re.compile(r"[a-z][a-z0-9_]*").match(self.t, self.i)
        name = None
        if m:
            name = m.group()
            self.i = m.end()
        if n > 1 and len(suits) > 1:
            self.err("RL.bad_card")
        total = sum(k for k, _ in suits) if len(suits) > 1 else n
        th = Thing("card", total, suits=tuple(suits), name=name, ambush=ambush)
        th.start = self.start_loc()
        th.raw = self.t[s0:self.i]
        return th

    def start_loc(self):
        """A start location right after a thing, or None (the default start)."""
        c = self.peek()
        if not c or c in "+-)/":
            return None
        return self.location(as_dest=False)

    def location(self, as_dest: bool) -> Loc:
        s0 = self.i
        m = re.compile(r"\d+(?:_\d+)*").match(self.t, self.i)
        if m:
            self.i = m.end()
            nums = [int(x) for x in m.group().split("_")]
            if len(nums) == 1:
                return Loc("clearing", nums[0], raw=m.group())
            if len(nums) == 2:
                return Loc("path", tuple(nums), raw=m.group())
            return Loc("forest", tuple(nums), raw=m.group())
        c = self.peek()
        if c == "*":
            self.i += 1
            return Loc("discard", raw="*")
        if c == "$" or (c.isupper() and self.peek(1) == "$"):
            fac, sub = self._board_ref()
            return Loc("board", faction=fac, sub=sub, raw=self.t[s0:self.i])
        if c == "Q":
            self.i += 1
            return Loc("quests", raw="Q")
        if c.isupper():
            self.i += 1
            return Loc("hand", faction=c, raw=c)
        if c.islower() and as_dest:
            m = re.compile(r"[a-z]+").match(self.t, self.i)
            self.i = m.end()
            return Loc("word", m.group(), raw=m.group())
        self.err("RL.bad_location")
