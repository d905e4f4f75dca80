"""The terminal client: a whole game at the keyboard, hot-seat or against bots."""

from onmars.terminal import linebreak

linebreak.install()  # Chinese lines break as Chinese is set, on every screen
