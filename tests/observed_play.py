"""A game played with every seat observed: the full log and each seat's view log, fed in step
with the game (before and after each decision) and closed with the same summary. Shared by the
tests of hidden information (tests/test_hidden_information.py and the factions that hide)."""
from rulesdsl.interpreter.describe import EventLog
from rulesdsl.interpreter.observation import ViewLog


class ObservedLogs:
    def __init__(self, game, factions, lang="pt"):
        self.game = game
        self.full = EventLog(game, lang)
        self.views = {f: ViewLog(game, f, lang) for f in factions}
        self.full.start()
        for v in self.views.values():
            v.start()

    def apply(self, i) -> None:
        """Take the choice `i`; every log reads what it did."""
        self.full.before(i)
        self.game.apply(i)
        self.full.drain()
        for v in self.views.values():
            v.drain()

    def end(self) -> None:
        summary = {"decisions": self.game.decisions, "winners": self.game.winners()}
        self.full.end(summary)
        for v in self.views.values():
            v.end(summary)
