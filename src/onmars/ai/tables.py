"""The tables of docs/ai.md, made from the code (``python -m onmars.ai.tables`` prints them; a
test checks that the document holds them as they are)."""

from __future__ import annotations

from onmars.ai import actions, observation
from onmars.rules import hexmap


def _domain(values: list[str]) -> str:
    """A column of argument values in a few words."""
    distinct = list(dict.fromkeys(values))
    if all(hexmap.parse(v) is not None for v in distinct):
        return f"map cell `q,r` ({len(distinct)})"
    if len(distinct) <= 8:
        return ", ".join(f"`{v}`" for v in distinct)
    return f"{len(distinct)} ids: `{distinct[0]}` ... `{distinct[-1]}`"


def action_table() -> str:
    """Each verb: its numbers, how many, the domains of its arguments."""
    lines = ["| verb | numbers | count | arguments |", "|---|---|---|---|"]
    first = 0
    for verb, argss in actions.domains().items():
        width = max((len(a) for a in argss), default=0)
        if verb == "benefit":  # one or two arguments
            cols = "`bots`, `mineral`, `crystal`, or `retrieve` + `wa` / a Main action id"
        elif width == 0:
            cols = "(none)"
        else:
            cols = " x ".join(_domain([a[i] for a in argss]) for i in range(width))
        last = first + len(argss) - 1
        lines.append(f"| `{verb}` | {first}-{last} | {len(argss)} | {cols} |")
        first = last + 1
    lines.append(f"| | | **N = {actions.num_actions():,}** | |")
    return "\n".join(lines)


def observation_table() -> str:
    """Each field of the tensor: offset, size, meaning."""
    lay = observation.layout()
    lines = ["| field | offset | size | meaning |", "|---|---|---|---|"]
    for f in observation.fields():
        per_player = f.name.startswith("player[k].")
        offset = f"{f.offset} + {lay.p_size}k" if per_player else str(f.offset)
        lines.append(f"| `{f.name}` | {offset} | {f.size} | {f.meaning} |")
    lines.append(f"| | | **{observation.size():,}** | |")
    return "\n".join(lines)


def steps_list() -> str:
    return ", ".join(f"`{s}`" for s in observation.STEPS)


if __name__ == "__main__":
    print(action_table(), end="\n\n")
    print(observation_table(), end="\n\n")
    print(steps_list())
