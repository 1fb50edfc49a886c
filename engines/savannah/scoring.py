"""End scoring: each player's points, the winners and the score sheet (a part of State)."""

from __future__ import annotations

from collections.abc import Iterable

from engines import ScoreLine, ScoreSheet

from .cards import name_of


class Scoring:
    """The scoring methods of :class:`~engines.savannah.state.State` (a mixin; no state of its own)."""

    __slots__ = ()

    # ------------------------------------------------------------------ scoring

    def _alive(self, player: int) -> list[str]:
        return [c for c in self._row if self._tokens.get(c) == player]

    def _totals(self) -> list[int]:
        by_id = self._deck.by_id
        totals = [0] * self.rules.players
        for c, q in self._tokens.items():
            totals[q] += by_id[c].points.alive
        for q in range(self.rules.players):
            totals[q] += sum(by_id[c].points.in_hand for c in self._hands[q])
            totals[q] += sum(by_id[c].points.killed for c in self._kills[q])
            if self._has_big_five(q):
                totals[q] += self.rules.big_five_bonus
        if self._row:
            last = self._row[-1]
            owner = self._tokens.get(last)
            if owner is not None:
                totals[owner] += by_id[last].points.rightmost
        return totals

    def totals(self) -> list[int]:
        """Each player's score if the game ended now (the final score once it is over)."""
        return self._totals()

    def _has_big_five(self, player: int) -> bool:
        big = self._deck.big_five
        if not big:
            return False
        names = {name_of(c) for c in self._kills[player]}
        return all(b in names for b in big)

    def _winners(self, totals: list[int] | None = None) -> list[int]:
        totals = totals if totals is not None else self._totals()
        best = max(totals)
        tied = [q for q, t in enumerate(totals) if t == best]
        if len(tied) > 1 and self.rules.tie_break == "most_alive":
            alive = {q: len(self._alive(q)) for q in tied}
            most = max(alive.values())
            tied = [q for q in tied if alive[q] == most]
        return tied

    def score_sheet(self) -> ScoreSheet:
        """The five end-scoring items per player, as if the game ended now.

        Categories: ``alive`` (cards bearing the player's token), ``hand`` (penalties for cards
        in hand), ``kills`` (levels of the kill pile), ``rightmost`` (a human as the rightmost
        card: its token holder's penalty) and ``big_five`` (the bonus).
        """
        by_id = self._deck.by_id
        sheet = ScoreSheet()

        def per_group(cards: Iterable[str]) -> dict[str, list[str]]:
            out: dict[str, list[str]] = {}
            for c in cards:
                out.setdefault(by_id[c].group, []).append(c)
            return out

        def plural(group: str, n: int) -> str:
            word = group.replace("_", " ")
            return word if n == 1 else word + "s"

        for q in range(self.rules.players):
            alive = per_group(self._alive(q))
            for group, ids in alive.items():
                each = by_id[ids[0]].points.alive
                sheet.append(
                    ScoreLine(
                        q,
                        "alive",
                        each * len(ids),
                        f"{len(ids)} {plural(group, len(ids))} alive × {each}",
                        tuple(ids),
                    )
                )
            if not alive:
                sheet.append(ScoreLine(q, "alive", 0, "no animals alive with this token"))
            for group, ids in per_group(self._hands[q]).items():
                each = by_id[ids[0]].points.in_hand
                sheet.append(
                    ScoreLine(
                        q,
                        "hand",
                        each * len(ids),
                        f"{len(ids)} {plural(group, len(ids))} in hand × {each}",
                        tuple(ids),
                    )
                )
            kills = per_group(self._kills[q])
            for group, ids in kills.items():
                levels = [by_id[c].points.killed for c in ids]
                sheet.append(
                    ScoreLine(
                        q,
                        "kills",
                        sum(levels),
                        f"killed {len(ids)} {plural(group, len(ids))} (level"
                        f"{'s' if len(ids) > 1 else ''} {' + '.join(map(str, levels))})",
                        tuple(ids),
                    )
                )
            if not kills:
                sheet.append(ScoreLine(q, "kills", 0, "no kills"))
        if self._row:
            last = self._row[-1]
            owner = self._tokens.get(last)
            pts = by_id[last].points.rightmost
            if owner is not None and pts:
                sheet.append(
                    ScoreLine(
                        owner,
                        "rightmost",
                        pts,
                        f"the {name_of(last)} is the rightmost card",
                        (last,),
                    )
                )
        for q in range(self.rules.players):
            if self._has_big_five(q):
                first = {}
                for c in self._kills[q]:
                    first.setdefault(name_of(c), c)
                ids = tuple(first[b] for b in self._deck.big_five)
                sheet.append(
                    ScoreLine(
                        q,
                        "big_five",
                        self.rules.big_five_bonus,
                        "killed all of the Big Five: " + ", ".join(self._deck.big_five),
                        ids,
                    )
                )
        order = {"alive": 0, "hand": 1, "kills": 2, "rightmost": 3, "big_five": 4}
        return ScoreSheet(sorted(sheet, key=lambda line: (line.player, order[line.category])))
