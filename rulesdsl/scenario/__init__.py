"""Scenarios: a position described in the ruleset's own words, choices, expectations.

A scenario file is YAML in Portuguese or Spanish (`idioma:`); its keys are spelled through
the lexicons (`grammar/lexicon/*.yaml`, block "cenários / escenarios"), its values are names
from the ruleset in the file's language ("soldados dos azuis", "clareira 1", "ordem livre"),
matched without case and accents, singular or plural.

    idioma: pt
    regras: ../games/conquista          # relative to this file, or a shipped name ("root")
    facções: [azuis, vermelhos]
    semente: 7
    cenários:
      - nome: marchar leva soldados a um vale adjacente
        lei: "marchar"
        vez: azuis
        fase: manhã
        posição:
          Norte: {soldados dos azuis: 3}
        escolhas: [marchar, Leste, 2]
        espera_se:
          peças: {Norte: {soldados dos azuis: 1}, Leste: {soldados dos azuis: 2}}
          próxima_decisão: {jogador: azuis, decisão: menu}

    load_scenarios(path)  -> [Scenario]      (raises RulesError, positioned, in the file's language)
    run_scenario(s)       -> Result          (.ok, .failures, .render(lang))
    run_files(paths)      -> exit status     (prints ok / FALHOU per scenario)

The format is documented in docs/cenarios.md (PT) and docs/escenarios.md (ES).

The package, one job per module (each imports only those above it):
    model     the Scenario, its Setup, Steps, Expects and Result; message helpers
    vocab     the ruleset's names in one language (Vocab, vocab_of)
    reader    the values of one file, each mistake a positioned diagnostic (_Reader)
    load      load_scenarios: a file's keys, its ruleset, the parts of each scenario
    position  new_game: the game at the scenario's starting position (dice, draws)
    options   a pending decision's options in the scenario's words; why one is absent
    run       run_scenario: the choices played, the expectations checked
    cli       run_files, the `scenario` command and `python -m rulesdsl.scenario`
"""
from .cli import run_files
from .load import _GDEFS, load_scenarios  # noqa: F401 - _GDEFS: tests share a loaded ruleset
from .options import match_option
from .position import _position_fn, new_game  # noqa: F401 - _position_fn: tests/test_scythe.py
from .run import run_scenario

__all__ = ["load_scenarios", "run_scenario", "run_files", "new_game", "match_option"]
