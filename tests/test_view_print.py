"""`rulesdsl imprimir` (rulesdsl/view/printing.py): a faction board and the base deck's card
sheets, in Portuguese and in Spanish, as valid SVG pages drawn from the ruleset's data."""
from __future__ import annotations

import math
import os
import xml.etree.ElementTree as ET

import pytest

from rulesdsl.cli import main
from rulesdsl.view.printing import card_sheets, faction_board

SVG = "{http://www.w3.org/2000/svg}"


def _texts(page):
    root = ET.fromstring(page)
    assert root.tag == SVG + "svg" and root.get("width") == "210.0mm"
    return " ".join(t.text or "" for t in root.iter(SVG + "text"))


@pytest.mark.parametrize("lang", ["pt", "es"])
def test_faction_board_and_base_deck(root_def, lang):
    text = _texts(faction_board(root_def, "marqueses", lang))
    assert root_def.rs.name("faction", "marqueses", lang) in text
    assert ("25 × guerreiro" if lang == "pt" else "25 × guerrero") in text
    assert ("Lei 6.5.3" if lang == "pt" else "Ley 6.5.3") in text
    # the rule of an action, printed in the language from its tree
    assert ("posicione" if lang == "pt" else "coloca") in text
    deck = root_def.rs.data["decks"]["base"]["cards"]
    pages = card_sheets(root_def, "base", lang)
    assert len(pages) == math.ceil(len(deck) / 9)
    all_text = " ".join(_texts(p) for p in pages)
    for c in deck:
        assert root_def.rs.name("card", str(c["id"]), lang) in all_text
    # a card's own text, in the language
    first = " ".join(deck[0]["text"][lang].split())
    assert first.split()[0] in all_text


def test_cli_writes_the_pages(tmp_path, capsys):
    game = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "conquista")
    out = tmp_path / "folhas"
    assert main(["imprimir", game, "--salida", str(out)]) == 0
    names = sorted(os.listdir(out))
    assert "faccion-azules.svg" not in names and any(n.startswith("faccion-") for n in names)
    assert any(n.startswith("cartas-") for n in names)
    assert "páginas guardadas" in capsys.readouterr().err
    for n in names:
        ET.parse(out / n)
