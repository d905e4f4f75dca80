"""Tools around the game: bot arena, speed benchmark, replay viewer."""
