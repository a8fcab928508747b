"""The 一上一下 tutor: you are player A against one to three practice bots, to the end of the game.

The game runs in :class:`~cardlib.yishang.state.Game` and the bots are
:class:`~cardlib.yishang.tutor_bots.TutorBot` (the easy level) or
:class:`~cardlib.yishang.sparring.SparringBot` (the strong level), as the table chose; this module only decides when it is the reader's
turn and what the table shows.  The reader decides each of A's cards (face up, or face down with
a claim: YS-6, YS-7) and, when another player's face-down card is open, whether to challenge it
(YS-8); then the bots decide whether they do.  A face-down card another player played stays a
back (YS-11) unless a challenge turns it over.  The review after the game also grades A's challenge
decisions (``review["graded"]``: :func:`cardlib.yishang.review.review_game`, from what A could know at
each face-down card it could challenge, YS-8, YS-9): the decisions that stood; a move taken back is not graded.

Rules: YS-1 … YS-16.
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

from cardlib.cards import Card
from cardlib.errors import IllegalActionError
from cardlib.explain import Player, Reason
from cardlib.rule_ids import RuleId
from cardlib.words import player_name, rank_word
from cardlib.yishang.events import Event, EventKind
from cardlib.yishang.pile import Face
from cardlib.yishang.ranks import ORDER, strength
from cardlib.yishang.review import review_game
from cardlib.yishang.rules import get_ruleset
from cardlib.yishang.state import Game
from cardlib.levels import Level
from cardlib.yishang.sparring import SparringBot
from cardlib.yishang.tutor_bots import TutorBot

from .common import ReplayedTable, Text, TutorError, plain, reason, refusal, text

#: The reader's seat: player A, 甲.
YOU = 0
#: What the reader is asked for: a card to play, or a face-down card to challenge or let stand.
Pending: TypeAlias = Literal["play", "challenge"]
RULESETS: dict[str, Text] = {"yishang": text("the 一上一下 guide", "《一上一下》指南"),
                             "yishang-fewest": text("the 一上一下 guide, with the fewest cards winning when nobody "
                                                    "can finish (YS-16)",
                                                    "《一上一下》指南，无人能出完时手牌最少者胜（YS-16）")}
SHORT: dict[str, Text] = {"yishang": text("as written", "原文规则"),
                          "yishang-fewest": text("fewest cards wins (YS-16)", "手牌最少者胜（YS-16）")}
#: More actions than any game between these players needs; a game past it is refused.
MAX_ACTIONS = 4000


def _rank_of(token: str) -> Any:
    return next(r for r in ORDER if str(r) == token)


def _rank(rank: Any) -> Text:
    return text(rank_word(rank, "en"), rank_word(rank, "zh"))


class YishangTutor(ReplayedTable):
    """One 一上一下 game dealt from ``seed``: the reader and ``opponents`` bots (1 to 3)."""

    game = "yishang"
    rulesets = RULESETS
    short = SHORT

    def __init__(self, seed: int, ruleset: str = "yishang", opponents: int = 2, sparring: Level = Level.EASY) -> None:
        if ruleset not in RULESETS:
            raise TutorError(f"a 一上一下 tutor plays under {' or '.join(map(repr, RULESETS))}, not {ruleset!r}")
        if isinstance(opponents, bool) or opponents not in (1, 2, 3):
            raise TutorError(f"a 一上一下 tutor plays against 1, 2 or 3 bots, not {opponents!r}")
        self.seed, self.ruleset, self.opponents = seed, ruleset, opponents
        self.rules = get_ruleset(ruleset)
        self.sparring = sparring
        self.bot: TutorBot = SparringBot() if sparring is Level.STRONG else TutorBot()
        self.moves: list[dict[str, Any]] = []
        self._replay()

    def _replay(self) -> None:
        self.state = Game.new(self.opponents + 1, self.seed, self.rules)
        self._graded: dict[str, Any] | None = None
        self.pending: Pending | None = None
        self._stood = False
        self._since = 0
        self._mine: tuple[dict[str, Any], int] | None = None
        self._actions = 0
        self._applied = 0  # A's moves applied so far
        self._move_of_card: dict[int, int] = {}  # a face-down card's play number → the index of A's decision on it
        self._advance()
        for move in self.moves:
            self._apply(move)

    def _advance(self) -> None:
        """Let the bots act until it is A's decision (a card, or whether to challenge) or the game is over."""
        game = self.state
        while not game.is_over:
            self._actions += 1
            if self._actions > MAX_ACTIONS:
                raise TutorError(f"game {self.seed} did not end within {MAX_ACTIONS} actions: deal another")
            window = game.window
            if window is not None and window.seat != YOU and not self._stood:
                self.pending = "challenge"
                return
            if window is not None:
                self._stood = False
                doubters = [s for s in range(1, game.players)
                            if s != window.seat and self.bot.decide_challenge(game, s)[0]]
                if doubters:
                    game.challenge(doubters)
                    continue
                if window.last_card:
                    game.pass_challenge()
                    continue
            if game.next_player == YOU:
                self.pending = "play"
                return
            game.apply(self.bot.decide_play(game)[0])
        self.pending = None

    def _apply(self, move: dict[str, Any]) -> None:
        game, kind = self.state, self.pending
        if kind is None:
            raise TutorError("the game is over: start it again or deal another")
        before = len(game.log)
        window = game.window
        if kind == "challenge":
            if move.get("choice") not in ("challenge", "stand"):
                raise TutorError("an open face-down card is challenged or let stand: choice \"challenge\" or \"stand\"")
            played = sum(e.kind in (EventKind.PLAY_UP, EventKind.PLAY_DOWN) for e in game.log)  # the open card's number
            self._move_of_card[played] = self._applied
            if move["choice"] == "challenge":
                game.challenge(YOU)
            else:
                self._stood = True
        else:
            if "choice" in move:
                raise TutorError("it is your turn to play a card, not to decide on a challenge")
            game.play(move["card"], move.get("claim"))
        # The log the reader reads starts with the reader's own move, so its outcome is told too.
        self._since = before
        self._mine = ({**move, "seat": None if window is None else window.seat,
                       "claim": None if window is None else str(window.claim)} if kind == "challenge" else move, before)
        self._applied += 1
        self.pending = None
        self._advance()

    # --- the protocol ---

    def act(self, cards: list[Card], claim: str | None = None, choice: str | None = None) -> dict[str, Any] | None:
        """A's move; the engine's refusal (its reason) when it does not stand, else None."""
        if self.pending == "play" and choice is None:
            if len(cards) != 1:
                return plain(RuleId.YS_6, "Pick one card to play.", "请选一张牌打出。")
            move: dict[str, Any] = {"card": str(cards[0])}
            if claim is not None:
                move["claim"] = claim
        else:
            move = {"choice": choice}
        try:
            self._apply(move)
        except IllegalActionError as error:  # the game is unchanged
            return refusal(error)
        self.moves.append(move)
        return None

    def outcome(self) -> list[dict[str, Any]]:
        """What the reader's last move did, in sentences of both languages: the card played (and the
        card drawn), or the challenge, what it revealed and who took the pile, or the card let stand;
        for a face-down card, whether another player challenged it.  That is every event from the
        move up to the next card another player plays."""
        if self._mine is None:
            return []
        move, before = self._mine
        told: list[Reason] = []
        if move.get("choice") == "stand":
            told.append(Reason.make(RuleId.YS_8, "You ({you}) let {seat}'s face-down card, claimed (报) as {claim}, "
                                                 "stand: no challenge (质疑) from you.",
                                    "你（{you}）没有质疑，放过了{seat}报{claim}的暗牌。", you=Player(YOU),
                                    seat=Player(move["seat"]), claim=_rank_of(move["claim"])))
        for event in self.state.log[before:]:
            if event.kind in (EventKind.PLAY_UP, EventKind.PLAY_DOWN) and event.seat != YOU:
                break
            told.append(self._said(event))
        return [reason(r) for r in told]

    def hint(self) -> dict[str, Any]:
        """What the practice bot would do in A's seat now, and why (changes nothing)."""
        if self.pending is None:
            raise TutorError("the game is over: there is nothing to hint")
        if self.pending == "challenge":
            doubt, why = self.bot.decide_challenge(self.state, YOU)
            return {"cards": [], "choice": "challenge" if doubt else "stand", "reason": reason(why)}
        play, why = self.bot.decide_play(self.state)
        return {"cards": [str(play.card)], "claim": None if play.claim is None else str(play.claim),
                "reason": reason(why)}

    # --- the view ---

    @staticmethod
    def _said(event: Event) -> Reason:
        """An event's reason as a sentence; a card the reader draws is named (only the reader sees it)."""
        if event.kind is EventKind.DRAW and event.seat == YOU and event.card is not None:
            return Reason.make(RuleId.YS_6, "{said} You draw {card}.", "{said}你摸到{card}。",
                               said=event.reason.sentence(), card=[event.card])
        if event.kind is EventKind.PLAY_DOWN and event.seat == YOU and event.card is not None:
            return Reason.make(RuleId.YS_7, "{said} Your card: {card}.", "{said}你扣下的是{card}。",
                               said=event.reason.sentence(), card=[event.card])
        return event.reason.sentence()

    def _event(self, event: Event) -> dict[str, Any]:
        """An event as player A may know it (YS-11): the card of another player's face-down play or
        draw is left out, in its ``cards`` and its sentence."""
        data = event.to_dict(reveal=event.seat == YOU or event.kind is EventKind.REVEAL)
        return {"kind": data["kind"], "seat": data["seat"], "cards": [data["card"]] if "card" in data else [],
                "reason": reason(self._said(event))}

    def table(self) -> dict[str, Any]:
        game = self.state
        window = game.window
        target = game.target if window is None else window.claim
        pile = [{"card": str(p.card) if p.face is Face.UP else "back", "face": p.face.value, "claim": str(p.claim)}
                for p in game.pile]
        hand = sorted(game.hand(YOU), key=lambda c: (strength(c.rank), c.sort_key))
        return {
            "target": _rank(target), "target_rank": str(target), "next_face": game.next_face.value,
            "next_player": game.next_player, "pile": pile, "draw_pile": len(game.draw_pile),
            "counts": [len(h) for h in game.hands], "window": None if window is None else {
                "seat": window.seat, "claim": str(window.claim), "last_card": window.last_card},
            "hand": [{"suit": "all", "label": text("Your cards", "你的手牌"), "cards": [str(c) for c in hand]}],
            "recent": [self._event(e) for e in game.log[self._since:]][-16:],
        }

    def decision(self) -> dict[str, Any] | None:
        game = self.state
        if self.pending is None:
            return None
        if self.pending == "challenge":
            window = game.window
            assert window is not None
            who = player_name(window.seat, "en")
            return {"kind": "challenge", "min": 0, "max": 0,
                    "choices": [{"key": "challenge", "label": text("Challenge", "质疑")},
                                {"key": "stand", "label": text("Let it stand", "放过")}],
                    "prompt": plain(RuleId.YS_8, f"{who[:1].upper() + who[1:]} played a card face down and claims "
                                                 f"{rank_word(window.claim)}: challenge it, or let it stand?",
                                    f"{player_name(window.seat, 'zh')}扣下一张暗牌，报{rank_word(window.claim, 'zh')}："
                                    "质疑，还是放过？")}
        if game.next_face is Face.UP:
            return {"kind": "play_up", "min": 1, "max": 1,
                    "prompt": plain(RuleId.YS_6, "Your card goes face up: pick one. Below the target, you draw a card.",
                                    "轮到你出明牌：选一张牌。比目标小，就要摸一张牌。")}
        return {"kind": "play_down", "min": 1, "max": 1, "claims": [str(r) for r in ORDER],
                "claim_labels": [_rank(r) for r in ORDER],
                "prompt": plain(RuleId.YS_7, "Your card goes face down: pick one and say what it is, true or not "
                                             "(a claim below the target loses any challenge).",
                                "轮到你出暗牌：选一张牌扣下，报一个点数，真报假报都行（报得比目标小，一被质疑就输）。")}

    def review(self) -> dict[str, Any]:
        """The game looked back on: each challenge and who took the pile, how the game was won, and A's
        challenge decisions graded (``graded``)."""
        game = self.state
        log = list(game.log)
        challenges = []
        for i, event in enumerate(log):
            if event.kind is EventKind.REVEAL:
                take = next((e for e in log[i + 1:] if e.kind is EventKind.TAKE), None)
                challenges.append({"claimant": event.seat, "challenger": event.other,
                                   "claim": str(event.claim), "card": str(event.card), "reason": reason(event.reason),
                                   "taker": None if take is None else take.seat,
                                   "take": None if take is None else reason(take.reason)})
        end = next(e for e in reversed(log) if e.kind in (EventKind.WIN, EventKind.STALL))
        winner = game.winner
        assert winner is not None
        return {"winner": winner, "reason": reason(end.reason), "challenges": challenges, "graded": self._graded,
                "counts": [len(h) for h in game.hands], "cards": game.card_count(),
                "plays": sum(e.kind in (EventKind.PLAY_UP, EventKind.PLAY_DOWN) for e in log),
                "summary": [text("You won the game." if winner == YOU else
                                 f"{player_name(winner, 'en')[:1].upper()}{player_name(winner, 'en')[1:]} won the game.",
                                 "你赢了这一局。" if winner == YOU else f"{player_name(winner, 'zh')}赢了这一局。")]}

    def grade(self) -> dict[str, Any]:
        """A's challenge decisions graded by the engine (cardlib/yishang/review.py) from the game's log, once
        a game: the decisions that stood (a move taken back is not in the log), each with the index of A's move
        that made it (``move``), which a rewind keeps the moves before."""
        if self._graded is None:
            graded = review_game(Game.new(self.opponents + 1, self.seed, self.rules), self.state.log, YOU)
            # each decision with the move to replay from ("replay from here": the game before A's choice on it)
            decisions = [{**d.to_dict(), "move": self._move_of_card.get(d.number)} for d in graded.decisions]
            self._graded = {"about": reason(graded.reason), "unit": "pp", **graded.to_dict(), "decisions": decisions}
        return self._graded

    def names(self) -> dict[str, list[str]]:
        return {lang: [player_name(p, lang) for p in range(self.opponents + 1)] for lang in ("en", "zh")}

    def start_options(self) -> dict[str, Any]:
        return {"game": "yishang", "seed": self.seed, "ruleset": self.ruleset, "opponents": self.opponents,
                "sparring": self.sparring.value}

    def ruleset_label(self) -> Text:
        return RULESETS[self.ruleset]

    @property
    def over(self) -> bool:
        return self.state.is_over
