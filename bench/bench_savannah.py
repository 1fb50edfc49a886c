"""On the Savannah: random complete 4-player games per second on one core (target >= 300).

The reference is a bare card loop measured in the same run: shuffle the same 64 ids, deal, and
play each of the game's turns as "take a random card from the hand, put it on the row, draw".
The ratio says how many times that floor a real game costs (rules, events, regrouping), which
is comparable across machines where the raw rate is not.
"""

from __future__ import annotations

import random
import time

from engines.savannah import GreedyBot, MCTSBot, Rules, card_ids, load_deck, new_game

PLAYERS = 4
GAMES = 300


def random_games(games: int, seed: int = 0) -> tuple[float, int]:
    """Seconds for ``games`` random complete games and the moves they took."""
    rng = random.Random(seed)
    rules = Rules(players=PLAYERS)
    moves = 0
    start = time.perf_counter()
    for g in range(games):
        state = new_game(rules, seed=seed + g)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            moves += 1
    return time.perf_counter() - start, moves


def reference_games(games: int, seed: int = 0) -> float:
    """Seconds for the bare card loop with the same number of turns per game."""
    rng = random.Random(seed)
    ids = card_ids(load_deck())
    turns = len(ids) - 6 - 3 * PLAYERS
    start = time.perf_counter()
    for g in range(games):
        deck = ids[:]
        random.Random(seed + g).shuffle(deck)
        hands = [[deck.pop() for _ in range(3)] for _ in range(PLAYERS)]
        row = [deck.pop() for _ in range(6)]
        for t in range(turns):
            hand = hands[t % PLAYERS]
            row.append(hand.pop(rng.randrange(len(hand))))
            hand.append(deck.pop())
    return time.perf_counter() - start


def main() -> None:
    random_games(20)  # warm up (loads the deck)
    seconds, moves = min(random_games(GAMES) for _ in range(3))  # best of three
    ref = min(reference_games(GAMES) for _ in range(3))
    rate = GAMES / seconds
    verdict = "meets" if rate >= 300 else "BELOW"
    print(
        f"random {PLAYERS}-player games: {rate:,.0f} games/s ({verdict} the target of 300), "
        f"{moves / seconds:,.0f} moves/s, {moves / GAMES:.1f} moves per game"
    )
    print(
        f"  reference bare card loop: {GAMES / ref:,.0f} games/s; a real game costs "
        f"{seconds / ref:.1f}x the reference"
    )

    state = new_game(Rules(players=PLAYERS), seed=1)
    start = time.perf_counter()
    clones = 2000
    for _ in range(clones):
        state.clone()
    clone_rate = clones / (time.perf_counter() - start)
    print(f"  clone: {clone_rate:,.0f}/s")

    start = time.perf_counter()
    games = 20
    for g in range(games):
        state = new_game(Rules(players=PLAYERS), seed=g)
        bot = GreedyBot(g)
        while not state.is_over:
            state.apply(bot.choose(state))
    greedy = games / (time.perf_counter() - start)
    print(
        f"  GreedyBot self-play: {greedy:,.1f} games/s ({rate / greedy:.1f}x slower than "
        "random play)"
    )

    state = new_game(Rules(players=PLAYERS), seed=2)
    iterations = 300
    bot = MCTSBot(iterations=iterations, seed=0)
    start = time.perf_counter()
    bot.choose(state)
    took = time.perf_counter() - start
    print(
        f"  MCTSBot: {iterations / took:,.0f} iterations/s "
        f"({took:.2f} s for one {iterations}-iteration move)"
    )


if __name__ == "__main__":
    main()
