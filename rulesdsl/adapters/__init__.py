"""Adapters to the tools researchers use: PettingZoo (`pettingzoo.py`, optional extra `rl`), and
the vector encoding of a player's information state they share (`encoding.py`)."""
