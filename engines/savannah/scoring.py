"""End scoring: each player's points, the winners and the score sheet (a part of State).

The mixin reads its host only through the host's public members (``rules``, ``row``,
``token_on``, ``hand``, ``kill_pile``, ``card``, ``big_five``).  :meth:`Scoring.totals` runs in
every search iteration, so it reads each of them once per call.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines import ScoreLine, ScoreSheet

from .cards import name_of

_ORDER = {"alive": 0, "hand": 1, "kills": 2, "rightmost": 3, "big_five": 4}


def _killed_all(big: tuple[str, ...], kills: tuple[str, ...]) -> bool:
    """Whether ``kills`` hold one card of every name in ``big`` (False for no Big Five)."""
    if not big or len(kills) < len(big):
        return False
    names = {name_of(c) for c in kills}
    return all(b in names for b in big)


def _plural(group: str, n: int) -> str:
    word = group.replace("_", " ")
    return word if n == 1 else word + "s"


class Scoring:
    """The scoring methods of :class:`~engines.savannah.state.State` (a mixin; no state of its own)."""

    __slots__ = ()

    # ------------------------------------------------------------------ scoring

    def alive(self, player: int) -> list[str]:
        """The row's cards bearing ``player``'s token, left to right."""
        return [c for c in self.row if self.token_on(c) == player]

    def totals(self) -> list[int]:
        """Each player's score if the game ended now (the final score once it is over)."""
        card, token_on, row = self.card, self.token_on, self.row
        totals = [0] * self.rules.players
        for c in row:
            owner = token_on(c)
            if owner is not None:
                totals[owner] += card(c).points.alive
        big = self.big_five()
        for q in range(self.rules.players):
            kills = self.kill_pile(q)
            totals[q] += sum(card(c).points.in_hand for c in self.hand(q))
            totals[q] += sum(card(c).points.killed for c in kills)
            if _killed_all(big, kills):
                totals[q] += self.rules.big_five_bonus
        if row:
            owner = token_on(row[-1])
            if owner is not None:
                totals[owner] += card(row[-1]).points.rightmost
        return totals

    def has_big_five(self, player: int) -> bool:
        """Whether ``player`` has killed one of each of the Big Five."""
        return _killed_all(self.big_five(), self.kill_pile(player))

    def winners_for(self, totals: list[int] | None = None) -> list[int]:
        """Who wins with these ``totals`` (default: :meth:`totals`), ties broken as the rules say."""
        totals = totals if totals is not None else self.totals()
        best = max(totals)
        tied = [q for q, t in enumerate(totals) if t == best]
        if len(tied) > 1 and self.rules.tie_break == "most_alive":
            alive = {q: len(self.alive(q)) for q in tied}
            most = max(alive.values())
            tied = [q for q in tied if alive[q] == most]
        return tied

    def score_sheet(self) -> ScoreSheet:
        """The five end-scoring items per player, as if the game ended now.

        Categories: ``alive`` (cards bearing the player's token), ``hand`` (penalties for cards
        in hand), ``kills`` (levels of the kill pile), ``rightmost`` (a human as the rightmost
        card: its token holder's penalty) and ``big_five`` (the bonus).
        """
        sheet = ScoreSheet()
        for q in range(self.rules.players):
            sheet += self._alive_lines(q) + self._hand_lines(q) + self._kill_lines(q)
        sheet += self._rightmost_lines() + self._big_five_lines()
        return ScoreSheet(sorted(sheet, key=lambda line: (line.player, _ORDER[line.category])))

    def _per_group(self, cards: Iterable[str]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for c in cards:
            out.setdefault(self.card(c).group, []).append(c)
        return out

    def _alive_lines(self, q: int) -> list[ScoreLine]:
        lines = self._each_lines(q, "alive", self.alive(q), "alive")
        return lines or [ScoreLine(q, "alive", 0, "no animals alive with this token")]

    def _hand_lines(self, q: int) -> list[ScoreLine]:
        return self._each_lines(q, "hand", self.hand(q), "in hand")

    def _each_lines(
        self, q: int, category: str, cards: Iterable[str], where: str
    ) -> list[ScoreLine]:
        """One line per group of ``cards``: how many, ``where``, times the points each (the
        card's ``points`` field named ``category``: ``alive`` or ``in_hand``)."""
        field = "in_hand" if category == "hand" else category
        lines = []
        for group, ids in self._per_group(cards).items():
            each = getattr(self.card(ids[0]).points, field)
            note = f"{len(ids)} {_plural(group, len(ids))} {where} × {each}"
            lines.append(ScoreLine(q, category, each * len(ids), note, tuple(ids)))
        return lines

    def _kill_lines(self, q: int) -> list[ScoreLine]:
        lines = []
        for group, ids in self._per_group(self.kill_pile(q)).items():
            levels = [self.card(c).points.killed for c in ids]
            note = (
                f"killed {len(ids)} {_plural(group, len(ids))} (level"
                f"{'s' if len(ids) > 1 else ''} {' + '.join(map(str, levels))})"
            )
            lines.append(ScoreLine(q, "kills", sum(levels), note, tuple(ids)))
        return lines or [ScoreLine(q, "kills", 0, "no kills")]

    def _rightmost_lines(self) -> list[ScoreLine]:
        if not self.row:
            return []
        last = self.row[-1]
        owner = self.token_on(last)
        pts = self.card(last).points.rightmost
        if owner is None or not pts:
            return []
        note = f"the {name_of(last)} is the rightmost card"
        return [ScoreLine(owner, "rightmost", pts, note, (last,))]

    def _big_five_lines(self) -> list[ScoreLine]:
        lines = []
        big = self.big_five()
        for q in range(self.rules.players):
            if self.has_big_five(q):
                first: dict[str, str] = {}
                for c in self.kill_pile(q):
                    first.setdefault(name_of(c), c)
                note = "killed all of the Big Five: " + ", ".join(big)
                ids = tuple(first[b] for b in big)
                lines.append(ScoreLine(q, "big_five", self.rules.big_five_bonus, note, ids))
        return lines
