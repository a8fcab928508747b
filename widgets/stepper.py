"""Deal steppers: a whole 升级 hand or 一上一下 game played by the engine, stepped in the browser.

Python plays the whole hand (random legal players) or game (bots) once and hands the front
end every step as data: the event, the engine's reason (rule id, English, Chinese), a
bilingual title and the table after it.  ``stepper.js`` moves forward and back through that
list with no round trip to the kernel; only "deal again" asks Python for a new hand.

Rules: SJ-2 (deal), SG-1 / SS-1 (calls), SJ-7 (kitty), SJ-8 (leads), SJ-10 / SJ-11 (tricks),
SJ-12 (kitty score), SG-7 / SS-7 (level change), SG-8 (next dealer); YS-1 … YS-16 (一上一下).

>>> from cardlib.shengji.rules import get_ruleset
>>> steps = shengji_steps(get_ruleset("shengji"), seed=3)
>>> steps[0]["kind"], steps[-1]["kind"]
('deal', 'next')
>>> [s for s in steps if s["kind"] == "trick"][0]["reason"]["rule"]
'SJ-10'
>>> [s["title"]["en"] for s in steps if s["kind"] in ("call", "dealer", "trump")]
['North calls with ♣2', 'South calls with ♠2 ♠2', 'North deals this hand', 'Trump: spades']
>>> [s["title"]["zh"] for s in steps if s["kind"] in ("call", "dealer", "trump")]
['北家亮主：♣2', '南家亮主：♠2 ♠2', '北家坐庄', '主牌：黑桃']

Each game speaks of its own units: 升级 steps are numbered by trick (``Trick 3: …``), 一上一下
steps by round (``Round 2: …``; YS-10: a round starts when the taker of a pile leads face up, and
the game has no tricks).  The end steps carry ``state["result"]``, lines the front end shows once
the hand or game is over: the attackers' points with the kitty, the level change and the next
dealer (SJ-12, SG-7 / SS-7, SG-8); who won and how, in the engine's words (YS-12 / YS-16), and
the cards the others hold.

Seats and players are named as players name them (:mod:`cardlib.words`: South … West, 南家 …
西家; Player A … D, 甲 … 丁) and cards written ♠A, 大王; ``names`` hands the front end the same
names for its labels.

Hands come sorted as players hold them, in the engine's order: in 升级 the trumps together (jokers,
level cards, the trump suit; during the deal the suit called so far) and then each suit, high to
low (:meth:`~cardlib.shengji.trump.TrumpContext.order_key`, as the tutor's hand); in 一上一下 by
rank, 3 up to 2 (YS-2: suits never matter).  The browser draws them in the order sent.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import parse_qsl

import anywidget
import traitlets

from cardlib.cards import Card, Rank, Suit
from cardlib.errors import CardlibError
from cardlib.shengji.bots import ShengjiBot
from cardlib.shengji.calling import CallState, apply_call
from cardlib.shengji.hand import Event, HandEventKind, HandResult, HandSnapshot, ShengjiHand
from cardlib.shengji.player import RandomPlayer
from cardlib.shengji.progression import team_words
from cardlib.shengji.rules import Ruleset
from cardlib.shengji.simulate import Report, play_hand
from cardlib.shengji.trump import TrumpContext
from cardlib.yishang import Game
from cardlib.yishang import Ruleset as YishangRuleset
from cardlib.yishang.bots import Bot
from cardlib.yishang.events import Event as YishangEvent
from cardlib.yishang.events import EventKind
from cardlib.yishang.ranks import strength
from cardlib.words import cards_text, player_name, seat_name, suit_word

from .front_ends import front_end, style
from .puzzles import pack_bank
from .query import GameName, address_lang, address_rules, ruleset_label


#: A 一上一下 game that has not ended after this many actions is refused (a calm message).
YISHANG_MAX_ACTIONS = 600

Text = dict[str, str]


class StepperError(CardlibError):
    """The engine could not produce a whole hand or game for the stepper."""


# --- 升级: a whole hand -----------------------------------------------------------------------

def _trump_words(value: Any, lang: str) -> str:
    """The trump event's value (a suit letter, or ``"none"``) in words: ``clubs`` / ``梅花``, no trump / 无主."""
    if value in (None, "none"):
        return "无主" if lang == "zh" else "no trump"
    return suit_word(Suit(value), lang)


def _points(value: Any, lang: str) -> str:
    if lang == "zh":
        return f"{value}分"
    return f"{value} point" if value == 1 else f"{value} points"


def _shengji_title(event: Event, trick_no: int, dealt: int) -> Text:
    """The step's heading in both languages (the reason says why): seats by name, cards as ♠A."""
    value = event.value
    seat = {lang: "" if event.seat is None else seat_name(event.seat, lang) for lang in ("en", "zh")}
    cards = {lang: cards_text(event.cards, lang) for lang in ("en", "zh")}
    titles: dict[HandEventKind, Callable[[], tuple[str, str]]] = {
        "deal": lambda: (f"Dealing: {dealt} of 100 cards dealt", f"发牌：已发{dealt}/100张"),
        "call": lambda: (f"{seat['en']} calls with {cards['en']}", f"{seat['zh']}亮主：{cards['zh']}"),
        "redeal": lambda: ("Nobody called: deal again", "无人亮主：重新发牌"),
        "dealer": lambda: (f"{seat['en']} deals this hand", f"{seat['zh']}坐庄"),
        "turn": lambda: ("The kitty is turned to fix trump", "翻底定主"),
        "trump": lambda: (f"Trump: {_trump_words(value, 'en')}", f"主牌：{_trump_words(value, 'zh')}"),
        "kitty": lambda: (f"{seat['en']} picks up the kitty", f"{seat['zh']}收底牌"),
        "bury": lambda: (f"{seat['en']} buries 8 cards", f"{seat['zh']}扣底"),
        "turn_to_lead": lambda: (f"{seat['en']} leads the first trick", f"{seat['zh']}首先出牌"),
        "throw": lambda: (f"Trick {trick_no}: {seat['en']} tries a throw", f"第{trick_no}轮：{seat['zh']}甩牌"),
        "play": lambda: (f"Trick {trick_no}: {seat['en']} plays {cards['en']}",
                         f"第{trick_no}轮：{seat['zh']}出{cards['zh']}"),
        "trick": lambda: (f"Trick {trick_no} goes to {seat['en']}: {_points(value, 'en')}",
                          f"第{trick_no}轮由{seat['zh']}赢得：{_points(value, 'zh')}"),
        "kitty_score": lambda: (f"The kitty: {_points(value, 'en')} to the attackers",
                                f"底牌：闲家得{_points(value, 'zh')}"),
        "level_change": lambda: ("The level change", "升级结果"),
        "next": lambda: (f"{seat['en']} deals the next hand", f"下一局由{seat['zh']}坐庄"),
    }
    en, zh = titles.get(event.kind, lambda: ("The next step", "下一步"))()
    return {"en": en, "zh": zh}


#: How many lines of the hand's result each end step shows: the points and the kitty once the
#: kitty is scored (SJ-12), the level change next (SG-7 / SS-7), then the next dealer (SG-8)
#: and, if the hand wins it, the game (SJ-13).
_RESULT_LINES: dict[HandEventKind, int | None] = {"kitty_score": 1, "level_change": 2, "next": None}


def _shengji_result(result: HandResult) -> dict[str, list[str]]:
    """The hand's result as the class reads it at the end: the attackers' points with the kitty,
    the level change, the next dealer and level (and the game, if it is won).

    >>> from cardlib.shengji.rules import get_ruleset
    >>> lines = _shengji_result(play_shengji_hand(get_ruleset("shengji"), 3).result)
    >>> print(*lines["en"], sep="\\n")
    East–West, the attackers: 70 points in tricks + 0 from the kitty = 70 points
    South–North, the dealer’s team, go up 1 level
    South deals the next hand, at level 3
    >>> lines["zh"]
    ['闲家东西方：得分70分，底分0分，共70分', '庄家方南北方升1级', '下一局由南家坐庄，打3']
    """
    attackers = 1 - result.dealer % 2
    side, other = team_words(attackers), team_words(1 - attackers)
    en = [f"{side.en}, the attackers: {_points(result.attacker_trick_points, 'en')} in tricks"
          f" + {result.kitty_points} from the kitty = {_points(result.attacker_points, 'en')}"]
    zh = [f"闲家{side.zh}：得分{_points(result.attacker_trick_points, 'zh')}，"
          f"底分{_points(result.kitty_points, 'zh')}，共{_points(result.attacker_points, 'zh')}"]
    change = result.change
    if change.attackers_take_over:
        steps = change.attacker_levels
        en.append(f"{side.en} take over the deal" + (f" and go up {_levels(steps)}" if steps else ""))
        zh.append(f"闲家{side.zh}上台" + (f"，升{steps}级" if steps else ""))
    else:
        en.append(f"{other.en}, the dealer’s team, go up {_levels(change.dealer_team_levels)}")
        zh.append(f"庄家方{other.zh}升{change.dealer_team_levels}级")
    progress = result.progress
    level = progress.levels[progress.next_dealer % 2]
    en.append(f"{seat_name(progress.next_dealer, 'en')} deals the next hand, at level {level}")
    zh.append(f"下一局由{seat_name(progress.next_dealer, 'zh')}坐庄，打{level}")
    if progress.winner is not None:
        en.append(f"{team_words(progress.winner).en} win the game")
        zh.append(f"{team_words(progress.winner).zh}赢得全局")
    return {"en": en, "zh": zh}


def _levels(count: int) -> str:
    return "1 level" if count == 1 else f"{count} levels"


def play_shengji_hand(rules: Ruleset, seed: int, bots: bool = False) -> ShengjiHand:
    """A whole first hand of a game, dealt from ``seed`` and played by seeded random players
    (``bots``: by the sensible :class:`~cardlib.shengji.bots.ShengjiBot` at every seat, as the
    book's worked hand is)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise StepperError(f"a deal seed is a whole number ≥ 0, not {seed!r}")
    hand = ShengjiHand(rules, seed=seed)
    players: list[Any] = [ShengjiBot()] * 4 if bots else [RandomPlayer(random.Random(seed * 4 + seat))
                                                          for seat in range(4)]
    report = Report()
    if not play_hand(hand, players, report) or report.failures:
        raise StepperError(f"the engine could not finish hand {seed}: {report.failures}")
    return hand


def held(cards: Iterable[Card], ctx: TrumpContext) -> list[str]:
    """``cards`` as a player holds them: trumps together first (jokers, level cards, the trump
    suit), then each suit, high to low (SJ-4, SJ-5).

    >>> from cardlib.cards import parse_cards
    >>> held(parse_cards("H3 S2 BJ SA D2 HK"), TrumpContext("2", "H"))
    ['BJ', 'S2', 'D2', 'HK', 'H3', 'SA']
    """
    return [str(c) for c in sorted(cards, key=ctx.order_key)]


def _shengji_held(snap: HandSnapshot, level: Rank, calls: CallState) -> dict[str, Any]:
    """The snapshot's hands, kitty and buried cards sorted as held: by the trump once it is fixed,
    during the deal by the suit called so far (jokers and level cards first if none)."""
    trump = snap.trump if snap.trump is not None else calls.trump
    ctx = TrumpContext(level, trump)
    return {"hands": [held(hand, ctx) for hand in snap.hands], "kitty": held(snap.kitty, ctx),
            "buried": held(snap.buried, ctx)}


def shengji_steps(rules: Ruleset, seed: int, bots: bool = False) -> list[dict[str, Any]]:
    """Every step of one hand: runs of dealt cards as one step, then each call, the trump,
    the kitty, every play and trick, the kitty score, the level change and the next dealer."""
    hand = play_shengji_hand(rules, seed, bots)
    steps: list[dict[str, Any]] = []
    table: list[list[Any]] = []  # the trick on the table, kept on show until the next lead
    trick_no, settled = 0, True
    level = str(hand.level)  # SJ-3: the dealer team's level is played
    calls = CallState(hand.level)  # the call standing during the deal (SG-1 / SS-1)
    history = hand.history()
    for index, (event, snap) in enumerate(history):
        if event.kind == "call" and event.seat is not None:
            calls = apply_call(hand.rules, calls, event.seat, event.cards)
        elif event.kind == "redeal":
            calls = CallState(hand.level)
        if event.kind == "deal" and index + 1 < len(history) and history[index + 1][0].kind == "deal":
            continue  # a run of dealt cards is one step, shown after its last card
        if event.kind in ("play", "throw") and settled:
            table, trick_no, settled = [], trick_no + 1, False
        if event.kind == "play":
            table.append([event.seat, [str(c) for c in event.cards]])
        settled = settled or event.kind == "trick"
        data = event.to_dict()
        data["title"] = _shengji_title(event, trick_no, 100 - snap.undealt)
        data["state"] = {**snap.to_dict(), **_shengji_held(snap, hand.level, calls), "table": list(table),
                         "level": level}
        if event.kind in _RESULT_LINES and hand.result is not None:
            shown = _RESULT_LINES[event.kind]
            data["state"]["result"] = {lang: lines[:shown] for lang, lines in _shengji_result(hand.result).items()}
        steps.append(data)
    return steps


# --- 一上一下: a whole game -------------------------------------------------------------------

def _player(event: dict[str, Any], lang: str) -> str:
    """The event's player as a sentence starts with them: ``Player A`` / ``甲``."""
    name = player_name(event["seat"], lang)
    return name[:1].upper() + name[1:]


def _cards(count: int, lang: str) -> str:
    """A count of cards: ``1 card``, ``4 cards``, ``4张``."""
    if lang == "zh":
        return f"{count}张"
    return "1 card" if count == 1 else f"{count} cards"


def _round(e: dict[str, Any], en: str, zh: str) -> tuple[str, str]:
    """A title in round ``e["round"]`` (YS-10: a round starts when the taker leads face up)."""
    number = e.get("round") or 0
    return (f"Round {number}: {en}", f"第{number}轮：{zh}") if number else (en, zh)


def _take_title(e: dict[str, Any]) -> tuple[str, str]:
    """YS-10: the taker leads the next round, unless the game ends with this take (YS-12)."""
    pile = (_cards(e["pile"], "en"), _cards(e["pile"], "zh"))
    if e.get("ends_game"):
        return _round(e, f"{_player(e, 'en')} takes the pile of {pile[0]}",
                      f"{_player(e, 'zh')}收走牌堆（{pile[1]}）")
    return _round(e, f"{_player(e, 'en')} takes the pile of {pile[0]} and leads round {e['round'] + 1}",
                  f"{_player(e, 'zh')}收走牌堆（{pile[1]}），第{e['round'] + 1}轮由{_player(e, 'zh')}先出")


_YS_TITLES: dict[EventKind, Callable[[dict[str, Any]], tuple[str, str]]] = {
    EventKind.DEAL: lambda e: ("The deal", "发牌"),
    EventKind.FIRST_PLAYER: lambda e: (f"{_player(e, 'en')} plays first", f"{_player(e, 'zh')}先出"),
    EventKind.PLAY_UP: lambda e: _round(e, f"{_player(e, 'en')} {'leads' if e.get('leads') else 'plays'} a card face up",
                                        f"{_player(e, 'zh')}{'首先' if e.get('leads') else ''}出一张明牌"),
    EventKind.DRAW: lambda e: _round(e, f"{_player(e, 'en')} draws a card", f"{_player(e, 'zh')}摸一张牌"),
    EventKind.PLAY_DOWN: lambda e: _round(e, f"{_player(e, 'en')} plays a card face down, claiming {e.get('claim', '—')}",
                                          f"{_player(e, 'zh')}出一张暗牌，报{e.get('claim', '—')}"),
    EventKind.STAND: lambda e: _round(e, "Nobody challenges, so the card stands", "无人质疑，此牌成立"),
    EventKind.CHALLENGE: lambda e: _round(e, f"{_player(e, 'en')} challenges", f"{_player(e, 'zh')}质疑"),
    EventKind.REVEAL: lambda e: _round(e, "The card is turned over", "翻开此牌"),
    EventKind.TAKE: _take_title,
    EventKind.WIN: lambda e: (f"{_player(e, 'en')} wins the game", f"{_player(e, 'zh')}获胜"),
    EventKind.STALL: lambda e: (f"Nobody can finish: {_player(e, 'en')} wins with the fewest cards",
                                f"无人能出完：{_player(e, 'zh')}手牌最少，获胜"),
}


def seat_names(game: GameName) -> dict[str, dict[str, list[str]]]:
    """The names the front end labels seats (升级) or players (一上一下) with, in both languages,
    and for 升级 the two teams (South–North, East–West; SJ-1).

    >>> seat_names("shengji")["zh"]["teams"], seat_names("yishang")["en"]["seats"][:2]
    (['南北方', '东西方'], ['Player A', 'Player B'])
    """
    names: dict[str, dict[str, list[str]]] = {}
    for lang in ("en", "zh"):
        if game == "yishang":
            names[lang] = {"seats": [_player({"seat": p}, lang) for p in range(4)], "teams": []}
            continue
        teams = [team_words(team).en if lang == "en" else team_words(team).zh for team in (0, 1)]
        names[lang] = {"seats": [seat_name(seat, lang) for seat in range(4)], "teams": teams}
    return names


def _sentence(text: str) -> str:
    """A reason as a line of its own: its first letter capitalised (``Player A's last card …``)."""
    return text[:1].upper() + text[1:]


def _yishang_result(end: dict[str, Any], state: dict[str, Any]) -> dict[str, list[str]]:
    """How the game ended: the engine's reason (YS-12, or YS-16 when nobody can finish), then the
    cards the others are left holding.

    >>> from cardlib.yishang import get_ruleset
    >>> result = yishang_steps(get_ruleset(), 6)[-1]["state"]["result"]
    >>> print(*result["en"], sep="\\n")
    Player B's last card stands unchallenged: player B wins
    Left in hand: player A 23 cards, player C 1 card, player D 6 cards
    >>> result["zh"][1]
    '剩余手牌：甲23张，丙1张，丁6张'
    """
    held = [(seat, len(hand)) for seat, hand in enumerate(state["hands"]) if seat != state["winner"]]
    return {"en": [_sentence(end["reason"]["en"]),
                   "Left in hand: " + ", ".join(f"{player_name(seat, 'en')} {_cards(n, 'en')}" for seat, n in held)],
            "zh": [end["reason"]["zh"],
                   "剩余手牌：" + "，".join(f"{player_name(seat, 'zh')}{_cards(n, 'zh')}" for seat, n in held)]}


#: Events shown with the table as it was before their action (the pile still there).
_BEFORE_TAKE = frozenset({EventKind.CHALLENGE, EventKind.REVEAL})


def _next_step_title(_event: dict[str, Any]) -> tuple[str, str]:
    return "The next step", "下一步"


def rank_order(cards: Iterable[Card]) -> list[Card]:
    """A 一上一下 hand as held: by rank, 3 up to 2 (YS-2), suits in the book's order within a rank.

    >>> from cardlib.cards import parse_cards
    >>> [str(c) for c in rank_order(parse_cards("S2 H3 DA C3 SK"))]
    ['H3', 'C3', 'SK', 'DA', 'S2']
    """
    return sorted(cards, key=lambda card: (strength(card.rank), card.sort_key))


def _yishang_state(game: Game) -> dict[str, Any]:
    state = game.to_dict()
    del state["log"], state["rules"]
    state["hands"] = [[str(c) for c in rank_order(hand)] for hand in game.hands]
    state["draw_pile"] = len(game.draw_pile)
    return state


def yishang_steps(rules: YishangRuleset, seed: int, players: int = 4) -> list[dict[str, Any]]:
    """Every event of one game between bots, each with the table after the action that caused it."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise StepperError(f"a deal seed is a whole number ≥ 0, not {seed!r}")
    game = Game.new(players, seed, rules)
    rng, bot = random.Random(seed), Bot()
    steps: list[dict[str, Any]] = []

    round_no, led = 0, False  # YS-10: round 1 starts with the first face-up card, each take starts the next

    def record(events: Iterable[YishangEvent], before: dict[str, Any]) -> None:
        nonlocal round_no, led
        after = _yishang_state(game)
        for event in events:
            data = event.to_dict(reveal=True)
            if event.kind is EventKind.PLAY_UP and not led:
                round_no, led, data["leads"] = round_no + 1, True, True
            data["round"] = round_no
            if event.kind is EventKind.TAKE:
                data["pile"] = len(before["pile"])
                data["ends_game"] = after["winner"] is not None or game.is_over
                led = False
            en, zh = _YS_TITLES.get(event.kind, _next_step_title)(data)
            data["title"] = {"en": en, "zh": zh}
            # A challenge and its reveal are shown on the pile as it was; the take empties it.
            data["state"] = before if event.kind in _BEFORE_TAKE else after
            if event.kind in (EventKind.WIN, EventKind.STALL):
                # YS-12 / YS-16: the end says who won and how, in the engine's own words.
                data["state"] = {**after, "result": _yishang_result(data, after)}
            steps.append(data)

    record(game.log, _yishang_state(game))
    for _action in range(YISHANG_MAX_ACTIONS):
        if game.is_over:
            return steps
        before = _yishang_state(game)
        record(game.apply(bot.next_action(game, rng)), before)
    raise StepperError(f"一上一下 game {seed} did not end within {YISHANG_MAX_ACTIONS} actions; "
                       "deal another")


# --- the widget -------------------------------------------------------------------------------

def deck_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language a deck's address fixes (``?lang=zh``, ``?lang=en``: :func:`widgets.query.address_lang`),
    or ``""`` when it names none, so the front end follows the reader's setting (settings.js).

    >>> deck_lang({"QUERY_STRING": "rules=shuangsheng&lang=zh"}), deck_lang({"QUERY_STRING": "lang=en"}), deck_lang({})
    ('zh', 'en', '')
    """
    env = os.environ if environ is None else environ
    return address_lang(env) if "lang" in dict(parse_qsl(env.get("QUERY_STRING", ""))) else ""


def calm_error(error: Exception) -> Text:
    """What the class sees when the engine refuses: one quiet sentence, no traceback."""
    detail = str(error) if isinstance(error, CardlibError) else type(error).__name__
    return {"en": f"This one could not be shown ({detail}). Try another.",
            "zh": f"这一个无法显示（{detail}），请换一个。"}


class DealStepper(anywidget.AnyWidget):
    """Step through a whole hand (``DealStepper("shengji", seed=3)``) or game (``"yishang"``).

    ``rules`` default to the address's rulesets (:func:`widgets.query.address_rules`); ``bots``
    plays 升级 hands with :class:`~cardlib.shengji.bots.ShengjiBot` instead of random players;
    ``lang`` ("en", "zh") fixes the start language, by default the address's (:func:`deck_lang`)
    or else the reader's setting.  ``bank`` carries the next ``bank_size`` deals (seeds ``seed + 1`` …,
    packed as a puzzle bank is), which "Deal again" moves through where no kernel answers (the static
    book); a kernel answers the front end's hello with ``{"type": "live"}`` and deals the next seed itself.
    """

    _esm = front_end("stepper.js")
    _css = style("stepper.css")

    game = traitlets.Unicode("shengji").tag(sync=True)
    seed = traitlets.Int(0).tag(sync=True)
    steps: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    rules_label = traitlets.Dict().tag(sync=True)
    names = traitlets.Dict().tag(sync=True)
    error = traitlets.Dict().tag(sync=True)
    #: The next deals, ``[{"seed", "steps"}, …]`` packed (:func:`widgets.puzzles.pack_bank`), for a page with no kernel.
    bank = traitlets.Unicode("").tag(sync=True)
    #: "en" or "zh" when the address (or the caller) fixes the language, "" for the reader's setting.
    lang = traitlets.Enum(("", "en", "zh"), default_value="").tag(sync=True)

    def __init__(self, game: GameName = "shengji", seed: int = 0, rules: Ruleset | YishangRuleset | None = None,
                 bots: bool = False, bank_size: int = 3, **kwargs: Any) -> None:
        if game not in ("shengji", "yishang"):
            raise StepperError(f"unknown game {game!r}: the stepper plays 'shengji' or 'yishang'")
        if rules is not None and isinstance(rules, Ruleset) != (game == "shengji"):
            raise StepperError(f"a {game} stepper takes that game's ruleset, not {rules!r}")
        super().__init__(game=game, lang=kwargs.pop("lang", deck_lang()), names=seat_names(game), **kwargs)
        self._rules = rules
        self._bots = bots
        self.deal(seed)
        self.bank = pack_bank([deal for n in range(1, bank_size + 1) if (deal := self._deal_steps(seed + n))])
        self.on_msg(self._on_message)

    def _steps(self, rules: Ruleset | YishangRuleset, seed: int) -> list[dict[str, Any]]:
        """Every step of hand (or game) ``seed`` under ``rules``."""
        return shengji_steps(rules, seed, self._bots) if isinstance(rules, Ruleset) else yishang_steps(rules, seed)

    def _deal_steps(self, seed: int) -> dict[str, Any] | None:
        """Deal ``seed`` for the bank, or None where the engine refuses it (the bank does without it)."""
        try:
            return {"seed": seed, "steps": self._steps(self._ruleset(), seed)}
        except (CardlibError, ValueError, RuntimeError):
            return None

    def _ruleset(self) -> Ruleset | YishangRuleset:
        if self._rules is None:
            address = address_rules()
            return address.shengji if self.game == "shengji" else address.yishang
        return self._rules

    def deal(self, seed: int) -> None:
        """Play hand (or game) ``seed`` and hand every step to the front end; an engine refusal
        becomes a calm message in ``error`` instead of an exception."""
        try:
            rules = self._ruleset()
            steps = self._steps(rules, seed)
        except (CardlibError, ValueError, RuntimeError) as error:
            self.error = calm_error(error)
            return
        label = {"en": f"Rules: {ruleset_label(rules, 'en')}", "zh": f"规则：{ruleset_label(rules, 'zh')}"}
        with self.hold_sync():
            self.seed, self.steps, self.rules_label, self.error = seed, steps, label, {}

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "hello":
            self.send({"type": "live"})
        if isinstance(content, dict) and content.get("type") == "deal":
            self.deal(self.seed + 1)
