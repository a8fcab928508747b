"""Cards drawn as cards: SVG faces, hands and a four-seat trick table as HTML strings, and the
engine's reasons as quotations.

Pure functions of the values they draw; no widget import, no file access.  Each function
takes ``lang``: ``"en"`` writes English with the Chinese beside it, ``"zh"`` Chinese only;
without it, the reader's language (:func:`cardlib.words.reader_lang`).  Every picture carries
a text alternative (``aria-label`` and ``<title>``), so a screen reader says "10 of hearts"
(红桃10) where a reader sees ♥10.  The output is well-formed XML, so it can be embedded in
HTML, SVG or XHTML.

Rules: SJ-1 (the 54 distinct faces of a deck with jokers), YS-1 (no jokers),
YS-7 (a face-down card is drawn as a back).

>>> card_label(Card.parse("H10"))
'10 of hearts'
>>> card_label(Card.parse("BJ"), "zh")
'大王'
>>> 'aria-label="ace of spades"' in card_svg("SA", lang="en"), 'aria-label="黑桃A"' in card_svg("SA", lang="zh")
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from .cards import Card, Rank, Suit, parse_cards
from .errors import InvalidPositionError, NotationError
from .explain import Reason, Verdict
from .result import Result
from .words import JOKER_WORDS, SUIT_WORDS, card_text, is_zh, reader_lang, seat_name

if TYPE_CHECKING:  # drawn here, defined in the game package (which imports this module lazily)
    from .shengji.hand import Event, HandResult, ShengjiGame, ShengjiHand
    from .shengji.trick import TrickResult

#: Ink of each suit in the usual two-colour deck and in a four-colour deck.
TWO_COLOURS = {Suit.SPADES: "#1b1b1b", Suit.CLUBS: "#1b1b1b", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#c8102e"}
FOUR_COLOURS = {Suit.SPADES: "#1b1b1b", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#1f5fbf", Suit.CLUBS: "#1a7f37"}
_JOKER_INK = {Rank.BIG_JOKER: "#c8102e", Rank.LITTLE_JOKER: "#1b1b1b"}

_RANK_WORDS = {Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace"}

#: Seats of a Shengji table in playing order (counterclockwise seen from above): SJ-2, SJ-8.
SEAT_PLACES = ("south", "east", "north", "west")

CARD_WIDTH, CARD_HEIGHT = 60, 84


def card_label(card: Card | str, lang: str = "en") -> str:
    """The card in words: ``'10 of hearts'``, ``'big joker'``; ``lang="zh"``: ``'红桃10'``, ``'大王'``."""
    card = _as_card(card)
    chinese = is_zh(lang)
    if card.suit is None:
        return JOKER_WORDS[card.rank][chinese]
    suit_en, suit_zh = SUIT_WORDS[card.suit]
    if chinese:
        return f"{suit_zh}{card.rank}"
    return f"{_RANK_WORDS.get(card.rank, str(card.rank))} of {suit_en}"


def card_ink(card: Card | str, *, four_colour: bool = False) -> str:
    """The colour a card is printed in (a CSS hex colour)."""
    card = _as_card(card)
    if card.suit is None:
        return _JOKER_INK[card.rank]
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]


def card_svg(card: Card | str, *, four_colour: bool = False, height: int = CARD_HEIGHT,
             lang: str | None = None) -> str:
    """One card face as an inline SVG element with its text alternative.

    Plain cards show the rank and suit symbol in two corners and a large symbol in the
    middle; jokers show "JOKER" down the side and 大王 / 小王 in the middle.  The picture is
    :func:`card_face_body`, the one drawing the widgets' front ends use too.
    """
    card = _as_card(card)
    return _svg_frame(card_label(card), card_label(card, "zh"), card_classes(card), height,
                      card_face_body(card, four_colour=four_colour), _lang(lang))


def card_classes(card: Card | str) -> str:
    """The CSS classes of a drawn card: ``cardlib-card``, its own (``cardlib-h10``) and its suit's
    (``cardlib-suit-h``; ``cardlib-joker`` for both jokers), by which a page recolours a two-colour
    face for a four-colour deck (``widgets/static/cards.css``)."""
    card = _as_card(card)
    return f"cardlib-card cardlib-{_slug(card)} {_family_class(card)}"


def _family_class(card: Card) -> str:
    return "cardlib-joker" if card.suit is None else f"cardlib-suit-{card.suit.value.lower()}"


def card_face_body(card: Card | str, *, four_colour: bool = False) -> str:
    """What is drawn inside a card's 60×84 frame (no ``<svg>`` element, no text alternative)."""
    card = _as_card(card)
    ink = card_ink(card, four_colour=four_colour)
    if card.suit is None:
        corner = _joker_corner(ink)
        name_zh = JOKER_WORDS[card.rank][1]  # 大王 / 小王, one character a line
        middle = (f'<g lang="zh-Hans">{_text(33, 40, name_zh[0], ink, size=18, weight="bold")}'
                  f'{_text(33, 62, name_zh[1], ink, size=18, weight="bold")}</g>')
    else:
        corner = (_text(9, 17, str(card.rank), ink, size=14, weight="bold")
                  + _text(9, 30, card.suit.symbol, ink, size=13))
        middle = _text(30, 54, card.suit.symbol, ink, size=30)
    rotated = f'<g transform="rotate(180 30 42)">{corner}</g>'
    return ('<rect x="1" y="1" width="58" height="82" rx="5" fill="#fff" stroke="#8a8a8a" stroke-width="1.2"/>'
            f'<g text-anchor="middle" font-family="Georgia, \'Noto Serif CJK SC\', serif">'
            f'{corner}{middle}{rotated}</g>')


def card_back_svg(*, height: int = CARD_HEIGHT, label: str = "face-down card", label_zh: str = "暗牌",
                  lang: str | None = None) -> str:
    """The back of a card: a face-down play (YS-7) or a hidden kitty card (SJ-7)."""
    return _svg_frame(label, label_zh, "cardlib-card cardlib-back", height, CARD_BACK_BODY, _lang(lang))


#: What is drawn inside the frame of a card's back (the front ends draw the same).
CARD_BACK_BODY = ('<rect x="1" y="1" width="58" height="82" rx="5" fill="#29497a" stroke="#8a8a8a" stroke-width="1.2"/>'
                  '<rect x="6" y="6" width="48" height="72" rx="3" fill="none" stroke="#d8e1ef" stroke-width="1.5"/>'
                  '<path d="M30 16 L46 42 L30 68 L14 42 Z" fill="none" stroke="#d8e1ef" stroke-width="1.5"/>')


def hand_html(cards: Iterable[Card | str] | str, *, four_colour: bool = False, label: str | None = None,
              height: int = CARD_HEIGHT, lang: str | None = None) -> str:
    """A row of cards, in the given order, overlapping a little like a held hand; on a narrow
    page the row wraps onto further rows instead of running off the side.  ``label`` names the
    row for a screen reader (by default "hand" / 手牌).

    >>> hand_html("SA LJ").count("<svg"), 'aria-label="手牌：黑桃A、小王"' in hand_html("SA LJ", lang="zh")
    (2, True)
    """
    lang = _lang(lang)
    faces = parse_cards(cards)
    zh = lang == "zh"
    words = ("、" if zh else ", ").join(card_label(c, lang) for c in faces) or ("没有牌" if zh else "no cards")
    label = label if label is not None else ("手牌" if zh else "hand")
    named = f"{label}：{words}" if zh else f"{label}: {words}"
    overlap = height // 5
    items = "".join(f'<span class="cardlib-slot" style="display:block;margin-right:-{overlap}px;line-height:0">'
                    f'{card_svg(c, four_colour=four_colour, height=height, lang=lang)}</span>' for c in faces)
    return (f'<div class="cardlib-hand" role="group" aria-label="{escape(named)}" '
            f'style="display:inline-flex;flex-wrap:wrap;row-gap:4px;max-width:100%;box-sizing:border-box;'
            f'vertical-align:middle;padding:2px {overlap + 2}px 2px 2px">{items}</div>')


def trick_html(plays: Sequence[Iterable[Card | str] | str | None], *, leader: int = 0,
               winner: int | None = None, four_colour: bool = False, height: int = 64,
               lang: str | None = None) -> str:
    """A four-seat table: ``plays[seat]`` is what that seat played (``None``: not yet).

    Seats sit south, east, north, west in playing order (SJ-8) and are captioned by those
    names (:func:`cardlib.words.seat_name`); the leader and the winner, if given, are named
    in the seat captions.

    >>> html = trick_html(["SA", "S2", None, None], leader=0, lang="en")
    >>> html.count('class="cardlib-seat'), "South (leads)" in html, "南家（领出）" in trick_html(["SA"] * 4, lang="zh")
    (4, True, True)
    """
    lang = _lang(lang)
    check_seats(len(plays), leader, winner)
    cells = []
    for seat, (place, play) in enumerate(zip(SEAT_PLACES, plays)):
        roles = [role for role, holder in ((_ROLES[lang][0], leader), (_ROLES[lang][1], winner)) if holder == seat]
        caption = seat_name(seat, lang) + (_aside(_join(roles, lang), lang) if roles else "")
        cards = "" if play is None else hand_html(play, four_colour=four_colour, label=caption, height=height,
                                                  lang=lang)
        style = "font-weight:bold;" if seat == winner else ""
        cells.append(f'<div class="cardlib-seat cardlib-{place}" style="grid-area:{place};min-width:0;text-align:center">'
                     f'<div style="font-size:small;{style}">{escape(caption)}</div>{cards}</div>')
    # Columns as wide as their hands but no wider than the page lets them: on a phone each seat's
    # hand wraps within its third of the table.
    return (f'<div class="cardlib-trick" role="group" aria-label="{_TRICK[lang == "zh"]}" style="display:inline-grid;'
            'grid-template-areas:\'. north .\' \'west . east\' \'. south .\';'
            'grid-template-columns:repeat(3,minmax(0,auto));max-width:100%;box-sizing:border-box;gap:4px;padding:6px;'
            f'border-radius:8px;background:#2e6b3f0d">{"".join(cells)}</div>')


def reason_html(reason: Reason, lang: str | None = None) -> str:
    """An engine reason as a quotation: its rule id, then the sentence (in English, the Chinese
    below it), each card it names written in its suit's ink.

    >>> from .rule_ids import RuleId
    >>> reason_html(Reason(RuleId.SJ_11, "5 points.", "5分。"), "en")
    '<blockquote class="cardlib-reason"><p><strong>SJ-11</strong> 5 points.<br/><span lang="zh-Hans">5分。</span></p></blockquote>'
    >>> reason_html(Reason(RuleId.SJ_11, "5 points.", "5分。"), "zh")
    '<blockquote class="cardlib-reason"><p><strong>SJ-11</strong> <span lang="zh-Hans">5分。</span></p></blockquote>'
    """
    zh = f'<span lang="zh-Hans">{_parts_html(reason, "zh")}</span>'
    text = zh if _lang(lang) == "zh" else f'{_parts_html(reason, "en")}<br/>{zh}'
    return (f'<blockquote class="cardlib-reason"><p><strong>{reason.rule.value}</strong> {text}</p>'
            f'{notes_html(reason, lang)}</blockquote>')


#: The disclosure's summary: the notes behind a verdict (conventions, errata, SG / SS differences).
NOTES_SUMMARY = ("Why, and where the sources stand", "为什么，以及规则原文怎么说")


def notes_html(reason: Reason, lang: str | None = None) -> str:
    """A reason's notes (:meth:`Reason.all_notes`) as a closed ``<details>`` disclosure, or ``""``.

    >>> from .rule_ids import RuleId
    >>> main = Reason(RuleId.SJ_10, "North wins.", "北家赢。").with_notes(
    ...     Reason(RuleId.C_1, "Equal plays: the first wins.", "一样大时先出者胜。"))
    >>> html = notes_html(main, "zh")
    >>> html.startswith('<details class="cardlib-notes"><summary lang="zh-Hans">为什么'), "<strong>C-1</strong>" in html
    (True, True)
    """
    notes = reason.all_notes()
    if not notes:
        return ""
    lang = _lang(lang)
    en, zh = NOTES_SUMMARY
    summary = (f'<summary lang="zh-Hans">{zh}</summary>' if lang == "zh"
               else f'<summary>{en} · <span lang="zh-Hans">{zh}</span></summary>')
    body = []
    for note in notes:
        note_zh = f'<span lang="zh-Hans">{_parts_html(note, "zh")}</span>'
        text = note_zh if lang == "zh" else f'{_parts_html(note, "en")}<br/>{note_zh}'
        body.append(f'<p><strong>{note.rule.value}</strong> {text}</p>')
    return f'<details class="cardlib-notes">{summary}{"".join(body)}</details>'


def verdict_html(verdict: Verdict, lang: str | None = None) -> str:
    """A verdict: allowed or not, above its reason."""
    word = ("Allowed", "可以") if verdict.ok else ("Not allowed", "不可以")
    return _headed("cardlib-verdict", f"{'✓' if verdict.ok else '✗'} ", word, verdict.reason, _lang(lang))


def result_html(result: Result[Any], lang: str | None = None) -> str:
    """A result: its value in words, bold, above its reason."""
    lang = _lang(lang)
    en, zh = escape(result.shown("en")), escape(result.shown("zh"))
    if en == zh:  # a number, cards: the same in both languages
        return f'<div class="cardlib-result"><p><strong>{en}</strong></p>{reason_html(result.reason, lang)}</div>'
    return _headed("cardlib-result", "", (en, zh), result.reason, lang)


def refusal_html(reason: Reason, lang: str | None = None) -> str:
    """A refused action (:class:`~cardlib.errors.IllegalActionError`): "refused" above its reason."""
    return _headed("cardlib-refusal", "✗ ", ("Refused", "不允许"), reason, _lang(lang))


def _headed(css_class: str, mark: str, word: tuple[str, str], reason: Reason, lang: str) -> str:
    """A verdict word (English and Chinese, or Chinese alone), bold with its mark, above a reason."""
    head = (f'<strong>{mark}<span lang="zh-Hans">{word[1]}</span></strong>' if lang == "zh"
            else f'<strong>{mark}{word[0]}</strong> · <span lang="zh-Hans">{word[1]}</span>')
    return f'<div class="{css_class}"><p>{head}</p>{reason_html(reason, lang)}</div>'


#: A play's place in its trick, as players say it (SJ-8: the leader plays first).
PLACES = (("the leader", "首家"), ("the second player", "二家"), ("the third player", "三家"),
          ("the fourth player", "末家"))

#: A seat's roles in a trick's caption (leads, wins), the trick itself and its plays, per language.
_ROLES = {"en": ("leads", "wins"), "zh": ("领出", "赢")}
_TRICK = ("trick", "一轮")


def trick_result_html(result: TrickResult, *, leader: int | None = None, height: int = 56,
                      lang: str | None = None) -> str:
    """Who won a trick (:func:`~cardlib.shengji.trick.find_trick_winner`): its plays in order, the
    winner marked, then the reason (SJ-10).  With ``leader`` (the seat that led) the plays are drawn
    at their seats on the table; without, in a row named by their place (the leader, second, ...).

    >>> from cardlib.shengji import TrumpContext, find_trick_winner
    >>> html = trick_result_html(find_trick_winner(TrumpContext("2", "S"), "shengji", ["HK", "HA", "H3", "C4"]), lang="en")
    >>> "the second player (wins)" in html, html.count("<svg"), "SJ-10" in html
    (True, 4, True)
    """
    lang = _lang(lang)
    zh = lang == "zh"
    plays = list(result.plays)
    if leader is not None and len(plays) == len(SEAT_PLACES):
        by_seat: list[Sequence[Card] | None] = [None] * len(SEAT_PLACES)
        for i, play in enumerate(plays):
            by_seat[(leader + i) % len(SEAT_PLACES)] = play
        table = trick_html(by_seat, leader=leader, winner=(leader + result.winner) % len(SEAT_PLACES),
                           height=height, lang=lang)
    else:
        cells = []
        for i, play in enumerate(plays):
            wins = i == result.winner
            caption = PLACES[i][zh] + (_aside(_ROLES[lang][1], lang) if wins else "")
            shown = escape(caption) if not zh else ""
            style = "font-weight:bold;border:2px solid #2e6b3f;" if wins else "border:2px solid transparent;"
            cells.append(f'<div class="cardlib-play{" cardlib-winner" if wins else ""}" style="display:inline-block;'
                         f'{style}border-radius:6px;padding:2px 4px;margin:2px;text-align:center">'
                         f'<div style="font-size:small">{shown}{"" if zh else " · "}<span lang="zh-Hans">'
                         f'{PLACES[i][1]}{"（赢）" if wins else ""}</span></div>'
                         f'{hand_html(play, label=caption, height=height, lang=lang)}</div>')
        table = f'<div class="cardlib-plays" role="group" aria-label="{_TRICK[zh]}">{"".join(cells)}</div>'
    return f'<div class="cardlib-trick-result">{table}{reason_html(result.reason, lang)}</div>'


def legal_follows_html(lead: Sequence[Card], plays: Sequence[Sequence[Card]], total: int, *, height: int = 44,
                       lang: str | None = None) -> str:
    """The legal follows of a lead (:func:`~cardlib.shengji.follow.legal_follows`): how many there are
    and the first ``plays`` drawn, one row each (SJ-9).

    >>> from cardlib.shengji import TrumpContext, legal_follows
    >>> html = legal_follows(TrumpContext("2", "S"), "shengji", "HA HA", "H5 H5 H9 SK C3")._repr_html_()
    >>> "1 legal follow" in html, html.count("<svg")
    (True, 4)
    """
    lang = _lang(lang)
    zh = lang == "zh"
    rows = "".join(f"<li>{hand_html(play, label=f'跟法{i}' if zh else f'follow {i}', height=height, lang=lang)}</li>"
                   for i, play in enumerate(plays, start=1))
    count_zh = f"{total}种合法跟法"
    if zh:
        shown = "" if len(plays) >= total else f"（列出前{len(plays)}种）"
        count = f'<strong lang="zh-Hans">{count_zh}</strong><span lang="zh-Hans">{shown}</span>'
    else:
        shown = "" if len(plays) >= total else f" (the first {len(plays)} shown)"
        count = (f"<strong>{total} legal follow{'s' * (total != 1)}</strong>{shown} · "
                 f'<span lang="zh-Hans">{count_zh}</span>')
    return (f'<div class="cardlib-legal-follows"><p>{hand_html(lead, label="领出" if zh else "lead", height=height, lang=lang)} '
            f'{count}</p><ol style="list-style:none;padding-left:0">{rows}</ol></div>')


def event_html(event: Event, *, height: int = 44, lang: str | None = None) -> str:
    """One event of a hand (:class:`~cardlib.shengji.hand.Event`): the seat it concerns, its cards drawn,
    and the reason that decided it (SJ-2 a card dealt, SJ-8 a play, SJ-10 a trick won, ...).

    >>> from cardlib.shengji import ShengjiHand
    >>> html = event_html(ShengjiHand("shengji", seed=7).deal_card()[0], lang="en")
    >>> "South" in html and "SJ-2" in html and html.count("<svg") == 1
    True
    """
    lang = _lang(lang)
    who = "" if event.seat is None else _pair_html(f"<strong>{escape(seat_name(event.seat))}</strong>",
                                                   seat_name(event.seat, "zh"), lang, strong=True) + " "
    label = seat_name(event.seat, lang) if event.seat is not None else ("牌" if lang == "zh" else "cards")
    cards = hand_html(event.cards, label=label, height=height, lang=lang) if event.cards else ""
    return f'<div class="cardlib-event"><p>{who}{cards}</p>{reason_html(event.reason, lang)}</div>'


def team_name(team: int, lang: str = "en") -> str:
    """A Shengji team by its seats: team 0 South–North, team 1 East–West (SJ-1).

    >>> team_name(1), team_name(0, "zh")
    ('East–West', '南北方')
    """
    if is_zh(lang):  # as players say it: 南北方 / 东西方
        return seat_name(team, "zh")[0] + seat_name(team + 2, "zh")[0] + "方"
    return "–".join(seat_name(seat, lang) for seat in (team, team + 2))


def _levels(levels: Iterable[int], lang: str) -> str:
    """Each team's level: ``South–North 3 · East–West 2``."""
    return " · ".join(f"{team_name(team, lang)} {level}" for team, level in enumerate(levels))


def _facts(rows: Iterable[tuple[str, str, str]], lang: str) -> str:
    """A two-column table: a heading (English and Chinese, or Chinese alone) and an (already escaped)
    value per row."""
    body = "".join(f'<tr><th style="text-align:left;padding-right:1em">{_pair_html(escape(en), escape(zh), lang)}'
                   f'</th><td>{value}</td></tr>' for en, zh, value in rows)
    return f'<table class="cardlib-facts">{body}</table>'


def hand_result_html(result: HandResult, lang: str | None = None) -> str:
    """How a hand ended (:class:`~cardlib.shengji.hand.HandResult`): the points, the kitty, the level
    change and where the game goes next (SJ-11, SJ-12, SG-7 / SS-7, SG-8, SJ-13), with the reason."""
    lang = _lang(lang)
    zh = lang == "zh"
    attackers = 1 - result.dealer % 2
    change = result.change
    if change.attackers_take_over:
        moved = (f"{team_name(attackers)} take over and go up {change.attacker_levels}",
                 f"{team_name(attackers, 'zh')}上台，升{change.attacker_levels}级")
    else:
        moved = (f"{team_name(1 - attackers)}, the dealer's team, go up {change.dealer_team_levels}",
                 f"庄家方{team_name(1 - attackers, 'zh')}升{change.dealer_team_levels}级")
    progress = result.progress
    dealer_next = seat_name(progress.next_dealer, lang)
    rows = [("Dealer", "庄家", escape(seat_name(result.dealer, lang))),
            ("Attackers' trick points", "闲家得分", str(result.attacker_trick_points)),
            ("Kitty", "底分", str(result.kitty_points)),
            ("Attackers' total", "闲家总分", str(result.attacker_points)),
            ("Dealer's team's trick points", "庄家方得分", str(result.defender_trick_points)),
            ("Levels", "升级", _pair_html(escape(moved[0]), escape(moved[1]), lang)),
            ("Next hand", "下一局", escape(f"{dealer_next}坐庄 · {_levels(progress.levels, lang)}" if zh
                                           else f"{dealer_next} deals · {_levels(progress.levels, lang)}"))]
    if progress.winner is not None:
        winner = team_name(progress.winner, lang)
        rows.append(("Game", "全局", escape(f"{winner}赢得全局" if zh else f"{winner} win the game")))
    return f'<div class="cardlib-hand-result">{_facts(rows, lang)}{reason_html(progress.reason, lang)}</div>'


def shengji_hand_html(hand: ShengjiHand, *, height: int = 48, lang: str | None = None) -> str:
    """A whole Shengji hand as the table sees it: level, trump, dealer, whose turn, points, each
    seat's cards sorted as players hold them (trumps first, SJ-4 / SJ-5), the trick being played
    (or the last one, SJ-8) and, once the hand is over, its result.

    >>> from cardlib.shengji import ShengjiHand
    >>> html = shengji_hand_html(ShengjiHand("shengji", seed=1), lang="en")
    >>> "South" in html and "not yet called" in html
    True
    """
    lang = _lang(lang)
    ctx = hand.ctx
    if ctx is None:
        trump = _pair("not yet called", "未定", lang)
    elif ctx.trump is None:
        trump = _pair("no trump suit", "无主", lang)
    else:
        trump = f"{ctx.trump.symbol} {_pair(*SUIT_WORDS[ctx.trump], lang)}"
    facts = [("Phase", "阶段", _pair(*_PHASE_WORDS.get(hand.phase, (hand.phase, hand.phase)), lang)),
             ("Level", "级牌", str(hand.level)), ("Trump", "主", trump),
             ("Dealer", "庄家", ("未定" if lang == "zh" else "not yet known") if hand.dealer is None
              else seat_name(hand.dealer, lang)),
             ("To act", "轮到", "-" if hand.to_act is None else seat_name(hand.to_act, lang)),
             ("Points won", "得分", " · ".join(f"{team_name(t, lang)} {hand.points[t]}" for t in (0, 1))),
             ("Tricks played", "已打轮数", str(len(hand.tricks)))]
    if ctx is not None:
        def key(card: Card) -> tuple[int, int, tuple[int, int]]:
            return ctx.order_key(card)
    else:
        def key(card: Card) -> tuple[int, int, tuple[int, int]]:
            return 0, 0, card.sort_key
    rows = "".join(f'<tr><th style="text-align:left;padding-right:1em">'
                   f'{_pair_html(escape(seat_name(seat)), seat_name(seat, "zh"), lang)} ({len(cards)})</th>'
                   f'<td>{hand_html(cards, label=seat_name(seat, lang), height=height, lang=lang)}</td></tr>'
                   for seat, cards in enumerate(sorted(held, key=key) for held in hand.hands))
    parts = [_facts(((en, zh_word, escape(value)) for en, zh_word, value in facts), lang),
             f'<table class="cardlib-hands">{rows}</table>']
    plays: list[Sequence[Card] | None] = [None] * len(SEAT_PLACES)
    if hand.trick:
        for seat, cards in hand.trick:
            plays[seat] = cards
        parts.append(trick_html(plays, leader=hand.trick[0][0], height=height, lang=lang))
    elif hand.tricks:
        last = hand.tricks[-1]
        for seat, cards in last.plays:
            plays[seat] = cards
        parts.append(f'<p style="font-size:small">{_pair_html("Last trick", "上一轮", lang)}</p>'
                     + trick_html(plays, leader=last.plays[0][0], winner=last.winner, height=height, lang=lang))
    if hand.result is not None:
        parts.append(hand_result_html(hand.result, lang))
    return f'<div class="cardlib-shengji-hand">{"".join(parts)}</div>'


def shengji_game_html(game: ShengjiGame, *, height: int = 40, lang: str | None = None) -> str:
    """A game of hands (:class:`~cardlib.shengji.hand.ShengjiGame`): one row per finished hand (dealer,
    attackers' points, levels after it: SG-7 / SS-7, SJ-13), the winner if any, then the current hand.

    >>> from cardlib.shengji import ShengjiGame
    >>> html = shengji_game_html(ShengjiGame("shengji", seed=1), lang="en")
    >>> "Hands played" in html and "South" in html
    True
    """
    lang = _lang(lang)
    rows = "".join(f"<tr><td>{number}</td><td>{escape(seat_name(result.dealer, lang))}</td>"
                   f"<td>{result.attacker_points}</td><td>{escape(_levels(result.progress.levels, lang))}</td></tr>"
                   for number, result in enumerate(game.results, start=1))
    head = "".join(f"<th>{_pair_html(en, zh, lang)}</th>" for en, zh in (
        ("Hand", "局"), ("Dealer", "庄家"), ("Attackers' points", "闲家得分"), ("Levels after", "打完后的级")))
    facts = [("Hands played", "已打局数", str(len(game.results))),
             ("Levels", "级", escape(_levels(game.levels, lang)))]
    if game.winner is not None:
        facts.append(("Winner", "赢家", escape(_pair(team_name(game.winner), team_name(game.winner, "zh"), lang))))
    table = f'<table class="cardlib-game"><tr>{head}</tr>{rows}</table>' if game.results else ""
    current = "" if game.winner is not None else shengji_hand_html(game.hand, height=height, lang=lang)
    return f'<div class="cardlib-shengji-game">{_facts(facts, lang)}{table}{current}</div>'


_PHASE_WORDS = {"deal": ("the deal", "发牌"), "bury": ("burying the kitty", "扣底"), "play": ("the play", "出牌"),
                "over": ("over", "结束")}


def _lang(lang: str | None) -> str:
    """The language asked for (``"en"`` or ``"zh"``), or else the reader's."""
    if lang is None:
        return reader_lang()
    return "zh" if is_zh(lang) else "en"


def _pair(en: str, zh: str, lang: str) -> str:
    """Plain text: ``"en · zh"`` in English, the Chinese alone in Chinese."""
    return zh if lang == "zh" else f"{en} · {zh}"


def _pair_html(en: str, zh: str, lang: str, *, strong: bool = False) -> str:
    """Escaped HTML: the English then the Chinese marked ``lang="zh-Hans"``, or the Chinese alone."""
    zh_html = f'<span lang="zh-Hans">{zh}</span>'
    if lang == "zh":
        return f"<strong>{zh_html}</strong>" if strong else zh_html
    return f"{en} · {zh_html}"


def _join(words: Sequence[str], lang: str) -> str:
    return ("，" if lang == "zh" else ", ").join(words)


def _aside(text: str, lang: str) -> str:
    """Words in brackets after a name: ``" (leads)"``, ``"（领出）"``."""
    return f"（{text}）" if lang == "zh" else f" ({text})"


def _parts_html(reason: Reason, lang: str) -> str:
    pieces = []
    for part in reason.parts(lang):
        if isinstance(part, str):
            pieces.append(escape(part))
        elif "cards" in part:
            cards = [Card.parse(code) for code in part["cards"]]
            # On a white chip, so the suit's ink reads on a dark page too (WCAG 1.4.3).
            pieces.append(" ".join(f'<span class="cardlib-chip {_family_class(c)}" style="color:{card_ink(c)};background:#fff;'
                                   f'border-radius:3px;padding:0 2px;white-space:nowrap">'
                                   f'{escape(card_text(c, lang))}</span>' for c in cards))
        else:
            pieces.append(escape(str(part["text"])))
    return "".join(pieces)


def check_seats(plays: int, leader: int, winner: int | None = None) -> None:
    """Raise :class:`InvalidPositionError` unless a trick has 4 plays and its seats are 0-3 (SJ-1, SJ-8)."""
    if plays != len(SEAT_PLACES):
        raise InvalidPositionError(f"a trick has 4 seats, got {plays} plays")
    for what, seat in (("leader", leader), ("winner", winner)):
        if seat is not None and seat not in range(len(SEAT_PLACES)):
            raise InvalidPositionError(f"{what} seat {seat!r} is not one of the seats 0-3")


def _as_card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise NotationError(f"bad card {card!r}: expected a Card or a card token such as 'SA'")


def _slug(card: Card) -> str:
    return str(card).lower()


def _svg_frame(label: str, label_zh: str, css_class: str, height: int, body: str, lang: str) -> str:
    width = round(height * CARD_WIDTH / CARD_HEIGHT)
    alt = escape(_pair(label, label_zh, lang))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" role="img" '
            f'aria-label="{escape(label_zh if lang == "zh" else label)}" width="{width}" height="{height}" '
            f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}"><title>{alt}</title>{body}</svg>')


def _joker_corner(ink: str) -> str:
    return "".join(_text(9, 14 + 9 * i, letter, ink, size=9, weight="bold")
                   for i, letter in enumerate("JOKER"))


def _text(x: float, y: float, content: str, ink: str, *, size: int, weight: str = "normal") -> str:
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return f'<text x="{x}" y="{y}" fill="{ink}" font-size="{size}"{bold}>{escape(content)}</text>'
