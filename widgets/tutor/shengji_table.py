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

The review after the hand also grades South's plays of the last tricks (``review["graded"]``:
:func:`cardlib.shengji.review.review_hand`, single-dummy on deals of the cards South could not see):
the plays that stood, a move taken back is not graded.

Rules: SJ-1 … SJ-13, SG-1 / SS-1, SG-6 / SS-6, SG-7 / SS-7.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, TypeAlias

from cardlib.cards import BIG_JOKER, LITTLE_JOKER, Card
from cardlib.errors import CardlibError, IllegalActionError
from cardlib.explain import Reason, Seat
from cardlib.rule_ids import RuleId
from cardlib.levels import Level
from cardlib.shengji.bots import ShengjiBot
from cardlib.shengji.sparring import SparringShengjiBot
from cardlib.shengji.hand import Event, HandEventKind, ShengjiHand
from cardlib.shengji.progression import check_levels, team_of, team_words
from cardlib.shengji.review import review_hand
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
RULESETS: dict[str, Text] = {"shengji": text("the 四人升级 guide (SG)", "《四人升级》指南（SG）"),
                             "shuangsheng": text("the 双升 guide (SS)", "《双升》指南（SS）")}
#: The same, short, for the menu that deals again under another.
SHORT: dict[str, Text] = {"shengji": text("四人升级 (SG)", "四人升级（SG）"), "shuangsheng": text("双升 (SS)", "双升（SS）")}
#: Events a reader reads as the hand goes by (the 100 dealt cards are not listed one by one).
_SHOWN: frozenset[HandEventKind] = frozenset({"call", "redeal", "dealer", "turn", "trump", "kitty", "bury", "throw", "play", "trick",
                    "kitty_score", "level_change", "next"})
#: Events whose cards only the dealer sees (the kitty picked up, the cards buried): South sees them
#: only when South deals, and everyone sees the buried cards when the hand ends ("kitty_score").
_DEALERS_EYES: frozenset[HandEventKind] = frozenset({"kitty", "bury"})


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
    """One 升级 hand dealt from ``seed`` under ``ruleset`` ("shengji" or "shuangsheng").

    In a match (``match=True``) the hand is one of a match: both teams' ``levels`` ("5-3": South and
    North's, then East and West's) and its ``dealer`` (None for a match's first hand, whose dealer the
    calls decide) carry over from the hand before (SJ-13), and the review says where the match goes
    next, or who won it."""

    game = "shengji"
    rulesets = RULESETS
    short = SHORT

    def __init__(self, seed: int, ruleset: str = "shengji", match: bool = False, levels: str = "2-2",
                 dealer: int | None = None, sparring: Level = Level.EASY) -> None:
        if ruleset not in RULESETS:
            raise TutorError(f"a 升级 tutor plays under {' or '.join(map(repr, RULESETS))}, not {ruleset!r}")
        if not isinstance(match, bool):
            raise TutorError(f"a match is on (true) or off (false), not {match!r}")
        if not isinstance(levels, str) or levels.count("-") != 1:
            raise TutorError(f"a match's levels are two ranks, South–North's then East–West's, such as \"5-3\", not {levels!r}")
        if dealer is not None and (isinstance(dealer, bool) or dealer not in range(4)):
            raise TutorError(f"a hand's dealer is a seat 0-3 (South, East, North, West), not {dealer!r}")
        try:
            self.levels = check_levels(levels.split("-"))
        except CardlibError as error:
            raise TutorError(f"a match's levels: {error}") from None
        if not match and (dealer is not None or self.levels != check_levels(["2", "2"])):
            raise TutorError("levels and a dealer carry over only in a match (match: true)")
        if dealer is None and self.levels[0] is not self.levels[1]:
            raise TutorError("a match's first hand, with no dealer yet, starts with both teams at one level")
        self.seed, self.ruleset, self.match, self.dealer, self.sparring = seed, ruleset, match, dealer, sparring
        self.rules = get_ruleset(ruleset)
        self.moves: list[list[str]] = []
        self._replay()

    # --- running the hand up to the reader's turn ---

    def _replay(self) -> None:
        """Deal the hand again and replay the reader's moves (a start, a take-back, "again")."""
        self.hand = ShengjiHand(self.rules, self.levels, self.dealer, seed=self.seed)
        self.bot = SparringShengjiBot() if self.sparring is Level.STRONG else ShengjiBot()
        self.pending: Pending | None = None
        self._offered: tuple[Any, ...] | None = None
        self._since = 0
        self._mine: tuple[Pending, list[str], int] | None = None
        self._graded: dict[str, Any] | None = None
        self._move_of_trick: dict[int, int] = {}  # trick number → the index of South's move in it
        self._applied = 0  # South's moves applied so far
        self._told: dict[int, tuple[Event, dict[str, Any]]] = {}  # each logged event as the view tells it, by id
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
        before = len(hand.log)
        if kind == "call":
            if move:
                hand.call(YOU, cards)
        elif kind == "bury":
            hand.bury(cards)
        else:
            trick = len(hand.tricks) + 1
            hand.play(YOU, cards)
            self._move_of_trick[trick] = self._applied
        # The log the reader reads starts with the reader's own move, so its outcome is told too.
        self._since = before
        self._mine = (kind, move, before)
        self._applied += 1
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

    def outcome(self) -> list[dict[str, Any]]:
        """What the reader's last move did, in sentences of both languages: the call or the pass, the
        burial, the cards played and who won the trick they went to, with its points, whether South's
        card closed it or the bots after (and, at the last trick, the hand's result)."""
        if self._mine is None:
            return []
        kind, move, before = self._mine
        events = self.hand.log[before:] if kind in ("lead", "follow") else []
        you = Seat(YOU)
        told: list[Reason] = []
        cards = [Card.parse(c) for c in move]
        if kind == "call":
            if cards:
                told.append(Reason.make(RuleId.SG_1 if self.ruleset == "shengji" else RuleId.SS_1,
                                        "You ({you}) call trump with {cards}.", "你（{you}）亮主：{cards}。",
                                        you=you, cards=cards))
            else:
                told.append(Reason.make(RuleId.SG_1 if self.ruleset == "shengji" else RuleId.SS_1,
                                        "You ({you}) pass: no call.", "你（{you}）不亮主。", you=you))
        elif kind == "bury":
            told.append(Reason.make(RuleId.SJ_7, "You ({you}) bury {cards} ({points} points) face down.",
                                    "你（{you}）扣下{cards}（{points}分）。", you=you, cards=cards,
                                    points=trick_points(cards)))
        closed, played = False, cards
        for event in events:
            if closed and event.kind not in ("kitty_score", "level_change"):
                break
            if event.kind == "throw" and event.seat == YOU:
                told.append(event.reason.sentence())
            elif event.kind == "play" and event.seat == YOU:
                played = list(event.cards)
                told.append(Reason.make(RuleId.SJ_8 if kind == "lead" else RuleId.SJ_9,
                                        "You ({you}) play {cards}.", "你（{you}）出{cards}。",
                                        you=you, cards=list(event.cards)))
            elif event.kind == "trick":
                closed = True
                told.append(event.reason.sentence())
                winner = Seat(event.seat if event.seat is not None else YOU)
                given = trick_points(played)
                if event.seat == 2 and given:  # points South put on the partner's trick: 垫分
                    told.append(Reason.make(RuleId.SJ_11, "You ({you}) gave your partner {winner} {points} points "
                                                          "(垫分).", "你（{you}）给对家{winner}垫了{points}分。",
                                            you=you, winner=winner, points=given))
                told.append(Reason.make(RuleId.SJ_11, "{winner} takes the trick and its {points} points.",
                                        "{winner}赢得这一轮，得{points}分。", winner=winner, points=event.value)
                            if event.value else
                            Reason.make(RuleId.SJ_11, "{winner} takes the trick (no points in it).",
                                        "{winner}赢得这一轮（没有分）。", winner=winner))
            elif event.kind in ("kitty_score", "level_change"):
                told.append(event.reason.sentence())
        return [reason(r) for r in told]

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
            yield self._trick_entry(number, trick, event)

    def _last_trick(self) -> dict[str, Any] | None:
        """The last trick played (each view shows it: only it is drawn, not every trick again)."""
        hand = self.hand
        if not hand.tricks:
            return None
        event = next(e for e in reversed(hand.log) if e.kind == "trick")
        return self._trick_entry(len(hand.tricks), hand.tricks[-1], event)

    @staticmethod
    def _trick_entry(number: int, trick: Any, event: Event) -> dict[str, Any]:
        return {"number": number, "leader": trick.plays[0][0], "winner": trick.winner, "points": trick.points,
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

    def _event(self, event: Event) -> dict[str, Any]:
        """An event as South may know it (:meth:`_tell`), told once: a logged event never changes, and every view
        of the hand tells the last sixteen again."""
        told = self._told.get(id(event))
        if told is None or told[0] is not event:  # the id of an event dropped by a take-back may come back
            told = self._told[id(event)] = (event, self._tell(event))
        return told[1]

    def _tell(self, event: Event) -> dict[str, Any]:
        """An event as South may know it: the kitty a bot picks up and the cards a bot buries stay
        hidden (SJ-7), the event said without them."""
        if event.kind in _DEALERS_EYES and event.seat != YOU:
            said = event.reason if event.kind == "kitty" else Reason.make(
                RuleId.SJ_7, "{seat}, the dealer, buries {size} cards face down: nobody else sees them before the "
                             "hand ends.", "庄家{seat}扣下{size}张底牌：一局结束前别人看不到。",
                seat=Seat(event.seat if event.seat is not None else YOU), size=len(event.cards))
            return {"kind": event.kind, "seat": event.seat, "cards": [], "reason": reason(said)}
        return {"kind": event.kind, "seat": event.seat, "cards": _cards(event.cards), "reason": reason(event.reason)}

    def table(self) -> dict[str, Any]:
        """Everything the table draws."""
        hand = self.hand
        teams = [{"team": t, "name": text(team_words(t).en, team_words(t).zh), "points": hand.points[t],
                  "role": None if hand.dealer is None else ("attackers" if hand.attackers == t else "dealer")}
                 for t in (0, 1)]
        standing = hand.calls
        return {
            "phase": hand.phase, "level": str(hand.level), "levels": [str(level) for level in hand.levels],
            "trump": self._trump(), "dealer": hand.dealer,
            "call": None if standing.caller is None else {"seat": standing.caller, "cards": _cards(standing.shown())},
            "hand": self._hand_groups(), "counts": [len(h) for h in hand.hands], "undealt": hand.undealt,
            "to_act": hand.to_act, "trick": self._trick(), "teams": teams, "tricks_played": len(hand.tricks),
            "last_trick": self._last_trick(), "recent": self._recent(),
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
            "match": self._match(result.progress) if self.match else None,
            "graded": self._graded,
            "summary": [
                text(f"{side.en}, the attackers: {result.attacker_trick_points} in tricks + {result.kitty_points} "
                     f"from the kitty = {result.attacker_points} points",
                     f"闲家{side.zh}：得分{result.attacker_trick_points}分，底分{result.kitty_points}分，"
                     f"共{result.attacker_points}分"),
                text("Your side won this hand." if won else "Your side lost this hand.",
                     "你方赢了这一局。" if won else "你方输了这一局。"),
            ],
        }

    def grade(self) -> dict[str, Any]:
        """South's plays of the last tricks graded by the engine (cardlib/shengji/review.py), once a
        hand: the plays that stood (a move taken back is not in the hand), the same seed the same grades."""
        if self._graded is None:
            graded = review_hand(self.hand, YOU, seed=self.seed)
            self._graded = {"about": reason(graded.reason), "tricks": list(graded.tricks),
                            "decisions": [{**d.to_dict(), "move": self._move_of_trick[d.trick]} for d in graded.decisions]}
        return self._graded

    def _match(self, progress: Any) -> dict[str, Any]:
        """Where the match goes after this hand: the next hand's options, or who won it (SJ-13)."""
        levels = "-".join(map(str, progress.levels))
        if progress.winner is not None:
            won = team_words(progress.winner)
            return {"over": True, "winner": progress.winner, "next": None,
                    "said": text(f"{won.en} played through A and win the match.", f"{won.zh}打过A，赢得整场比赛。")}
        ours, theirs = progress.levels
        return {"over": False, "winner": None,
                "next": {"match": True, "levels": levels, "dealer": progress.next_dealer, "seed": self.seed + 1},
                "said": text(f"The match goes on: South–North at {ours}, East–West at {theirs}; "
                             f"{seat_name(progress.next_dealer)} deals the next hand.",
                             f"比赛继续：南北方打{ours}，东西方打{theirs}；下一局由{seat_name(progress.next_dealer, 'zh')}坐庄。")}

    def names(self) -> dict[str, list[str]]:
        return {lang: [seat_name(s, lang) for s in range(4)] for lang in ("en", "zh")}

    def start_options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"game": "shengji", "seed": self.seed, "ruleset": self.ruleset,
                                   "sparring": self.sparring.value}
        if self.match:
            options.update(match=True, levels="-".join(map(str, self.levels)), dealer=self.dealer)
        return options

    def ruleset_label(self) -> Text:
        return RULESETS[self.ruleset]

    @property
    def over(self) -> bool:
        return self.hand.phase == "over"
