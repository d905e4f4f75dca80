"""The terminal client: a whole game at the keyboard, hot-seat or against bots."""
