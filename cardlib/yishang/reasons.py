"""The sentences of the 一上一下 state machine: one function per situation, each a
:class:`~cardlib.explain.Reason` with its rule id, in English and in Chinese.

Kept apart from :mod:`.state` so the rules read as logic and the words can be
reviewed (and translated) in one place.  Players are named as the guide names them
(player A … D / 甲乙丙丁, :class:`~cardlib.explain.Player`), cards as players write them.

>>> print(played_up(0, Card.parse("S8"), Rank.THREE, False))
YS-6: player A plays ♠8 face up, not below the target 3: the target is now 8
>>> stands(1, Rank.TEN).zh
'无人质疑乙的暗牌：按报的10成立，不翻开，目标点数变为10'

Rules: YS-1 … YS-8, YS-10 … YS-16, YS-E1, YS-E2.
"""

from __future__ import annotations

from ..cards import Card, Rank
from ..explain import Param, Player, Reason, Words
from ..rule_ids import RuleId
from ..words import is_zh, listed, player_name
from .pile import Face, PileCard

#: A face in words.
FACE_WORDS = {Face.UP: Words("face up", "明牌"), Face.DOWN: Words("face down", "暗牌")}


def face_words(face: Face) -> Words:
    """``face up`` / 明牌, ``face down`` / 暗牌."""
    return FACE_WORDS[face]


# -- setting up -------------------------------------------------------------------------------


def dealt(players: int, draw_count: int) -> Reason:
    """YS-1: 52 cards (no jokers), 7 to each player, and the rest is the draw pile; each count said once.

    >>> dealt(2, 38).zh
    '52张减去2人各7张，摸牌堆剩38张'
    """
    return Reason.make(RuleId.YS_1, "52 cards, less 7 each for {players} players, leave {left} in the draw pile",
                       "52张减去{players}人各7张，摸牌堆剩{left}张", players=players, left=draw_count)


def first_by_draw(first: int, rounds: list[list[tuple[int, Card]]]) -> Reason:
    """YS-3: the draws for the lead, round by round (rounds joined by ``;``), and who leads."""
    params: dict[str, Param] = {"first": Player(first)}
    rounds_en, rounds_zh = [], []
    for r, draws in enumerate(rounds):
        names = []
        for d, (seat, card) in enumerate(draws):
            params[f"p{r}_{d}"], params[f"c{r}_{d}"] = Player(seat), card
            names.append(f"{{p{r}_{d}}} {{c{r}_{d}}}")
        rounds_en.append(", ".join(names))
        rounds_zh.append("，".join(names))
    again_en = " (a tie for highest, so the tied players drew again)" if len(rounds) > 1 else ""
    again_zh = "（最大点数并列，并列者重新抽）" if len(rounds) > 1 else ""
    return Reason.make(RuleId.YS_3, f"draws for the lead ({'; '.join(rounds_en)}){again_en}: {{first}} drew "
                       "the highest rank and leads",
                       f"抽牌定先手（{'；'.join(rounds_zh)}）{again_zh}：{{first}}抽到的点数最大，先出", **params)


# -- whose turn -------------------------------------------------------------------------------


#: How many players tie for the highest draw, in words (YS-3: two to four players).
TIED_COUNT = {2: Words("two", "两"), 3: Words("three", "三"), 4: Words("four", "四")}


def _tied_draws(tops: list[tuple[int, Card]], lang: str) -> str:
    """The tied draws as a template: ``{t0}'s {k0} and {t1}'s {k1}`` / ``{t0}的{k0}和{t1}的{k1}``."""
    of = "的" if is_zh(lang) else "'s "
    return listed([f"{{t{i}}}{of}{{k{i}}}" for i in range(len(tops))], lang)


def _tied_params(tops: list[tuple[int, Card]]) -> dict[str, Param]:
    """The tied players ``t0`` … and their draws ``k0`` …, for :func:`_tied_draws`."""
    params: dict[str, Param] = {f"t{i}": Player(s) for i, (s, _c) in enumerate(tops)}
    return params | {f"k{i}": c for i, (_s, c) in enumerate(tops)}


def lower_draw(seat: int, card: Card, tops: list[tuple[int, Card]]) -> Reason:
    """YS-3 (YS-2 when a 2 is highest): why a draw does not lead: it is lower than the highest, and when two or more players tie
    for the highest rank (suits never count) the tie is named, and the tied players (counted) draw again.

    >>> lower_draw(2, Card.parse("H5"), [(0, Card.parse("CK")), (3, Card.parse("HK"))]).zh
    '丙的♥5比甲的♣K和丁的♥K小；这两张点数并列最大（不分花色），这两家重新抽'
    >>> lower_draw(2, Card.parse("C3"), [(3, Card.parse("SK"))]).zh
    '丙的♣3比丁的♠K小（3最小、2最大，不分花色），所以丁先出'
    """
    names = _tied_params(tops)
    if len(tops) > 1:
        count = TIED_COUNT[len(tops)]
        return Reason.make(RuleId.YS_3, "{given}'s {card} is lower than " + _tied_draws(tops, "en")
                           + f", which tie for the highest rank (suits never count), so those {count.en} draw again",
                           "{given}的{card}比" + _tied_draws(tops, "zh")
                           + f"小；这{count.zh}张点数并列最大（不分花色），这{count.zh}家重新抽",
                           given=Player(seat), card=card, **names)
    rule = RuleId.YS_2 if tops[0][1].rank is Rank.TWO else RuleId.YS_3  # a 2 leads by YS-2
    return Reason.make(rule, "{given}'s {card} is lower than {t0}'s {k0} (3 is lowest and 2 highest; suits "
                       "never count), so {t0} leads", "{given}的{card}比{t0}的{k0}小（3最小、2最大，不分花色），所以{t0}先出",
                       given=Player(seat), card=card, **names)


def tie_draws_again(tops: list[tuple[int, Card]]) -> Reason:
    """YS-3: two or more players tie for the highest rank (suits never count), so they (counted) draw again, and
    the highest of those draws leads.

    >>> tie_draws_again([(0, Card.parse("S6")), (1, Card.parse("H6")), (3, Card.parse("C6"))]).en
    'players A (♠6), B (♥6) and D (♣6) tie for the highest rank (suits never count), so those three draw again, and the highest new draw leads'
    >>> tie_draws_again([(0, Card.parse("D7")), (1, Card.parse("C7"))]).zh
    '甲的♦7和乙的♣7点数并列最大（不分花色），这两家重新抽，抽到大的先出'
    """
    count = TIED_COUNT[len(tops)]
    players = listed([f"{player_name(s)[-1]} ({{k{i}}})" for i, (s, _c) in enumerate(tops)])
    higher = ("higher", "大") if len(tops) == 2 else ("highest", "最大")
    return Reason.make(RuleId.YS_3, f"players {players} tie for the highest rank (suits never count), so those "
                       f"{count.en} draw again, and the {higher[0]} new draw leads",
                       _tied_draws(tops, "zh") + f"点数并列最大（不分花色），这{count.zh}家重新抽，抽到{higher[1]}的先出",
                       **_tied_params(tops))


def two_is_highest(first: int, card: Card) -> Reason:
    return Reason.make(RuleId.YS_2, "{first} drew {card}: 2 is the highest rank (3 lowest … A, then 2), "
                       "so {first} leads", "{first}抽到{card}：2最大（3最小……A，再到2），所以{first}先出",
                       first=Player(first), card=card)


def leads_game(first: int) -> Reason:
    return Reason.make(RuleId.YS_3, "{first} leads the game", "{first}先手", first=Player(first))


def next_in_turn(player: int, following: int, after_standing_down: bool = False) -> Reason:
    """Play passes in turn order (YS-5: each established play hands the turn on).  After player B's
    face-down card stood, the position of the guide's worked example, whose text names the wrong player,
    the reason cites that erratum (YS-E1) and says the guide's words in a note; after anyone else's, it is
    plain turn order (YS-5)."""
    if after_standing_down and player == 1:
        return Reason.make(RuleId.YS_E1, "{player}'s face-down card stood, and {following} plays next in turn order",
                           "{player}的暗牌成立，按出牌顺序轮到{following}",
                           following=Player(following), player=Player(player)).with_notes(WORKED_EXAMPLE_SLIP)
    if after_standing_down:
        return Reason.make(RuleId.YS_5, "{player}'s face-down card stood, and {following} plays next in turn order",
                           "{player}的暗牌成立，按出牌顺序轮到{following}",
                           following=Player(following), player=Player(player))
    return Reason.make(RuleId.YS_5, "{following} plays next, in turn order after {player}",
                       "按出牌顺序，{player}之后轮到{following}", following=Player(following), player=Player(player))


#: YS-E1, said only where player B's face-down card stood (the guide's worked example): its text names A.
WORKED_EXAMPLE_SLIP = Reason(RuleId.YS_E1, "The guide's worked example (players A, B, C in turn) says that after B's "
                             "face-down card stands, A must play next, face up; by turn order it is C.",
                             "规则原文示例（甲、乙、丙依次出牌）说乙的暗牌成立后“甲接下来必须打明牌”；按出牌顺序，"
                             "接下来是丙。")

#: YS-10: the guide says only that counting starts from the new card; the target's 3 meanwhile is the book's.
TARGET_RESET_NOTE = Reason(RuleId.YS_10, "The guide says only that counting starts again from the new card; that the "
                           "target goes back to 3 meanwhile is this book's convention.",
                           "规则只说“目标从新牌开始计算”；此时目标回到3是本书约定。")

#: YS-E2: the guide's variation where the challenger leads after a successful challenge.
CHALLENGER_LEAD_SLIP = Reason(RuleId.YS_E2, "The guide's “6 instead of 10” example gives the challenger the lead "
                              "here, against its own step 4: whoever takes the pile leads.",
                              "规则原文“报10翻出6”一例说质疑者丙获得先手，与其第4步“收牌者成为新一轮先手”矛盾。")


def leads_round(taker: int) -> Reason:
    return Reason.make(RuleId.YS_10, "{taker} took the pile and leads a new round face up",
                       "{taker}收牌后以明牌领出新一轮", taker=Player(taker))


def challenger_does_not_lead(challenger: int, taker: int) -> Reason:
    """YS-E2: after a successful challenge the card's player takes the pile and leads, not the challenger
    (the guide's "6 instead of 10" variation gives the lead to the challenger, against its own step 4: a note)."""
    return Reason.make(RuleId.YS_E2, "{challenger}'s challenge succeeded, so {taker} took the pile and leads",
                       "{challenger}质疑成立，由{taker}收牌并领出新一轮",
                       challenger=Player(challenger), taker=Player(taker)).with_notes(CHALLENGER_LEAD_SLIP)


# -- refusals ---------------------------------------------------------------------------------


def game_over(winner: int | None) -> Reason:
    if winner is None:
        return Reason.make(RuleId.YS_12, "the game is over", "牌局已结束")
    return Reason.make(RuleId.YS_12, "the game is over: {winner} has won", "牌局已结束：{winner}已获胜",
                       winner=Player(winner))


def not_your_turn(player: int, turn: Reason) -> Reason:
    """YS-5 (or the rule ``turn`` cites): not ``player``'s turn; whose it is, and why, said once in ``turn``
    (a clause of its own: no colon after a colon where the refusal follows one)."""
    return Reason.make(turn.rule, "it is not {player}'s turn; {turn}", "还没轮到{player}；{turn}",
                       player=Player(player), turn=turn)


def just_played(player: int, following: int) -> Reason:
    """YS-5: ``player`` played the last card, so the turn has passed on to ``following``.

    >>> just_played(1, 2).en
    "player B has just played, and the next card is player C's"
    """
    return Reason.make(RuleId.YS_5, "{player} has just played, and the next card is {following}'s",
                       "{player}刚出过牌，下一张该{following}出", player=Player(player), following=Player(following))


def not_held(player: int, card: Card, face: Face) -> Reason:
    return Reason.make(RuleId.YS_6 if face is Face.UP else RuleId.YS_7, "{player} does not hold {card}",
                       "{player}手里没有{card}", player=Player(player), card=card)


def someone_elses_card(card: Card, owner: int, turn: Reason) -> Reason:
    """``card`` is ``owner``'s, and ``turn`` says why it is the player's turn (naming them) instead."""
    return Reason.make(turn.rule, "{card} is {owner}'s card, but {turn}", "{card}是{owner}的牌，但{turn}",
                       card=card, owner=Player(owner), turn=turn)


def last_card_pending(seat: int) -> Reason:
    return Reason.make(RuleId.YS_12, "{seat}'s face-down card is their last: playing on would let it stand and "
                       "end the game, so first challenge it or pass",
                       "{seat}的暗牌是最后一张：再出牌就等于放行并结束牌局，请先质疑或放过", seat=Player(seat))


def untruthful_face_up(card: Card, claim: Rank) -> Reason:
    return Reason.make(RuleId.YS_6, "a face-up card is claimed truthfully: {card} cannot be claimed as {claim}",
                       "明牌必须如实报点：{card}不能报成{claim}", card=card, claim=claim)


def no_seat(seat: object, players: int) -> Reason:
    names = Words(", ".join(f"player {'ABCD'[i]}" for i in range(players)), "、".join("甲乙丙丁"[:players]))
    return Reason.make(RuleId.YS_1, "a {players}-player table has no player {seat}: its players are {names}",
                       "{players}人牌桌没有玩家{seat}：玩家是{names}", players=players, seat=repr(seat), names=names)


def no_challenger() -> Reason:
    return Reason(RuleId.YS_8, "a challenge needs a challenger", "质疑需要有质疑者")


def own_card(seat: int) -> Reason:
    return Reason.make(RuleId.YS_8, "{seat} cannot challenge their own card; only other players can",
                       "{seat}不能质疑自己的牌，只有其他玩家可以", seat=Player(seat))


def own_card_stood(seat: int) -> Reason:
    """YS-8: only another player may challenge a face-down card; nobody else did, so it stood."""
    return Reason.make(RuleId.YS_8, "that face-down card is {seat}'s own, and nobody else challenged it, so it stands",
                       "那张暗牌是{seat}自己的，别人都没有质疑，已经成立", seat=Player(seat))


def already_challenged(what: str, what_zh: str) -> Reason:
    return Reason.make(RuleId.YS_14, "the face-down card was already challenged and the pile taken, so {what}",
                       "这张暗牌已被质疑、牌堆已被收走，所以{what}", what=Words(what, what_zh))


def empty_pile(what: str, what_zh: str) -> Reason:
    return Reason.make(RuleId.YS_8, "the pile is empty, with no face-down card, so {what}",
                       "出牌堆是空的，没有暗牌，所以{what}", what=Words(what, what_zh))


def covered(top: Card, what: str, what_zh: str) -> Reason:
    return Reason.make(RuleId.YS_8, "the face-down card is already covered by {top}, so {what}",
                       "暗牌之后已经打出了{top}，质疑的时机已过，所以{what}", top=top, what=Words(what, what_zh))


def face_up_top(top: Card, what: str, what_zh: str) -> Reason:
    return Reason.make(RuleId.YS_8, "the top card {top} is face up, so {what}",
                       "最上面的{top}是明牌，所以{what}", top=top, what=Words(what, what_zh))


def window_closed(what: str, what_zh: str) -> Reason:
    return Reason.make(RuleId.YS_8, "nobody challenged the face-down card in time and it stands, so {what}",
                       "暗牌无人质疑，已经成立，所以{what}", what=Words(what, what_zh))


# -- what may happen --------------------------------------------------------------------------


def may_play(player: int, card: Card, face: Face, claim: Rank | None = None) -> Reason:
    """YS-6 / YS-7: a card played face up (打出明牌) or face down (扣下, the guide's word), with its claim
    when one is made (报).

    >>> may_play(0, Card.parse("D8"), Face.DOWN).zh
    '甲可以扣下♦8'
    >>> may_play(0, Card.parse("D8"), Face.DOWN, Rank.ACE).zh
    '甲可以扣下♦8，报A'
    """
    if face is Face.DOWN and claim is not None:
        return Reason.make(RuleId.YS_7, "{player} may play {card} {face}, claiming {claim}", "{player}可以扣下{card}，报{claim}",
                           player=Player(player), card=card, face=face_words(face), claim=claim)
    if face is Face.DOWN:
        return Reason.make(RuleId.YS_7, "{player} may play {card} {face}", "{player}可以扣下{card}",
                           player=Player(player), card=card, face=face_words(face))
    return Reason.make(RuleId.YS_6, "{player} may play {card} {face}", "{player}可以打出明牌{card}",
                       player=Player(player), card=card, face=face_words(face))


def may_pass() -> Reason:
    return Reason(RuleId.YS_11, "if nobody challenges, the face-down card stands at its claim",
                  "若无人质疑，暗牌按报的点数成立")


# -- what happened ----------------------------------------------------------------------------


def played_up(player: int, card: Card, before: Rank, below: bool) -> Reason:
    # hot path (every face-up play): the parameters are given as a tuple, not through Reason.make
    params = (("player", Player(player)), ("card", card), ("before", before), ("rank", card.rank))
    if below:
        return Reason(RuleId.YS_6, "{player} plays {card} face up, below the target {before}: the target drops to "
                      "{rank}", "{player}打出明牌{card}，低于目标点数{before}：目标点数降为{rank}", params)
    if card.rank is before:
        return Reason(RuleId.YS_6, "{player} plays {card} face up, equal to the target {before}: no draw, and the "
                      "target stays {rank}", "{player}打出明牌{card}，和目标点数{before}一样大，不用摸牌，目标点数仍是{rank}",
                      params)
    return Reason(RuleId.YS_6, "{player} plays {card} face up, not below the target {before}: the target is now "
                  "{rank}", "{player}打出明牌{card}，不低于目标点数{before}：目标点数变为{rank}", params)


def top_rank(target: Rank) -> Words:
    """" (2 is the highest rank)" after a target of 2, which a reader may take for the lowest (YS-2)."""
    return Words(" (2 is the highest rank)", "（2最大）") if target is Rank.TWO else Words("", "")


def drew(player: int, card: Card, before: Rank) -> Reason:
    return Reason.make(RuleId.YS_6, "{card} is below the target {before}{top}, so {player} draws a card",
                       "{card}低于目标点数{before}{top}，{player}摸一张牌", card=card, before=before,
                       top=top_rank(before), player=Player(player))


def nothing_to_draw(card: Card, before: Rank) -> Reason:
    return Reason.make(RuleId.YS_16, "{card} is below the target {before}{top}, but the draw pile is empty: no draw",
                       "{card}低于目标点数{before}{top}，但摸牌堆已空：不再摸牌", card=card, before=before,
                       top=top_rank(before))


#: YS-16 with YS-12: a last card below the target when the draw pile is empty; the guide does not say.
EMPTY_PILE_LAST_CARD = Reason(RuleId.YS_16, "The guide says that a card below the target costs a draw and that an "
                              "empty draw pile means no draw, but not what happens when both meet on a player's last "
                              "card; this book reads the two together: nothing is drawn, so the hand is empty and the "
                              "card wins.", "指南说低于目标点数要摸一张牌、摸牌堆空了就不再摸，但没有写两者碰上最后一张牌"
                              "时怎么办；本书把两句合起来读：无牌可摸，手牌已打完，这张牌获胜。")

_NOT_LAST, _LAST = Words("", ""), Words(" (their last card)", "（最后一张）")


def played_down(player: int, claim: Rank | None, last: bool) -> Reason:
    tail = _LAST if last else _NOT_LAST
    if claim is None:
        return Reason(RuleId.YS_15, "{player} plays a card face down with no claim{tail}, which counts as 3",
                      "{player}扣下一张暗牌，没有报{tail}：按报3处理", (("player", Player(player)), ("tail", tail)))
    return Reason(RuleId.YS_7, "{player} plays a card face down and claims {claim}{tail}",
                  "{player}扣下一张暗牌，报{claim}{tail}", (("player", Player(player)), ("claim", claim), ("tail", tail)))


def stands(seat: int, claim: Rank) -> Reason:
    return Reason(RuleId.YS_11, "nobody challenges {seat}'s face-down card: it stands as {claim}, unrevealed, and the "
                  "target is now {claim}", "无人质疑{seat}的暗牌：按报的{claim}成立，不翻开，目标点数变为{claim}",
                  (("seat", Player(seat)), ("claim", claim)))


def takes(taker: int, count: int, revealed: Card) -> Reason:
    """The pile goes to a taker at the end of the game (a failed challenge of a last card)."""
    return Reason.make(RuleId.YS_9, "{taker} takes the pile of {count} cards, the revealed {revealed} included",
                       "{taker}收走中央{count}张牌，包括翻开的{revealed}",
                       taker=Player(taker), count=count, revealed=revealed)


def takes_and_leads(taker: int, count: int, revealed: Card, target: Rank, reset: bool, stood: bool = False) -> Reason:
    """YS-10: who takes the pile and leads, and the target then: 3 again, or (kept) the last card that stands,
    the revealed card itself when it survived its challenge (``stood``)."""
    target_words = (Words("the target 3 again", "目标点数重新从3开始") if reset else
                    Words(f"the target {target}, the claim of the card that stood", f"目标点数为{target}（翻开的牌成立）")
                    if stood else Words(f"the target still {target}", f"目标点数仍为{target}"))
    reason = Reason.make(RuleId.YS_10, "{taker} takes the pile ({count} cards) and leads anew, face up, {target}",
                         "{taker}收走中央{count}张牌（包括翻开的{revealed}），以明牌领出新一轮；{target}",
                         taker=Player(taker), count=count, revealed=revealed, target=target_words)
    return reason.with_notes(TARGET_RESET_NOTE) if reset else reason


# -- the end ----------------------------------------------------------------------------------


def wins_face_up(player: int, card: Card) -> Reason:
    return Reason.make(RuleId.YS_12, "{player}'s last card {card} is face up and established: {player} wins",
                       "{player}最后一张明牌{card}已成立：{player}获胜", player=Player(player), card=card)


def wins_unchallenged(seat: int) -> Reason:
    return Reason.make(RuleId.YS_12, "{seat}'s last card stands unchallenged: {seat} wins",
                       "{seat}的最后一张暗牌无人质疑而成立：{seat}获胜", seat=Player(seat))


def wins_challenge_failed(seat: int) -> Reason:
    return Reason.make(RuleId.YS_12, "the challenge of {seat}'s last card fails: {seat} wins",
                       "对{seat}最后一张暗牌的质疑失败：{seat}获胜", seat=Player(seat))


def wins_by_fewest_cards(seat: int, count: int, stalled: int) -> Reason:
    plays = Words(f"{stalled} play{'s' * (stalled != 1)}", f"连续{stalled}次出牌")
    return Reason.make(RuleId.YS_16, "nobody can finish ({plays} without any hand reaching a new low): fewest cards "
                       "wins, {seat} with {count} (ties: nearest in turn order)",
                       "无人能打完手牌（{plays}无人手牌创新低）：手牌最少者获胜，{seat}剩{count}张（并列时按出牌顺序最近者）",
                       plays=plays, seat=Player(seat), count=count)


# -- the state between plays ------------------------------------------------------------------


def target_is(target: Rank, top: PileCard | None, after_take: bool = False, reset: bool = True) -> Reason:
    """YS-4: what set the target: the last established card, or nothing yet (3); with ``after_take``
    and an empty pile, the pile was just taken (YS-10: the book's reading of the guide, or with
    ``reset`` false a table that keeps the target)."""
    if top is None and after_take and not reset:
        return Reason.make(RuleId.YS_10, "this table keeps the target after a take: {target}, that of the last card "
                           "that stood", "本桌约定收牌后目标点数不重置：取最后成立的牌，是{target}", target=target)
    if top is None and after_take and target is Rank.THREE:
        return Reason.make(RuleId.YS_10, "the pile was just taken, so the target goes back to {target}, the lowest rank",
                           "牌堆刚被收走，目标点数回到最小的{target}", target=target).with_notes(TARGET_RESET_NOTE)
    if top is None and target is not Rank.THREE:
        return Reason.make(RuleId.YS_10, "the pile was taken and this table keeps the target after a take: "
                           "{target}, that of the last card that stood",
                           "牌堆被收走，本桌约定收牌后目标点数不重置：取最后成立的牌，是{target}", target=target)
    if top is None:
        return Reason.make(RuleId.YS_4, "no card is established in this round yet: the target is {target}",
                           "本轮还没有成立的牌：目标点数是{target}", target=target)
    if top.face is Face.UP:
        return Reason.make(RuleId.YS_4, "the last card that stood was face-up {card}, so the target is {target}",
                           "最后成立的牌是明牌{card}，目标点数就是{target}",
                           card=top.card, target=target)
    return Reason.make(RuleId.YS_4, "the last card that stood was face down, claimed as {claim}, so the target is "
                       "{target}", "最后成立的牌是报{claim}的暗牌，目标点数就是{target}",
                       claim=top.claim, target=target)


def face_is(face: Face, top: PileCard | None) -> Reason:
    """YS-5 / YS-13: the next card's face follows from the last card on the pile."""
    if top is None:
        return Reason.make(RuleId.YS_13, "the pile is empty, so the next card is {face}", "出牌堆是空的，所以下一张出{face}",
                           face=face_words(face))
    return Reason.make(RuleId.YS_5, "face up and face down alternate: the last was {last}, so the next is {face}",
                       "明暗交替：上一张是{last}，所以下一张出{face}",
                       last=face_words(top.face), face=face_words(face))
