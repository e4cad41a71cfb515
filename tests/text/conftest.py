"""Fixtures for the translator's workbench tests (helpers live in textkit.py)."""
import shutil

import pytest

from textkit import MINI


@pytest.fixture
def mini(tmp_path):
    """A private copy of the mini fixture ruleset (tests may edit it)."""
    dst = tmp_path / "mini"
    shutil.copytree(MINI, dst)
    return dst
