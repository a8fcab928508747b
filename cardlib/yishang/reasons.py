"""The sentences of the 一上一下 state machine: one function per situation, each a
:class:`~cardlib.explain.Reason` with its rule id, in English and in Chinese.

Kept apart from :mod:`.state` so the rules read as logic and the words can be
reviewed (and translated) in one place.  Seats are numbers: "player 1" / "1号玩家".

Rules: YS-1 … YS-8, YS-10 … YS-16, YS-E1.
"""

from __future__ import annotations

from ..cards import Card, Rank
from ..explain import Reason
from ..rule_ids import RuleId
from .pile import Face, PileCard

# -- setting up -------------------------------------------------------------------------------


def dealt(players: int, draw_count: int) -> Reason:
    return Reason(RuleId.YS_1, f"{players} players get 7 cards each; {draw_count} cards form the draw pile",
                  f"{players}人各发7张，其余{draw_count}张作为摸牌堆")


def first_by_draw(first: int, rounds: list[list[tuple[int, Card]]]) -> Reason:
    draws = "; ".join(", ".join(f"{seat}: {card}" for seat, card in draws) for draws in rounds)
    return Reason(RuleId.YS_3, f"draws for the lead ({draws}): player {first} drew highest and leads",
                  f"抽牌定先手（{draws}）：{first}号玩家点数最大，先出")


# -- whose turn -------------------------------------------------------------------------------


def two_is_highest(first: int, card: Card) -> Reason:
    return Reason(RuleId.YS_2, f"player {first} drew {card}: 2 is the highest rank (3 lowest … A, then 2), "
                               f"so player {first} leads",
                  f"{first}号玩家抽到{card}：2最大（3最小……A，再到2），{first}号玩家先出")


def leads_game(first: int) -> Reason:
    return Reason(RuleId.YS_3, f"player {first} leads the game", f"{first}号玩家先手")


def next_in_turn(player: int, following: int) -> Reason:
    return Reason(RuleId.YS_E1, f"player {following} plays next in turn order after player {player}",
                  f"按出牌顺序，{player}号玩家之后轮到{following}号玩家")


def leads_round(taker: int) -> Reason:
    return Reason(RuleId.YS_10, f"player {taker} took the pile and leads a new round face up",
                  f"{taker}号玩家收牌后以明牌领出新一轮")


# -- refusals ---------------------------------------------------------------------------------


def game_over(winner: int | None) -> Reason:
    return Reason(RuleId.YS_12, f"the game is over: player {winner} has won", f"牌局已结束：{winner}号玩家已获胜")


def not_your_turn(player: int, turn_player: int, turn: Reason) -> Reason:
    return Reason(turn.rule, f"it is player {turn_player}'s turn, not player {player}'s ({turn.en})",
                  f"现在轮到{turn_player}号玩家，不是{player}号玩家（{turn.zh}）")


def not_held(player: int, card: Card, face: Face) -> Reason:
    return Reason(RuleId.YS_6 if face is Face.UP else RuleId.YS_7, f"player {player} does not hold {card}",
                  f"{player}号玩家手里没有{card}")


def someone_elses_card(player: int, card: Card, owner: int, turn: Reason) -> Reason:
    return Reason(turn.rule, f"{card} is player {owner}'s card, but it is player {player}'s turn: {turn.en}",
                  f"{card}是{owner}号玩家的牌，但现在轮到{player}号玩家：{turn.zh}")


def last_card_pending(seat: int) -> Reason:
    return Reason(RuleId.YS_12, f"player {seat}'s face-down card is their last: playing on would let it stand and "
                  f"end the game, so first challenge it or pass",
                  f"{seat}号玩家的暗牌是最后一张：再出牌就等于放行并结束牌局，请先质疑或放过")


def untruthful_face_up(card: Card, claim: Rank) -> Reason:
    return Reason(RuleId.YS_6, f"a face-up card is claimed truthfully: {card} cannot be claimed as {claim}",
                  f"明牌必须如实报点：{card}不能报成{claim}")


def no_seat(seat: object, players: int) -> Reason:
    return Reason(RuleId.YS_1, f"there is no seat {seat!r} at a {players}-player table", f"{players}人牌桌没有座位{seat!r}")


def no_challenger() -> Reason:
    return Reason(RuleId.YS_8, "a challenge needs a challenger", "质疑需要有质疑者")


def own_card(seat: int) -> Reason:
    return Reason(RuleId.YS_8, f"player {seat} cannot challenge their own card; only other players can",
                  f"{seat}号玩家不能质疑自己的牌，只有其他玩家可以")


def already_challenged(what: str, what_zh: str) -> Reason:
    return Reason(RuleId.YS_14, f"the face-down card was already challenged and the pile taken: {what}",
                  f"这张暗牌已被质疑、牌堆已被收走：{what_zh}")


def empty_pile(what: str, what_zh: str) -> Reason:
    return Reason(RuleId.YS_8, f"the pile is empty, there is no face-down card: {what}", f"出牌堆是空的，没有暗牌：{what_zh}")


def covered(top: Card, what: str, what_zh: str) -> Reason:
    return Reason(RuleId.YS_8, f"the face-down card is covered by {top}: too late, {what}",
                  f"暗牌已被{top}压住：为时已晚，{what_zh}")


def face_up_top(top: Card, what: str, what_zh: str) -> Reason:
    return Reason(RuleId.YS_8, f"the top card {top} is face up and cannot be challenged: {what}",
                  f"最上面的{top}是明牌，不能质疑：{what_zh}")


def window_closed(what: str, what_zh: str) -> Reason:
    return Reason(RuleId.YS_8, f"nobody challenged the face-down card and it stands: {what}",
                  f"暗牌无人质疑，已经成立：{what_zh}")


# -- what may happen --------------------------------------------------------------------------


def may_play(player: int, card: Card, face: Face) -> Reason:
    return Reason(RuleId.YS_6 if face is Face.UP else RuleId.YS_7, f"player {player} may play {card} face {face}",
                  f"{player}号玩家可以打出{card}作为{face.zh}")


def may_pass() -> Reason:
    return Reason(RuleId.YS_11, "if nobody challenges, the face-down card stands at its claim",
                  "若无人质疑，暗牌按声明点数成立")


# -- what happened ----------------------------------------------------------------------------


def played_up(player: int, card: Card, before: Rank, below: bool) -> Reason:
    if below:
        return Reason(RuleId.YS_6, f"player {player} plays {card} face up, below the target {before}: "
                      f"the target drops to {card.rank}",
                      f"{player}号玩家打出明牌{card}，低于目标{before}：目标降为{card.rank}")
    return Reason(RuleId.YS_6, f"player {player} plays {card} face up, not below the target {before}: "
                  f"the target is now {card.rank}", f"{player}号玩家打出明牌{card}，不低于目标{before}：目标变为{card.rank}")


def drew(player: int, card: Card, before: Rank) -> Reason:
    return Reason(RuleId.YS_6, f"{card} is below the target {before}, so player {player} draws a card",
                  f"{card}低于目标{before}，{player}号玩家摸一张牌")


def nothing_to_draw(card: Card, before: Rank) -> Reason:
    return Reason(RuleId.YS_16, f"{card} is below the target {before}, but the draw pile is empty: no draw",
                  f"{card}低于目标{before}，但摸牌堆已空：不再摸牌")


def played_down(player: int, claim: Rank | None, last: bool) -> Reason:
    tail_en, tail_zh = (" (their last card)", "（最后一张）") if last else ("", "")
    if claim is None:
        return Reason(RuleId.YS_15, f"player {player} plays a card face down without a claim{tail_en}: "
                      f"it counts as a claim of 3", f"{player}号玩家扣下一张暗牌未报点{tail_zh}：按报3处理")
    return Reason(RuleId.YS_7, f"player {player} plays a card face down and claims {claim}{tail_en}",
                  f"{player}号玩家扣下一张暗牌，报{claim}{tail_zh}")


def stands(seat: int, claim: Rank) -> Reason:
    return Reason(RuleId.YS_11, f"nobody challenges player {seat}'s face-down card: it stands as {claim}, "
                  f"unrevealed, and the target is now {claim}",
                  f"无人质疑{seat}号玩家的暗牌：按声明的{claim}成立，不翻开，目标变为{claim}")


def takes(taker: int, count: int, revealed: Card) -> Reason:
    """The pile goes to a taker at the end of the game (a failed challenge of a last card)."""
    return Reason(RuleId.YS_9, f"player {taker} takes the pile of {count} cards, the revealed {revealed} included",
                  f"{taker}号玩家收走中央{count}张牌，包括翻开的{revealed}")


def takes_and_leads(taker: int, count: int, revealed: Card, target: Rank, reset: bool) -> Reason:
    target_en = "the target goes back to 3" if reset else f"the target stays {target}"
    target_zh = "目标重新从3开始" if reset else f"目标仍为{target}"
    return Reason(RuleId.YS_10, f"player {taker} takes the pile of {count} cards, the revealed {revealed} included, "
                  f"and leads a new round face up; {target_en}",
                  f"{taker}号玩家收走中央{count}张牌（包括翻开的{revealed}），以明牌领出新一轮；{target_zh}")


# -- the end ----------------------------------------------------------------------------------


def wins_face_up(player: int, card: Card) -> Reason:
    return Reason(RuleId.YS_12, f"player {player}'s last card {card} is face up and established: player {player} wins",
                  f"{player}号玩家最后一张明牌{card}已成立：{player}号玩家获胜")


def wins_unchallenged(seat: int) -> Reason:
    return Reason(RuleId.YS_12, f"player {seat}'s last card stands unchallenged: player {seat} wins",
                  f"{seat}号玩家的最后一张暗牌无人质疑而成立：{seat}号玩家获胜")


def wins_challenge_failed(seat: int) -> Reason:
    return Reason(RuleId.YS_12, f"the challenge of player {seat}'s last card fails: player {seat} wins",
                  f"对{seat}号玩家最后一张暗牌的质疑失败：{seat}号玩家获胜")


def wins_by_fewest_cards(seat: int, count: int, stalled: int) -> Reason:
    plays = f"{stalled} play{'s' * (stalled != 1)}"
    return Reason(RuleId.YS_16, f"nobody can finish ({plays} without any hand reaching a new low): fewest cards wins, "
                  f"player {seat} with {count} (ties: nearest in turn order)",
                  f"无人能打完手牌（连续{stalled}次出牌无人手牌创新低）：手牌最少者获胜，"
                  f"{seat}号玩家剩{count}张（并列时按出牌顺序最近者）")


# -- the state between plays ------------------------------------------------------------------


def target_is(target: Rank, top: PileCard | None) -> Reason:
    """YS-4: what set the target: the last established card, or nothing yet (3)."""
    if top is None and target is not Rank.THREE:
        return Reason(RuleId.YS_10, f"the pile was taken and this ruleset keeps the target: it stays {target}",
                      f"牌堆被收走，本规则目标不重置：仍是{target}")
    if top is None:
        return Reason(RuleId.YS_4, f"no card is established in this round yet: the target is {target}",
                      f"本轮还没有确立的牌：目标是{target}")
    how = f"face-up {top.card} counts as its rank" if top.face is Face.UP else f"a face-down card claimed as {top.claim}"
    how_zh = f"明牌{top.card}按其点数" if top.face is Face.UP else f"暗牌按声称的{top.claim}"
    return Reason(RuleId.YS_4, f"the last established card sets the target: {how}, so the target is {target}",
                  f"最后确立的牌决定目标：{how_zh}，所以目标是{target}")


def face_is(face: Face, top: PileCard | None) -> Reason:
    """YS-5 / YS-13: the next card's face follows from the last card on the pile."""
    if top is None:
        return Reason(RuleId.YS_13, f"the pile is empty (a new round, or the pile was just taken): the next card is face {face}",
                      f"出牌堆是空的（新一轮，或刚收走牌堆）：下一张是{face.zh}")
    return Reason(RuleId.YS_5, f"each established card flips the face: the last card is face {top.face}, "
                               f"so the next card is face {face}",
                  f"每张确立的牌都翻转明暗：最后一张是{top.face.zh}，所以下一张是{face.zh}")
