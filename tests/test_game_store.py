"""The store that brings a visitor's game back: bounded in count and size, keyed by a hash,
kept in the database (a file in the data folder, not a temporary folder)."""

from __future__ import annotations

import json
import threading

from sqlalchemy import select

from cole_panel.core.database import Database, kept_games
from cole_panel.core.game_store import GameStore


def test_a_game_comes_back_for_its_browser_and_app_only(tmp_path):
    db = Database.in_folder(tmp_path)
    store = GameStore(db)
    assert store.put("browser-one-token", "circle", "game one")
    assert store.get("browser-one-token", "circle") == "game one"
    assert store.get("browser-one-token", "savannah") is None
    assert store.get("browser-two-token", "circle") is None
    with db.reading() as conn:
        keys = list(conn.execute(select(kept_games.c.key)).scalars())
    assert keys == [GameStore.key("browser-one-token", "circle")]
    assert all("browser" not in k for k in keys)
    # another process (a restarted server) opening the same folder finds it
    assert GameStore(Database.in_folder(tmp_path)).get("browser-one-token", "circle") == "game one"


def test_too_big_a_game_is_refused_and_the_oldest_games_go_first(tmp_path):
    store = GameStore(Database.in_folder(tmp_path), max_games=3, max_bytes=100)
    assert not store.put("t" * 20, "circle", "x" * 101)
    for n in range(5):
        store.put(f"token-{n:02d}-padding", "circle", str(n))
        store.touch(f"token-{n:02d}-padding", "circle", 1_000_000 + n)  # one after the other
    store.max_age = float("inf")
    assert store.prune() == 2
    kept = [store.get(f"token-{n:02d}-padding", "circle") for n in range(5)]
    assert kept == [None, None, "2", "3", "4"]


def test_a_game_not_written_for_too_long_is_forgotten(tmp_path):
    store = GameStore(Database.in_folder(tmp_path), max_age=60)
    store.put("old-browser-token", "circle", "game")
    store.touch("old-browser-token", "circle", 0)
    assert store.get("old-browser-token", "circle") is None
    assert store.prune() == 1


def test_a_finished_game_is_kept_once(tmp_path):
    db = Database.in_folder(tmp_path)
    store = GameStore(db)
    assert store.finish("browser-token", "circle", '{"over": true}')
    assert not store.finish("browser-token", "circle", '{"over": true}')
    assert db.finished("circle") == ['{"over": true}'] and db.finished("savannah") == []


def test_two_threads_keeping_the_same_game_never_mix_their_writes(tmp_path):
    """A page is built on a thread of its own while the event loop keeps another tab's game of
    the same browser: both write the same game."""
    store = GameStore(Database.in_folder(tmp_path))
    texts = [json.dumps({"who": who, "pad": who * 20_000}) for who in "ab"]
    seen: list[str | None] = []

    def keep(text: str) -> None:
        for _ in range(60):
            assert store.put("browser", "circle", text)
            seen.append(store.get("browser", "circle"))

    writers = [threading.Thread(target=keep, args=(text,)) for text in texts]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    assert set(seen) <= set(texts), "a kept game was read half of one write, half of another"
