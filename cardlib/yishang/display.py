"""一上一下 in a notebook: a game and its events drawn with cards (:mod:`cardlib.render`).

A :class:`~cardlib.yishang.state.Game` shows every hand as cards (the engine's view: all hands
open), the central pile (face-down cards as backs, with their claims), the target, the draw
pile and whose turn it is, with the reason; an event shows its card and its reason.  Pure
functions of the values they draw; the engine knows nothing of widgets.  ``lang`` as in
:mod:`cardlib.render`: English with the Chinese beside it, ``"zh"`` the Chinese alone, and
without it the reader's language (:func:`cardlib.words.reader_lang`).

>>> from cardlib.yishang import Game
>>> game = Game(["S8 H3", "D10 C4", "H5 S6"], draw_pile="C9", first=0)
>>> events = game.play("S8") + game.play("D10", claim="10")
>>> html = game_html(game, lang="en")
>>> html.count("<svg"), "Player B" in html, "claims 10" in html, "target 8" in html
(6, True, True, True)
>>> "♠8" in events_html(events, lang="en") and "player A plays" in events_html(events, lang="en")
True
>>> zh = game_html(game, lang="zh")
>>> "轮到" in zh and "Player B" not in zh and "target" not in zh
True

Rules: YS-1 (the hands and the draw pile), YS-4 (the target), YS-5 / YS-13 (the next face),
YS-7 / YS-11 (a face-down card is shown as a back with its claim).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from ..render import _lang, _pair_html, card_back_svg, card_svg, hand_html, reason_html
from ..words import player_name
from .events import Event, EventKind
from .pile import Face, PileCard

if TYPE_CHECKING:
    from .state import Game

_FACE = {Face.UP: ("face up", "明牌"), Face.DOWN: ("face down", "暗牌")}


def _title(name: str) -> str:
    return name[0].upper() + name[1:]


def pile_html(pile: Iterable[PileCard], *, height: int = 56, lang: str | None = None) -> str:
    """The central pile, bottom card first: face-up cards as faces, face-down cards as backs with their claim."""
    lang = _lang(lang)
    items = []
    for pile_card in pile:
        if pile_card.face is Face.UP:
            items.append(card_svg(pile_card.card, height=height, lang=lang))
        else:
            claim = escape(str(pile_card.claim))
            back = card_back_svg(height=height, label=f"face-down card claimed as {claim}", label_zh=f"暗牌，报{claim}",
                                 lang=lang)
            items.append(f'<span style="display:inline-block;text-align:center">{back}'
                         f'<br><small>{_pair_html(f"claims {claim}", f"报{claim}", lang)}</small></span>')
    if not items:
        return f'<div class="cardlib-pile">{_pair_html("<em>empty pile</em>", "出牌堆为空", lang)}</div>'
    label = "出牌堆" if lang == "zh" else "central pile"
    return f'<div class="cardlib-pile" role="group" aria-label="{label}">{" ".join(items)}</div>'


def game_html(game: Game, *, height: int = 48, lang: str | None = None) -> str:
    """A whole game: status line, the turn's reason, every hand, the pile and the draw pile."""
    lang = _lang(lang)
    if game.winner is not None:
        status = (f"{_title(player_name(game.winner))} has won", f"{player_name(game.winner, 'zh')}获胜")
    else:
        face = _FACE[game.next_face]
        status = (f"{_title(player_name(game.next_player))} to play {face[0]}, target {game.target}",
                  f"轮到{player_name(game.next_player, 'zh')}出{face[1]}，目标点数{game.target}")
    window = ""
    if game.window is not None:
        seat = game.window.seat
        window = "<p>" + _pair_html(f"{escape(_title(player_name(seat)))}'s face-down card may still be challenged",
                                    f"{player_name(seat, 'zh')}的暗牌还可以质疑", lang) + "</p>"
    rows = []
    for seat, hand in enumerate(game.hands):
        name = _title(player_name(seat, lang))
        mark = " ◀" if game.winner is None and seat == game.next_player else ""
        rows.append(f'<tr><th style="text-align:left;padding-right:8px">'
                    f'{_pair_html(escape(name), player_name(seat, "zh"), lang)} ({len(hand)}){mark}</th>'
                    f'<td>{hand_html(hand, label=name, height=height, lang=lang)}</td></tr>')
    draw = len(game.draw_pile)
    head = (f'<strong><span lang="zh-Hans">{escape(status[1])}</span></strong>' if lang == "zh"
            else f'<strong>{escape(status[0])}</strong> · <span lang="zh-Hans">{escape(status[1])}</span>')
    return (f'<div class="cardlib-yishang-game"><p>{head}</p>'
            f'{reason_html(game.turn_reason, lang) if game.winner is None else ""}{window}'
            f'<table>{"".join(rows)}</table>'
            f'<p>{_pair_html("Pile", "出牌堆", lang)}</p>{pile_html(game.pile, height=height, lang=lang)}'
            f'<p>{_pair_html(f"Draw pile: {draw} card" + "s" * (draw != 1), f"摸牌堆：{draw}张", lang)}</p></div>')


def event_html(event: Event, *, height: int = 40, lang: str | None = None) -> str:
    """One event: its card (a back for a face-down play, YS-11) and its reason."""
    lang = _lang(lang)
    card = ""
    if event.card is not None:
        card = (card_back_svg(height=height, lang=lang) if event.kind is EventKind.PLAY_DOWN
                else card_svg(event.card, height=height, lang=lang))
    return (f'<div class="cardlib-yishang-event" style="display:flex;gap:8px;align-items:center">'
            f'<div>{card}</div>{reason_html(event.reason, lang)}</div>')


def events_html(events: Iterable[Event], *, height: int = 40, lang: str | None = None) -> str:
    """Several events, in order."""
    return "".join(event_html(event, height=height, lang=lang) for event in events)
