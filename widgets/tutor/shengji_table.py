"""The 升级 tutor: you play South through one whole hand, a practice bot in each other seat.

The hand runs in :class:`~cardlib.shengji.hand.ShengjiHand` and the bots are
:class:`~cardlib.shengji.bots.ShengjiBot` (the easy level) or
:class:`~cardlib.shengji.sparring.SparringShengjiBot` (the strong level), as the table chose; this module only decides when it is the reader's
turn and says what the table shows.  The reader decides:

- a **call** (SG-1 / SS-1) when a card dealt to South makes a call possible that was not on
  offer before (a new level card or joker pair, or a call standing that could be overridden);
  an empty selection passes;
- the **burial** (SJ-7) when South deals;
- every **lead** and **follow** (SJ-8, SJ-9, SJ-10).

A take-back replays the hand from its seed without the reader's last action (the bots have
no random choices, so the replay is exact).

Rules: SJ-1 … SJ-13, SG-1 / SS-1, SG-6 / SS-6, SG-7 / SS-7.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, TypeAlias

from cardlib.cards import BIG_JOKER, LITTLE_JOKER, Card
from cardlib.errors import IllegalActionError
from cardlib.explain import Reason
from cardlib.rule_ids import RuleId
from cardlib.levels import Level
from cardlib.shengji.bots import ShengjiBot
from cardlib.shengji.sparring import SparringShengjiBot
from cardlib.shengji.hand import Event, HandEventKind, ShengjiHand
from cardlib.shengji.progression import team_of, team_words
from cardlib.shengji.rules import get_ruleset
from cardlib.shengji.scoring import trick_points
from cardlib.shengji.trick import find_trick_winner
from cardlib.shengji.trump import EffectiveSuit, TrumpContext
from cardlib.words import seat_name, suit_word

from .common import ReplayedTable, Text, TutorError, plain, reason, refusal, text

#: The reader's seat: South.
YOU = 0
#: What the reader is asked for (the view's ``ask.kind``, as the front end reads it).
Pending: TypeAlias = Literal["call", "bury", "lead", "follow"]
#: The rulesets a reader may pick, with their names.
RULESETS: dict[str, Text] = {"shengji": text("the 四人升级 guide (SG)", "《四人升级》规则（SG）"),
                             "shuangsheng": text("the 双升 guide (SS)", "《双升》规则（SS）")}
#: The same, short, for the menu that deals again under another.
SHORT: dict[str, Text] = {"shengji": text("四人升级 (SG)", "四人升级（SG）"), "shuangsheng": text("双升 (SS)", "双升（SS）")}
#: Events a reader reads as the hand goes by (the 100 dealt cards are not listed one by one).
_SHOWN: frozenset[HandEventKind] = frozenset({"call", "redeal", "dealer", "turn", "trump", "kitty", "bury", "throw", "play", "trick",
                    "kitty_score", "level_change", "next"})


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def _factor(value: Reason) -> int | None:
    """The kitty multiplier a kitty reason speaks of (SG-6 / SS-6), None when the kitty did not count."""
    for name, param in value.params:
        if name == "factor" and isinstance(param, int):
            return param
        if isinstance(param, Reason) and (found := _factor(param)) is not None:
            return found
    return None


class ShengjiTutor(ReplayedTable):
    """One 升级 hand dealt from ``seed`` under ``ruleset`` ("shengji" or "shuangsheng")."""

    game = "shengji"
    rulesets = RULESETS
    short = SHORT

    def __init__(self, seed: int, ruleset: str = "shengji", sparring: Level = Level.EASY) -> None:
        if ruleset not in RULESETS:
            raise TutorError(f"a 升级 tutor plays under {' or '.join(map(repr, RULESETS))}, not {ruleset!r}")
        self.seed, self.ruleset, self.sparring = seed, ruleset, sparring
        self.rules = get_ruleset(ruleset)
        self.moves: list[list[str]] = []
        self._replay()

    # --- running the hand up to the reader's turn ---

    def _replay(self) -> None:
        """Deal the hand again and replay the reader's moves (a start, a take-back, "again")."""
        self.hand = ShengjiHand(self.rules, seed=self.seed)
        self.bot = SparringShengjiBot() if self.sparring is Level.STRONG else ShengjiBot()
        self.pending: Pending | None = None
        self._offered: tuple[Any, ...] | None = None
        self._since = 0
        self._advance()
        for move in self.moves:
            self._apply(move)

    def _call_options(self) -> list[list[Card]]:
        """Every call South may show now (SG-1 / SS-1): a level card, a level pair, a joker pair."""
        held = self.hand.hands[YOU]
        level = self.hand.level
        shown: list[list[Card]] = []
        for card in sorted(set(held), key=lambda c: c.sort_key):
            if card.rank is level and card.suit is not None:
                shown.append([card])
            if held.count(card) >= 2 and (card.rank is level or card in (BIG_JOKER, LITTLE_JOKER)):
                shown.append([card, card])
        return [cards for cards in shown if self.hand.check_call(YOU, cards)]

    def _advance(self) -> None:
        """Let the bots act until it is South's decision or the hand is over."""
        hand = self.hand
        while hand.phase != "over":
            if hand.phase == "deal":
                seat = hand.next_to_deal
                if seat is None:
                    hand.close_calls()
                    continue
                hand.deal_card()
                if seat == YOU:
                    options = self._call_options()
                    key = (tuple(tuple(map(str, o)) for o in options), hand.calls.kind, hand.calls.caller)
                    if options and key != self._offered:
                        self._offered, self.pending = key, "call"
                        return
                    continue
                call = self.bot.choose_call(hand, seat)
                if call is not None:
                    hand.call(seat, call)
            elif hand.phase == "bury":
                if hand.dealer == YOU:
                    self.pending = "bury"
                    return
                hand.bury(self.bot.choose_burial(hand))
            else:
                seat = hand.to_act
                assert seat is not None
                if seat == YOU:
                    self.pending = "lead" if hand.lead is None else "follow"
                    return
                hand.play(seat, self.bot.choose_lead(hand, seat) if hand.lead is None
                          else self.bot.choose_follow(hand, seat))
        self.pending = None

    def _apply(self, move: list[str]) -> None:
        """South's move (card tokens; none for a pass on a call): the engine decides whether it
        stands, and raises IllegalActionError with its reason if not."""
        hand, kind, cards = self.hand, self.pending, " ".join(move)
        if kind is None:
            raise TutorError("the hand is over: start it again or deal another")
        if kind == "call":
            if move:
                hand.call(YOU, cards)
        elif kind == "bury":
            hand.bury(cards)
        else:
            hand.play(YOU, cards)
        self._since = len(hand.log)
        self.pending = None
        self._advance()

    # --- the protocol ---

    def act(self, cards: list[Card]) -> dict[str, Any] | None:
        """South's move; the engine's refusal (its reason) when it does not stand, else None."""
        move = [str(c) for c in cards]
        try:
            self._apply(move)
        except IllegalActionError as error:  # the hand is unchanged
            return refusal(error)
        self.moves.append(move)
        return None

    def hint(self) -> dict[str, Any]:
        """What the practice bot would do in South's seat now, and why (changes nothing)."""
        hand, kind = self.hand, self.pending
        if kind is None:
            raise TutorError("the hand is over: there is nothing to hint")
        if kind == "call":
            call, why = self.bot.decide_call(hand, YOU)
            return {"cards": _cards(call or []), "reason": reason(why)}
        cards, why = self.bot.decide_burial(hand) if kind == "bury" else self.bot.hint(hand, YOU)
        return {"cards": _cards(cards), "reason": reason(why)}

    # --- the view ---

    def _ctx(self) -> TrumpContext:
        hand = self.hand
        return hand.ctx if hand.ctx is not None else TrumpContext(hand.level, hand.calls.trump)

    def _hand_groups(self) -> list[dict[str, Any]]:
        """South's cards sorted for the table: trumps together first, then each suit, high to low."""
        ctx = self._ctx()
        groups: dict[EffectiveSuit, list[Card]] = {}
        for card in sorted(self.hand.hands[YOU], key=ctx.order_key):
            groups.setdefault(ctx.effective_suit(card), []).append(card)
        return [{"suit": suit.value, "label": text(suit.en, suit.zh), "cards": _cards(cards)}
                for suit, cards in groups.items()]

    def _trump(self) -> Text:
        hand = self.hand
        if hand.ctx is None:
            if hand.calls.trump is None:
                return text("not called yet", "尚未亮主")
            return text(f"{suit_word(hand.calls.trump, 'en')} (called, the deal goes on)",
                        f"{suit_word(hand.calls.trump, 'zh')}（已亮，发牌中）")
        if hand.ctx.trump is None:
            return text("no trump suit (jokers and level cards only)", "无主（只有王和级牌是主）")
        return text(suit_word(hand.ctx.trump, "en"), suit_word(hand.ctx.trump, "zh"))

    def _trick(self) -> dict[str, Any]:
        hand = self.hand
        plays = [{"seat": seat, "cards": _cards(cards)} for seat, cards in hand.trick]
        winning = None
        if hand.trick and hand.ctx is not None:
            index = find_trick_winner(hand.ctx, self.rules, [list(c) for _s, c in hand.trick]).winner
            winning = hand.trick[index][0]
        return {"plays": plays, "winning": winning, "leader": hand.trick[0][0] if hand.trick else hand.to_act}

    def _tricks(self) -> Iterator[dict[str, Any]]:
        events = [e for e in self.hand.log if e.kind == "trick"]
        for number, (trick, event) in enumerate(zip(self.hand.tricks, events), start=1):
            yield {"number": number, "leader": trick.plays[0][0], "winner": trick.winner, "points": trick.points,
                   "plays": [{"seat": s, "cards": _cards(c)} for s, c in trick.plays], "reason": reason(event.reason)}

    def _prompt(self) -> dict[str, Any] | None:
        hand, kind = self.hand, self.pending
        if kind is None:
            return None
        if kind == "call":
            options = self._call_options()
            return {"kind": "call", "min": 0, "max": 2, "options": [_cards(o) for o in options],
                    "prompt": plain(RuleId.SG_1 if self.ruleset == "shengji" else RuleId.SS_1,
                                    "You may call trump now: pick the level cards (or the pair of jokers) to show, "
                                    "or play nothing to pass.",
                                    "现在可以亮主：选出要亮的级牌（或一对王），不选就是不亮。")}
        if kind == "bury":
            return {"kind": "bury", "min": 8, "max": 8,
                    "prompt": plain(RuleId.SJ_7, "You deal this hand and hold the kitty: pick the 8 cards to bury.",
                                    "你是庄家，底牌在你手里：选出要扣下的8张牌。")}
        if kind == "lead":
            return {"kind": "lead", "min": 1, "max": len(hand.hands[YOU]),
                    "prompt": plain(RuleId.SJ_8, "Your lead: pick a single, a pair, a tractor (or a throw, where the "
                                                 "rules allow it).",
                                    "你先出：选一张、一对、拖拉机（规则允许时也可甩牌）。")}
        size = len(hand.lead or ())
        return {"kind": "follow", "min": size, "max": size,
                "prompt": plain(RuleId.SJ_9, f"Follow the lead with {size} card{'s' * (size != 1)}.",
                                f"跟牌：出{size}张。")}

    def _recent(self) -> list[dict[str, Any]]:
        """What happened since South's last move (the bots' calls and plays, tricks won)."""
        return [self._event(e) for e in self.hand.log[self._since:] if e.kind in _SHOWN][-16:]

    @staticmethod
    def _event(event: Event) -> dict[str, Any]:
        return {"kind": event.kind, "seat": event.seat, "cards": _cards(event.cards), "reason": reason(event.reason)}

    def table(self) -> dict[str, Any]:
        """Everything the table draws."""
        hand = self.hand
        teams = [{"team": t, "name": text(team_words(t).en, team_words(t).zh), "points": hand.points[t],
                  "role": None if hand.dealer is None else ("attackers" if hand.attackers == t else "dealer")}
                 for t in (0, 1)]
        standing = hand.calls
        return {
            "phase": hand.phase, "level": str(hand.level), "trump": self._trump(), "dealer": hand.dealer,
            "call": None if standing.caller is None else {"seat": standing.caller, "cards": _cards(standing.shown())},
            "hand": self._hand_groups(), "counts": [len(h) for h in hand.hands], "undealt": hand.undealt,
            "to_act": hand.to_act, "trick": self._trick(), "teams": teams, "tricks_played": len(hand.tricks),
            "last_trick": next(iter(list(self._tricks())[-1:]), None), "recent": self._recent(),
            "buried": _cards(hand.buried) if hand.dealer == YOU else [],
        }

    def decision(self) -> dict[str, Any] | None:
        return self._prompt()

    def review(self) -> dict[str, Any]:
        """The hand looked back on: every trick and why it was won, the kitty and its multiplier,
        the points and the level change, in the engine's words."""
        hand, result = self.hand, self.hand.result
        assert result is not None
        by_kind = {e.kind: e for e in hand.log}
        kitty_reason = by_kind["kitty_score"].reason
        attackers = hand.attackers
        side = team_words(attackers)
        you_attack = team_of(YOU) == attackers
        won = (result.attacker_points >= self.rules.takeover_line) == you_attack
        return {
            "tricks": list(self._tricks()),
            "kitty": {"cards": _cards(hand.buried), "points": trick_points(hand.buried), "score": result.kitty_points,
                      "multiplier": _factor(kitty_reason) if result.kitty_points else None,
                      "reason": reason(kitty_reason)},
            "points": {"attackers": attackers, "attacker_tricks": result.attacker_trick_points,
                       "defender_tricks": result.defender_trick_points, "kitty": result.kitty_points,
                       "attacker_total": result.attacker_points, "takeover_line": self.rules.takeover_line},
            "level_change": {"reason": reason(by_kind["level_change"].reason), "next": reason(by_kind["next"].reason),
                             "levels": [str(level) for level in result.progress.levels],
                             "next_dealer": result.progress.next_dealer},
            "summary": [
                text(f"{side.en}, the attackers: {result.attacker_trick_points} in tricks + {result.kitty_points} "
                     f"from the kitty = {result.attacker_points} points",
                     f"闲家{side.zh}：得分{result.attacker_trick_points}分，底分{result.kitty_points}分，"
                     f"共{result.attacker_points}分"),
                text("Your side won this hand." if won else "Your side lost this hand.",
                     "你方赢了这一局。" if won else "你方输了这一局。"),
            ],
        }

    def names(self) -> dict[str, list[str]]:
        return {lang: [seat_name(s, lang) for s in range(4)] for lang in ("en", "zh")}

    def start_options(self) -> dict[str, Any]:
        return {"game": "shengji", "seed": self.seed, "ruleset": self.ruleset, "sparring": self.sparring.value}

    def ruleset_label(self) -> Text:
        return RULESETS[self.ruleset]

    @property
    def over(self) -> bool:
        return self.hand.phase == "over"
