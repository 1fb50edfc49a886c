"""``cole``: tournaments, ladders and balance studies of the games, on Dask.

    cole tournament GAME --bots random,greedy --games 200
    cole ladder GAME --games 400 --output ladder.parquet
    cole ladder GAME --bots mcts:1,mcts:2,mcts:3 --against greedy,random --games 120
    cole stats GAME --vary OPTION=3,4 --bots greedy --games 1000
    cole stats GAME --players 4 --bots greedy --games 500 --scheduler tcp://10.0.0.5:8786
    cole review game.json other.json --output review.csv
    cole learn GAME --list
    cole learn --check
    cole puzzles make GAME --count 45 --seed 0

GAME is one of the games of :mod:`engines.games`; its rules options are flags of its
sub-command (``cole tournament GAME --help``).
Bad input prints one line naming the problem and exits with code 2, before anything is played
or written.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, NoReturn

from . import games as G
from . import learn_run, puzzles_run, report, review_run, runner, store
from . import study as S

SAVE_EVERY = 10.0
"""Seconds between rewrites of the results file during a long run."""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``cole: error: <problem>`` and exit code 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"cole: error: {message}\n")
        raise SystemExit(2)


def _count(low: int = 1):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        return value

    return parse


def _bot_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give at least one bot, e.g. random,greedy")
    try:
        return [str(G.parse_bot(n)) for n in names]
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error).rstrip(".")) from None


def _vary(text: str) -> tuple[str, list[str]]:
    name, sep, values = text.partition("=")
    if not sep or not values.strip():
        raise argparse.ArgumentTypeError(f"write OPTION=V1,V2,..., not {text!r}")
    return name.strip().replace("-", "_"), [v for v in values.split(",") if v.strip()]


DEFAULT_GAMES = {"tournament": 200, "ladder": 200, "stats": 500}


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cole", description=__doc__.split("\n\n")[0].replace("``", ""))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    helps = {
        "tournament": "seat-rotated matches: win rates with 95%% intervals",
        "ladder": "two-player games between every pair of bots: Elo-scale ratings",
        "stats": "game-specific balance statistics (first mover, cards, card types)",
    }
    for kind, text in helps.items():
        command = commands.add_parser(kind, help=text, description=text.replace("%%", "%"))
        per_game = command.add_subparsers(dest="game", metavar="GAME", required=True)
        for game in G.GAMES:
            sub = per_game.add_parser(game, help=f"{kind} of {game}")
            _add_study_flags(sub, kind)
            rules = sub.add_argument_group(f"{game} rules options")
            for option in G.options(game):
                rules.add_argument(
                    f"--{option.flag}",
                    dest=f"rule_{option.name}",
                    metavar=_metavar(option),
                    help=f"{option.doc} (default {option.default})".replace("%", "%%"),
                )
    review_run.add_parser(commands, _count)
    learn_run.add_parser(commands)
    puzzles_run.add_parser(commands)
    return parser


def _metavar(option: G.Option) -> str:
    if option.kind == "flag":
        return "{true,false}"
    return "{" + ",".join(option.choices) + "}" if option.choices else "N"


def _add_study_flags(sub: argparse.ArgumentParser, kind: str) -> None:
    default_bots = {"tournament": None, "ladder": ",".join(S.LADDER_BOTS), "stats": "greedy"}[kind]
    sub.add_argument(
        "--bots",
        type=_bot_list,
        required=default_bots is None,
        default=None if default_bots is None else _bot_list(default_bots),
        help="comma-separated bots: random, greedy, mcts or mcts:1..mcts:5"
        + (f" (default {default_bots})" if default_bots else ""),
    )
    sub.add_argument(
        "--games",
        type=_count(),
        default=DEFAULT_GAMES[kind],
        help=f"games in all (default {DEFAULT_GAMES[kind]})",
    )
    sub.add_argument("--seed", type=_count(0), default=0, help="the study's seed")
    if kind == "ladder":
        sub.add_argument(
            "--against",
            type=_bot_list,
            metavar="BOTS",
            help="pit each of --bots only against these bots, in both seats, e.g. greedy,random",
        )
    if kind == "stats":
        sub.add_argument(
            "--vary",
            type=_vary,
            metavar="OPTION=V1,V2",
            help="play the study once per value of a rules option, e.g. radius=3,4",
        )
    sub.add_argument(
        "--output",
        metavar="PATH",
        help="results file, one row per game (.parquet or .csv); a rerun skips the games it holds",
    )
    sub.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="an existing Dask scheduler (default: an embedded LocalCluster)",
    )
    sub.add_argument(
        "--workers",
        type=_count(),
        help="worker processes of the embedded cluster (default: one per core)",
    )
    sub.add_argument("--batch", type=_count(), help="games per Dask task (default: auto)")
    sub.add_argument("--quiet", action="store_true", help="no progress bar")


def make_study(args: argparse.Namespace) -> S.Study:
    """The study the parsed arguments describe; ``ValueError`` names a bad option."""
    by_name = {o.name: o for o in G.options(args.game)}
    rules = {name: by_name[name].parse(value) for name, value in _rule_args(args).items()}
    if args.command == "tournament":
        return S.tournament(args.game, args.bots, args.games, rules, args.seed)
    if args.command == "ladder":
        return S.ladder(args.game, args.bots, args.games, rules, args.seed, args.against)
    vary = None
    if args.vary:
        name, texts = args.vary
        if name not in by_name:
            raise ValueError(
                f"--vary: {args.game} has no rules option {name!r}; it has {', '.join(by_name)}."
            )
        vary = (name, [by_name[name].parse(t) for t in texts])
    return S.stats(args.game, args.bots, args.games, rules, vary, args.seed)


def _rule_args(args: argparse.Namespace) -> dict[str, str]:
    return {
        k.removeprefix("rule_"): v
        for k, v in vars(args).items()
        if k.startswith("rule_") and v is not None
    }


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "review":
        return review_run.run(args, parser.error)
    if args.command == "learn":
        return learn_run.run(args, parser.error)
    if args.command == "puzzles":
        return puzzles_run.run(args, parser.error)
    try:
        study = make_study(args)
        done = store.load(args.output, study.fingerprint) if args.output else []
    except ValueError as error:
        parser.error(str(error))
    plan = study.plan({r["key"] for r in done})
    rows = list(done)
    if done:
        print(f"{args.output}: {len(done)} games already played; {len(plan)} to play.")
    if plan:
        try:
            rows += _play(args, study, plan, done)
        except OSError as error:
            parser.error(str(error))
        except KeyboardInterrupt:
            print(
                "\nstopped; the finished games are saved." if args.output else "\nstopped.",
                file=sys.stderr,
            )
            return 130
    print(report.summary(study, runner.rows_in_order(rows)))
    return 0


def _play(args: argparse.Namespace, study: S.Study, plan: list, done: list) -> list[dict[str, Any]]:
    new: list[dict[str, Any]] = []
    last = [time.monotonic()]

    def keep(batch: list[dict[str, Any]]) -> None:
        new.extend(batch)
        if args.output and time.monotonic() - last[0] > SAVE_EVERY:
            store.save(args.output, done + new)
            last[0] = time.monotonic()

    try:
        with runner.connect(args.scheduler, args.workers) as client:
            runner.run(client, study, plan, keep, args.batch, progress=not args.quiet)
    finally:
        if args.output and new:
            store.save(args.output, done + new)
    return new


if __name__ == "__main__":
    raise SystemExit(main())
