"""Pictures of a game drawn from its ruleset's data: the map's layout (layout.py), an SVG board
with the pieces of a state (svg.py) and a static replay page (replay.py). Generic: nothing here
names a game; colours follow the order in which the data declares factions and values."""
