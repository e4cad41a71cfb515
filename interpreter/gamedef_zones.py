"""GameDef's zones and counters: where they are declared, and the keys the state knows them by.

Two jobs that read the same declarations: while GameDef is built, `read_zones` (the zones and
the piles of the decks), `read_limits` and `read_caps` (limits and capacities) fill its tables;
during play, the mixin `StateKeys` turns a zone or counter of the rules into the key of the
state (`F:zone`, `F.zone`, `F:cid`...) and says who may see it. Those lookups run on every
evaluation, so each key is kept once asked.
"""
from __future__ import annotations

from ..ytypes import pos_of

_PIECES = ("peças", "piezas", "pieces")     # the `conteúdo:` of a zone that holds pieces


# building -------------------------------------------------------------------------------------
def read_zones(g, d, game) -> None:
    """Global, player and faction zones, and the zones of the decks: drawn from, discarded
    to, drawn into."""
    g.global_zones = dict(d.get("zones") or {})
    g.player_zones = dict(d.get("player_zones") or {})
    g.faction_zones = {fid: dict(f.get("zones") or {}) for fid, f in (d.get("factions") or {}).items()}
    # the game's deck without named piles: its zones are guessed only where the guess is the
    # one possible (one hidden player card zone, one hidden global card zone, one other
    # card zone or the draw pile's `reabastece_de:`); several candidates are an error (M101)
    hidden_hands = [z for z, zd in g.player_zones.items() if _bool(zd.get("hidden"))
                    and str(zd.get("content", "cards")) not in _PIECES]
    card_zones = [z for z, zd in g.global_zones.items()
                  if str(zd.get("content", "cards")) not in _PIECES]
    hidden_draws = [z for z in card_zones if _bool(g.global_zones[z].get("hidden"))]
    g.hand_zone = hidden_hands[0] if hidden_hands else None
    g.draw_zone = hidden_draws[0] if hidden_draws else (card_zones[0] if card_zones else None)
    refill = g.global_zones.get(g.draw_zone, {}).get("refill_from") if g.draw_zone else None
    discards = [str(refill)] if refill else [z for z in card_zones if z != g.draw_zone]
    g.discard_zone = discards[0] if discards else None
    guesses = (("draw_pile", hidden_draws if hidden_draws else card_zones),
               ("discard_pile", discards), ("hand", hidden_hands))
    # a deck that names its piles (`pilha_de_compra:`, `pilha_de_descarte:`, `mão:`,
    # `reembaralha:`) says where it is drawn from and discarded to instead of the guess
    # above; such a deck other than the game's deck is in play beside it (decks.py)
    g.deck_piles: dict = {}
    for did, deck in (d.get("decks") or {}).items():
        if deck.get("draw_pile") is not None:
            g.deck_piles[did] = DeckPiles(str(deck["draw_pile"]),
                                          None if deck.get("discard_pile") is None else str(deck["discard_pile"]),
                                          None if deck.get("hand") is None else str(deck["hand"]),
                                          _bool(deck.get("reshuffle"), True))
        # `publicado: não`: cards written for the ruleset, not the publisher's (M170)
        if deck.get("published") is not None and not _bool(deck.get("published"), True):
            g.diags.add("M170", pos_of(deck, "published"), getattr(deck, "_lang", None) or g.lang,
                        severity="warning", name=g.rs.name("deck", str(did), g.lang))
    main = g.deck_piles.get(str(g.default_deck)) if g.default_deck is not None else None
    if main is not None:
        g.draw_zone = main.draw
        g.discard_zone = main.discard
        g.hand_zone = main.hand or g.hand_zone
    elif g.default_deck is not None:
        _check_guessed_piles(g, game, guesses)


def _check_guessed_piles(g, game, guesses):
    """The game's deck names no piles: each pile guessed among several zones is an error
    at `jogo: baralho:` (the guess would pick one silently)."""
    from .. import lexicon
    lang = getattr(game, "_lang", None) or g.lang
    for role, zones in guesses:
        if len(zones) > 1:
            g.diags.add("M101", pos_of(game, "deck"), lang, name=str(g.default_deck),
                        role=lexicon.get(lang).spell_key(role), known=", ".join(zones))


def read_limits(g) -> None:
    """Zones that declare a limit checked when a phase ends (`limite`, `fase_do_limite`;
    the turn's last phase when none is named)."""
    last = g.turn_phases[-1] if g.turn_phases else None
    g.zone_limits = []
    for scope, zones in (("player", g.player_zones), ("global", g.global_zones)):
        for z, zd in zones.items():
            if isinstance(zd, dict) and zd.get("limit") is not None:
                g.zone_limits.append((z, scope, None, int(zd["limit"]),
                                      str(g.phase_ref(zd.get("limit_phase"), zd, "limit_phase") or last)))
    for fid, zones in g.faction_zones.items():
        for z, zd in zones.items():
            if isinstance(zd, dict) and zd.get("limit") is not None:
                g.zone_limits.append((z, "faction", fid, int(zd["limit"]),
                                      str(g.phase_ref(zd.get("limit_phase"), zd, "limit_phase") or last)))


def read_caps(g, expr) -> None:
    """Zone capacities: `capacidade: N` or `capacidade: {quantidade: N, condição: ...}` (the
    condition, compiled by `expr`, is read with the zone's owner as 'você'); keyed like the
    state's zones, player zones as "*:zone"."""
    g.zone_caps = {}
    cap_zones = [(z, zd, None, ("zones", z)) for z, zd in g.global_zones.items()]
    cap_zones += [(z, zd, "*", ("player_zones", z)) for z, zd in g.player_zones.items()]
    cap_zones += [(z, zd, fid, ("factions", fid, "zones", z))
                  for fid, zs in g.faction_zones.items() for z, zd in zs.items()]
    for z, zd, owner, path in cap_zones:
        cap = zd.get("capacity") if isinstance(zd, dict) else None
        if cap is None:
            continue
        n, cond = (cap.get("count"), expr(path + ("capacity", "condition"), owner if owner != "*" else None)) \
            if isinstance(cap, dict) else (cap, None)
        key = z if owner is None else (f"*:{z}" if owner == "*" else f"{owner}.{z}")
        g.zone_caps[key] = (int(n or 0), cond, owner if owner not in (None, "*") else None)


# during play ----------------------------------------------------------------------------------
class StateKeys:
    """GameDef's lookups from a zone or counter of the rules to the state's key, and who
    sees what lies under a key."""

    def zone_key(self, z, faction):
        # kept per (zone, faction): selections of cards ask it on every evaluation
        try:
            return self._zone_keys[z][faction]
        except KeyError:
            pass
        except AttributeError:
            self._zone_keys = {}
        k = self._zone_key_now(z, faction)
        self._zone_keys.setdefault(z, {})[faction] = k
        return k

    def in_play_keys(self, faction) -> tuple:
        """The keys of the zones whose cards are in play for `faction`: its player zones marked
        `em_jogo`, and its own faction zones so marked (the Hundreds' mood slot, Law 14.4.4)."""
        try:
            return self._in_play_keys[faction]
        except KeyError:
            pass
        except AttributeError:
            self._in_play_keys = {}
        keys = [self.zone_key(z, faction) for z in self.in_play_zones]
        keys += [f"{faction}.{z}" for z, zd in self.faction_zones.get(faction, {}).items()
                 if isinstance(zd, dict) and _bool(zd.get("in_play"))]
        out = self._in_play_keys[faction] = tuple(keys)
        return out

    def _zone_key_now(self, z, faction):
        if z in self.global_zones:
            return z
        if "." in z:
            # a faction's own zone, already qualified; a copy of that faction (`cópia_de`)
            # has its own zone of the same name
            src, base = z.split(".", 1)
            if faction is not None and faction != src and base in self.faction_zones.get(faction, ()):
                return f"{faction}.{base}"
            return z
        return f"{faction}:{z}"

    def zone_visible_to(self, key, faction) -> bool:
        """May `faction` see the cards of the zone `key`? A hidden zone (`oculta: sim`) that is
        global shows them to nobody; a player's or a faction's own hidden zone (a hand, a
        face-down stack) only to its owner."""
        if key is None:
            return True
        if key in self.global_zones:
            return not _bool(self.global_zones[key].get("hidden"))
        owner, zd = None, None
        if ":" in key:
            owner, z = key.split(":", 1)
            zd = self.player_zones.get(z)
        elif "." in key:
            owner, z = key.split(".", 1)
            zd = self.faction_zones.get(owner, {}).get(z)
        if zd is None or not _bool(zd.get("hidden")):
            return True
        # N18: a faction's hand shown to all (`zonas_públicas:`, Law 11.2.3)
        return owner == faction or (":" in key and z in self.public_zones.get(owner, ()))

    def counter_key(self, cid, faction):
        # kept per (counter, faction): expressions and verbs ask it on every evaluation
        try:
            return self._counter_keys[cid, faction]
        except KeyError:
            pass
        except AttributeError:
            self._counter_keys = {}
        except TypeError:           # not hashable: not a counter id, answered as ever
            return self._counter_key_now(cid, faction)
        k = self._counter_keys[cid, faction] = self._counter_key_now(cid, faction)
        return k

    def _counter_key_now(self, cid, faction):
        if cid in self.counters and str(self.counters[cid].get("scope", "player")) == "global":
            return cid
        if "." in cid:
            src, base = cid.split(".", 1)
            if faction != src and base in self.faction_counters.get(faction, ()):
                cid = f"{faction}.{base}"
        return f"{faction}:{cid}"

    def counter_def(self, cid) -> dict:
        """The declaration of a counter: a global one, or a faction's (`fid.cid`); {} if none."""
        c = self.counters.get(cid)
        if c is None and "." in cid:
            fid, local = cid.split(".", 1)
            c = self.faction_counters.get(fid, {}).get(local)
        return c if isinstance(c, dict) else {}

    def counter_min(self, key):
        """The `mínimo:` of the counter a state key names (`F:cid`, `F:F.cid`, `cid`) as a
        number, or None (no minimum, or one that is not a number)."""
        lo = self.counter_def(key.split(":", 1)[1] if ":" in key else key).get("min")
        try:
            return None if lo is None else int(lo)
        except (TypeError, ValueError):
            return None

    def counter_visible_to(self, key, faction, flags) -> bool:
        """May `faction` see the value of the counter `key` (a state key: `F:cid`, `F:F.cid`,
        `cid`)? A hidden counter (`oculto: sim`) only shows its value to its owner (a global
        one to nobody) until `revele` shows it (the flag ("shown", key), cleared when the value
        changes)."""
        if not self.hidden_counters:
            return True
        owner, cid = key.split(":", 1) if ":" in key else (None, key)
        if cid not in self.hidden_counters:
            return True
        return (owner is not None and owner == faction) or bool(flags.get(("shown", key)))

    def per_faction(self, cid) -> bool:
        """A counter with one value per other faction (`por_facção: sim`)."""
        return cid in self.pair_counters

    @staticmethod
    def pair_key(cid, faction, other):
        return f"{faction}:{cid.split('.')[-1]}@{other}"


# interpreter/gamedef.py imports this module to build the class GameDef, and this module needs
# two of its small definitions: imported last, so either module may be imported first
from .gamedef import DeckPiles, _bool  # noqa: E402
