"""The rules register: every rule id, what it says in English and Chinese, and where it comes from.

Three guides are read: the 一上一下 guide (YS), the 四人升级 guide (SG) and the 双升 guide (SS).
The register has one row per rule they state (YS-n, and SJ-n where both 升级 guides agree), per
place the two 升级 guides differ (SG-n / SS-n: the same number is the same question, answered by
one field of :class:`cardlib.shengji.rules.Ruleset`), per contradiction inside one guide (an
erratum: an ``E`` in the id) and per question every guide leaves open (C-n: the book's convention).
Where a guide is silent the row states the engine's default; where it contradicts itself, the
consistent reading the engine follows.

:class:`cardlib.rule_ids.RuleId` is the list of ids; this module is what each id says.

>>> RuleId.SJ_9.text.en[:46]
'Followers must play as many cards of the led s'
>>> RuleId.SJ_9.source.zh
'《四人升级》《双升》'
>>> RuleId.C_1.source.en
"none: the book's convention"
>>> entry(RuleId.SS_4).difference.fields
('tractor_adjacency',)
>>> [e.rule.value for e in entries(Kind.ERRATUM)][:3]
['YS-E1', 'YS-E2', 'SG-E1']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from html import escape

from .explain import Words
from .rule_ids import RuleId
from .words import is_zh, reader_lang


class Kind(str, Enum):
    """What a register row is: a rule, a difference between SG and SS, an erratum or a convention."""

    RULE = "rule"
    DIFFERENCE = "difference"
    ERRATUM = "erratum"
    CONVENTION = "convention"

    @property
    def en(self) -> str:
        return str(self.value)

    @property
    def zh(self) -> str:
        return {"rule": "规则", "difference": "差异", "erratum": "勘误", "convention": "约定"}[self.value]


class Guide(str, Enum):
    """One of the three source documents, by the short name the ids use."""

    YS = "YS"
    SG = "SG"
    SS = "SS"

    @property
    def book_title(self) -> str:
        """The guide's Chinese title: ``一上一下``, ``四人升级``, ``双升``."""
        return {"YS": "一上一下", "SG": "四人升级", "SS": "双升"}[self.value]

    @property
    def en(self) -> str:
        return f"the {self.book_title} guide ({self.value})"

    @property
    def zh(self) -> str:
        return f"《{self.book_title}》"


#: The source of a row no guide settles.
CONVENTION_SOURCE = Words("none: the book's convention", "无：本书的约定")


@dataclass(frozen=True, slots=True)
class Difference:
    """Where SG and SS differ (or one is silent): the question, each guide's answer, and the
    ``Ruleset`` field(s) of :mod:`cardlib.shengji.rules` that hold the choice."""

    topic: Words
    sg: Words
    ss: Words
    fields: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of the register.

    ``text`` is the rule as the engine applies it (with the default where a guide is silent);
    ``guides`` the guides its words come from (none for a convention); ``fields`` the ruleset
    fields that let a table choose otherwise (``yishang`` or ``shengji`` ruleset, by the id).
    """

    rule: RuleId
    kind: Kind
    text: Words
    guides: tuple[Guide, ...]
    fields: tuple[str, ...] = ()
    difference: Difference | None = None

    @property
    def source(self) -> Words:
        """The guides the row rests on, in both languages, or "none: the book's convention"."""
        if not self.guides:
            return CONVENTION_SOURCE
        return Words(" and ".join(guide.en for guide in self.guides), "".join(guide.zh for guide in self.guides))


YS, SG, SS = Guide.YS, Guide.SG, Guide.SS
BOTH = (SG, SS)
_ROWS: list[Entry] = []


def _row(rule: RuleId, kind: Kind, guides: tuple[Guide, ...], en: str, zh: str, *fields: str) -> None:
    _ROWS.append(Entry(rule, kind, Words(en, zh), guides, tuple(fields)))


def _pair(number: int, topic: Words, sg: Words, ss: Words, fields: tuple[str, ...],
          sg_rule: tuple[tuple[Guide, ...], str, str], ss_rule: tuple[tuple[Guide, ...], str, str]) -> None:
    """SG-n and SS-n: one question, each guide's answer, and the rule each row applies."""
    difference = Difference(topic, sg, ss, fields)
    for prefix, (guides, en, zh) in (("SG", sg_rule), ("SS", ss_rule)):
        _ROWS.append(Entry(RuleId[f"{prefix}_{number}"], Kind.DIFFERENCE, Words(en, zh), guides, fields, difference))


def _single(rule: RuleId, topic: Words, sg: Words, ss: Words, fields: tuple[str, ...],
            guides: tuple[Guide, ...], en: str, zh: str) -> None:
    """A difference row with no partner of the same number (SG-8: the next dealer; SS-8: the game's end)."""
    _ROWS.append(Entry(rule, Kind.DIFFERENCE, Words(en, zh), guides, fields, Difference(topic, sg, ss, fields)))


R, E, C = Kind.RULE, Kind.ERRATUM, Kind.CONVENTION
SILENT_SG = Words("silent", "没有说明")
SILENT_SS = SILENT_SG

# 一上一下 (YS)
_row(RuleId.YS_1, R, (YS,),
     "One 52-card deck without jokers; two to four players, seven cards each; the rest, face down, is the "
     "draw pile.",
     "一副去掉大小王的扑克牌，共52张；两至四人参与，每人先发7张，其余牌背面朝上作为摸牌堆。")
_row(RuleId.YS_2, R, (YS,),
     "Ranks from low to high: 3 4 5 6 7 8 9 10 J Q K A 2. Suits never matter.",
     "牌点从小到大依次为3、4、5、6、7、8、9、10、J、Q、K、A、2，2最大；花色不分大小。")
_row(RuleId.YS_3, R, (YS,),
     "To decide who starts, everyone draws a card: the highest rank leads; a tie draws again.",
     "确定先手：各抽一张牌，点数最大的人先出；平手时重新抽。")
_row(RuleId.YS_4, R, (YS,),
     "The target starts at 3. Each established play sets it: a face-up card to its real rank, a face-down "
     "card to its claimed rank.",
     "开局时目标点数定为3。每张成立的出牌都更新目标：明牌以实际牌点为目标，暗牌以出牌者报出的点数为目标。")
_row(RuleId.YS_5, R, (YS,),
     "The first card of a round is face up, and each established play flips the next one: up, down, up, "
     "down. Drawing, challenging and taking the pile are not plays and flip nothing.",
     "每轮第一张牌正面朝上，此后每张成立的出牌都让朝向切换：上、下、上、下。摸牌、质疑或收走出牌堆都不算出牌，"
     "不改变下一张牌的朝向。")
_row(RuleId.YS_6, R, (YS,),
     "A face-up play is any card, named truthfully. If its rank is below the target, the player draws one "
     "card (none if the draw pile is empty); the target becomes its rank even when lower.",
     "轮到明牌时，打出任意一张牌并如实报点。明牌低于当前目标时仍可打出，但要从摸牌堆摸一张牌（摸牌堆已空就不再"
     "补牌）；目标随明牌的实际点数降低。")
_row(RuleId.YS_7, R, (YS,),
     "A face-down play is one card face down with a claimed rank; the claim may be a lie.",
     "轮到暗牌时，将一张牌背面朝上放入出牌堆并报一个点数，可以照实报，也可以虚报。")
_row(RuleId.YS_8, R, (YS,),
     "Any other player may challenge a face-down card before the next card is played, never later.",
     "暗牌落桌后，其他玩家可以在下一张牌出手前提出质疑；下一张牌已经打出，就不能再回头质疑。")
_row(RuleId.YS_9, R, (YS,),
     "A challenge reveals the card. It succeeds if the real rank differs from the claim or is below the "
     "target that stood before the card: then whoever played the card takes the whole central pile. "
     "Otherwise the challenger takes it. The revealed card goes with the pile. A truthful claim below the "
     "target still loses the challenge.",
     "质疑时翻开暗牌：实际点数与报的点数不符，或实际点数低于出牌前的目标，质疑成立，出暗牌者收走中央整堆牌；否则"
     "质疑失败，由质疑者收走整堆牌。翻开的暗牌一并收走。照实报出但低于目标的暗牌，质疑仍然成立。")
_row(RuleId.YS_10, R, (YS,),
     "Whoever takes the pile leads a new round, face up. The target starts again from 3, so the lead never "
     "draws (the guide: the target is counted from the new card).",
     "收牌者成为新一轮先手，下一张重新从明牌开始；目标重新从3算起，所以领出的明牌不用摸牌"
     "（原文：“目标从新牌开始计算”）。",
     "target_reset")
_row(RuleId.YS_11, R, (YS,),
     "An unchallenged face-down card stands at its claimed rank and is never revealed.",
     "没有人质疑的暗牌按报的点数成立，不翻牌、不补看。")
_row(RuleId.YS_12, R, (YS,),
     "A player who plays their last card wins once that card is established. A face-up last card below "
     "the target forces a draw, so that player is not out; a face-down last card wins when nobody "
     "challenges it or a challenge fails.",
     "打出最后一张牌、并且这张牌成立的人获胜。最后一张明牌低于目标时要摸牌，所以还没打完；最后一张暗牌无人质疑"
     "或质疑失败时获胜。")
_row(RuleId.YS_13, R, (YS,),
     "If the players forget the orientation, the last established card in the pile decides: after a "
     "face-up card comes a face-down one, and the other way round; after a pile is taken, the next card is "
     "face up.",
     "忘了朝向时，以中央牌堆中最后一张已成立的牌为准：最后一张是明牌，接下来出暗牌；最后一张是暗牌，接下来出"
     "明牌。收走整堆牌后，新一轮从明牌开始。")
_row(RuleId.YS_14, R, (YS,),
     "If several players challenge at once, the first of them in turn order after the player challenges; "
     "a card can be challenged only once.",
     "多人同时喊质疑时，由紧接着出牌顺序的下一位玩家优先处理；其他人不能重复质疑同一张牌。")
_row(RuleId.YS_15, R, (YS,),
     "A face-down card played without a claim counts as a claim of 3.",
     "忘记报点的暗牌，默认按最低点3处理，其他人仍可质疑。")
_row(RuleId.YS_16, R, (YS,),
     "When the draw pile is empty, play goes on without the draw penalty. An optional agreement, off "
     "unless a table makes it: if nobody can finish, the player with the fewest cards wins.",
     "摸牌堆用完后照常出牌，只取消摸牌惩罚。可以另行约定（默认不用）：如果无人再能打完手牌，手牌最少者获胜。",
     "fewest_cards_wins", "stall_limit")
_row(RuleId.YS_E1, E, (YS,),
     "The worked example (players A, B, C in turn) says that after B's face-down 10 stands, A must play the "
     "next card face up; by turn order it is C who plays next, face up. The engine follows the turn order.",
     "示例（甲、乙、丙依次出牌）说乙的暗牌10成立后“甲接下来必须打明牌”；按出牌顺序，接下来是丙打明牌。"
     "引擎按出牌顺序。")
_row(RuleId.YS_E2, E, (YS,),
     "In the example's variation where B's card is a 6, not a 10, the guide gives C the new lead, yet B "
     "takes the pile, and YS-10 (the guide's own step 4) says whoever takes the pile leads: B leads.",
     "示例中乙报10、实际是6的变化里，原文说丙获得新一轮先手，可是收走中央牌堆的是乙；按原文第4步（YS-10），"
     "收牌者成为新一轮先手，应由乙先出。")

# 升级: what SG and SS agree on (SJ)
_row(RuleId.SJ_1, R, BOTH,
     "Four players in two teams; partners sit opposite each other. Two full decks with jokers: 108 cards.",
     "四人参与，相对而坐的两人为一队（对家）；用两副完整的扑克牌，含大小王，共108张。")
_row(RuleId.SJ_2, R, BOTH,
     "The deal goes counterclockwise one card at a time, starting from the dealer: 25 cards each, and the "
     "last 8 go to the dealer as the kitty. In the 四人升级 guide the player after the dealer cuts.",
     "从庄家开始，按逆时针方向每人轮流抓一张牌，每人25张，最后8张留给庄家作为底牌。《四人升级》由庄家的下家切牌。",
     "cut")
_row(RuleId.SJ_3, R, BOTH,
     "Each team has its own level, starting at 2; the level played is the dealer's team's. The level cards "
     "are the cards of that rank in all four suits.",
     "每队各有自己的级别，从2开始打；当前打的是庄家一方的级别。与级别相同点数的四种花色的牌都是级牌。")
_row(RuleId.SJ_4, R, BOTH,
     "Trumps are both jokers, every card of the trump suit and every level card; all other cards belong to "
     "the plain suits.",
     "大王、小王永远是主牌，主花色的所有牌和所有级牌也是主牌；除主牌以外的都是副牌。")
_row(RuleId.SJ_5, R, BOTH,
     "Trump order, high to low: big joker, little joker, the level card of the trump suit, the other level "
     "cards (equal to each other), then the trump suit from A down to 2 without the level rank. A plain "
     "suit runs from A down to 2 without the level rank.",
     "主牌大小：大王 > 小王 > 主花色的级牌 > 其他花色级牌（彼此一样大）> 主花色A、K、Q……2（不含级牌）。"
     "副牌大小：A > K > Q > …… > 2（不含级牌）。")
_row(RuleId.SJ_6, R, BOTH,
     "A pair is two identical cards: same suit and rank, or two jokers of one kind. A tractor is two or "
     "more pairs of one suit (all trumps count as one suit) whose ranks are adjacent in the order of SJ-5.",
     "对子是两张完全相同的牌：花色和点数都相同，或两张大王、两张小王。拖拉机是同一门（主牌算一门）中相连的两个"
     "或以上对子，相连按主牌和副牌的大小顺序算（SJ-5）。")
_row(RuleId.SJ_7, R, BOTH,
     "The dealer picks up the kitty and buries any 8 cards face down.",
     "庄家将最后8张牌收回手中，然后挑选任意8张牌作为底牌，扣在桌面上。")
_row(RuleId.SJ_8, R, BOTH,
     "The dealer leads the first trick; the winner of each trick leads the next.",
     "由庄家首先出牌；每轮中牌最大的玩家赢得该轮，并成为下一轮的首家。")
_row(RuleId.SJ_9, R, BOTH,
     "Followers must play as many cards of the led suit as were led (all trumps being one suit) while they "
     "have them. A pair must be followed with a pair of that suit if the follower holds one, a tractor with "
     "a tractor of that suit if they hold one.",
     "跟牌必须跟出首家所出那一门（主牌算一门）的牌，张数相同，有就必须出。首家出对子，手中有该门的对子就必须"
     "跟对子；首家出拖拉机，有该门的拖拉机就必须跟拖拉机。")
_row(RuleId.SJ_10, R, BOTH,
     "A follower with no card of the led suit may trump it (毙, 杀) or discard anything. Trumps beat a lead "
     "of several cards only in the same shape: a pair for a pair, a tractor of the same length for a "
     "tractor. Among trumping plays the highest wins; to over-trump (盖毙) a play must be strictly higher.",
     "没有该花色时，可以出主牌来“毙”（“杀”），也可以垫任意牌。首家出对子或拖拉机时，杀牌也必须是同样的牌型："
     "对子对对子，同样长的拖拉机对拖拉机。多人毙牌时比较主牌大小，大者为胜；“盖毙”必须比前面的毙牌都大。")
_row(RuleId.SJ_11, R, BOTH,
     "Points: each 5 counts 5, each 10 and each K count 10; two decks hold 200 points. The winner of a "
     "trick takes its points for their team.",
     "分牌：5算5分，10和K各算10分，两副牌共200分。赢得一轮的一方获得该轮所有分牌的分数。")
_row(RuleId.SJ_12, R, BOTH,
     "If the attackers (the team that is not dealing) win the last trick, the kitty's points count for "
     "them, multiplied (SG-6, SS-6). If the dealer's team wins it, the kitty adds nothing to the attackers.",
     "攻方（非庄家方，即闲家）赢得最后一轮叫“抠底”，底牌分数翻倍后计入攻方得分（SG-6、SS-6）；庄家方赢得"
     "最后一轮，底牌分数不计入闲家得分。",
     "kitty_multiplier")
_row(RuleId.SJ_13, R, BOTH,
     "The attackers' total decides the level change (SG-7, SS-7). A team wins the game by playing through A.",
     "攻方的总分决定升级或上台（SG-7、SS-7）。打过A即算获胜。",
     "game_end")

# 升级: where SG and SS differ (one ruleset field per pair)
_pair(1, Words("calling trump during the deal", "抓牌时亮主"),
      Words("A level card shown names the trump suit; a second one of that suit only reinforces it; a pair of "
            "level cards of one suit overrides a single; a pair of jokers overrides everything and leaves no "
            "trump suit (炒地皮).",
            "亮出级牌定主花色；亮出同花色的另一张级牌只是“加固”；一对同花色级牌可以反单张的主；一对王反主称为"
            "“炒地皮”，没有主花色。"),
      Words("A level card shown names the trump suit, and in the first hand its shower deals. A pair of level "
            "cards is a stronger call (高亮), yet the first single caller stays dealer. A pair of little jokers "
            "overrides a pair of level cards; a pair of big jokers overrides a pair of little jokers.",
            "亮出级牌定主花色，第一局亮单张级牌的玩家为庄家；亮一对级牌称为“高亮”，庄家仍由先亮单张者担任；一对"
            "小王可以反一对级牌的主，一对大王可以反一对小王的主。"),
      ("calling",),
      ((SG,), "Showing a level card during the deal makes its suit trump. Another level card of the same suit "
              "only reinforces the call; a pair of level cards of one suit overrides a single; a pair of jokers "
              "overrides everything (炒地皮), and then there is no trump suit.",
       "抓牌过程中亮出级牌，这张牌的花色就成为主花色。亮出同花色的另一张级牌只是“加固”；亮出一对同花色级牌可以"
       "覆盖单张亮主（“对子反主”）；一对王反主称为“炒地皮”，此时没有固定主花色。"),
      ((SS,), "Showing a level card during the deal makes its suit trump, and in the first hand the player who "
              "showed it deals. A pair of level cards (高亮) is a stronger call, yet the dealer stays the first "
              "single caller. A pair of little jokers overrides a pair of level cards, and a pair of big jokers "
              "a pair of little jokers.",
       "发牌过程中亮出级牌，这张牌的花色即成为主牌花色；第一局亮出单张级牌的玩家为庄家。亮出一对级牌称为“高亮”，"
       "主牌级别更高，但庄家仍由先亮单张者担任。一对小王可以反一对级牌的主，一对大王可以反一对小王的主。"))
_pair(2, Words("nobody calls", "无人亮主"),
      Words("The dealer turns the kitty (翻底): the suit of the first card that is not a joker is trump.",
            "庄家翻底：翻出的第一张非王牌的花色为主花色。"),
      SILENT_SS,
      ("no_call",),
      ((SG,), "If nobody has called by the end of the deal, the dealer turns the kitty's cards one by one (翻底): "
              "the suit of the first card that is not a joker becomes trump.",
       "直到抓牌结束都没有人亮主，就进行翻底：由庄家翻开底牌，这张牌的花色即成为主花色；翻到王就继续翻下一张，"
       "直到翻出非王牌为止。"),
      ((SG,), "The 双升 guide does not say what happens when nobody calls; the engine turns the kitty, as the "
              "四人升级 guide does.",
       "《双升》没有说明无人亮主时怎么办；引擎按《四人升级》翻底。"))
_pair(3, Words("trumps after a pair of jokers overcalls", "一对王反主之后的主牌"),
      Words("No trump suit: the trumps are the jokers and the level cards.",
            "没有主花色：主牌只有大小王和级牌。"),
      Words("The trump suit becomes the suit of the new call, which a joker does not have.",
            "反主后主牌花色变为新亮牌的花色，而王没有花色。"),
      ("joker_call_trump",),
      ((SG,), "After a pair of jokers overcalls there is no trump suit: the trumps are the jokers and the level "
              "cards only.",
       "一对王反主（“炒地皮”）之后没有固定主花色：主牌只有大小王和级牌。"),
      ((SS, SG), "The 双升 guide says the trump suit becomes the suit of the new call, but a joker has no suit; "
                 "the engine reads it as no trump suit, as the 四人升级 guide does.",
       "《双升》说“反主后主牌花色变为新亮牌的花色”，可是王没有花色；引擎按《四人升级》读作没有主花色。"))
_pair(4, Words("level cards in tractors", "级牌与拖拉机"),
      Words("Adjacent in the trump order of SJ-5: the level rank drops out of its suit.",
            "按大小顺序相连（SJ-5）：级牌不在本门的顺序里。"),
      Words("Level cards join by their natural rank: with level 5, a pair of trump 5s and a pair of 6s are a "
            "tractor.",
            "级牌按自然点数相连：打5时，主牌♠55和♠66就是拖拉机。"),
      ("tractor_adjacency",),
      ((SG,), "Pairs are adjacent in the trump order of SJ-5, where the level rank drops out of its suit: with "
              "level 5, a pair of 4s and a pair of 6s of one suit make a tractor.",
       "对子按大小顺序相连（SJ-5），级牌不在本门的顺序里：打5时，同花色的一对4和一对6就是拖拉机。"),
      ((SS,), "Level cards join a tractor by their natural rank: the guide's example is that with level 5, a "
              "pair of trump 5s and a pair of trump 6s make a tractor.",
       "主牌中的级牌可与相邻点数构成拖拉机：原文举例“打5时，主牌♠55和♠66就是拖拉机”。"))
_pair(5, Words("following a tractor without one of its length", "没有同样的拖拉机时怎样跟拖拉机"),
      Words("Play other pairs of the suit, then singles.", "出其他对子或单张。"),
      Words("Play the same shape if held; silent on partial shapes.", "有相同牌型必须出；没有说明部分牌型。"),
      ("short_tractor_follow",),
      ((SG,), "A follower without a tractor of the length led plays other pairs of the suit, as many as led "
              "and held, then singles: any pairs will do (keeping shorter tractors first is the variant C-7).",
       "跟拖拉机时如果没有同样的拖拉机，“则需出其他对子或单张”：该门任意对子都可以，尽量跟够对数，再跟单张"
       "（先保留较短的拖拉机是变体C-7）。"),
      ((SS,), "The 双升 guide says a follower who holds the same shape must play it, and is silent on a "
              "partial shape; the engine keeps as much of the shape as the hand holds (C-7).",
       "《双升》只说“若手中有同花色的相同牌型，必须出”，没有说明只有部分牌型时怎么跟；引擎尽量保留牌型（C-7）。"))
_pair(6, Words("the kitty multiplier", "抠底的倍数"),
      Words("A single ×2, a pair ×4, a tractor of n pairs ×2 to the power n.",
            "单张×2，对子×4，拖拉机×（2^拖拉机对数）。"),
      Words("×2 whatever the shape; under some rules a pair ×2 and a tractor ×4.",
            "翻倍（×2）；某些规则中对子翻2倍、拖拉机翻4倍。"),
      ("kitty_multiplier",),
      ((SG,), "The kitty's points are multiplied by the shape that wins the last trick: a single ×2, a pair ×4, "
              "a tractor of n pairs ×2 to the power n (×4 for two pairs, ×8 for three).",
       "用单张抠底：底牌分数×2；用对子抠底：×4；用拖拉机抠底：×（2^拖拉机对数），两连对×4，三连对×8。"),
      ((SS,), "The kitty's points are doubled, whatever the shape. The guide adds that under some rules a pair "
              "doubles them and a tractor multiplies them by 4, to be agreed beforehand: a third scheme the "
              "engine offers.",
       "闲家赢得最后一轮，底牌分数翻倍计入闲家得分。原文又说“某些规则中”用对子抠底翻2倍、用拖拉机抠底翻4倍，"
       "可事先约定：引擎把它另设为一种方案。"))
_pair(7, Words("the level change", "升级标准"),
      Words("0: dealer +3 · 5-35: +2 · 40-75: +1 · 80-115: attackers take over, +1 · 120 and up: take over, +2.",
            "0分：庄家方升3级 · 5～35分：升2级 · 40～75分：升1级 · 80～115分：攻方上台，升1级 · 120分及以上：上台，升2级。"),
      Words("0: dealer +3 · 5-35: +2 · 40-75: +1 · exactly 80: attackers take over, +0 · 85-115: take over, +1 · "
            "120-155: +2 · 160-200: +3; the dividing line may be 75 or 85 by local custom.",
            "0分：庄家连升3级 · 5～35分：升2级 · 40～75分：升1级 · 正好80分：闲家上台，不升级 · 85～115分：上台，"
            "升1级 · 120～155分：升2级 · 160～200分：升3级；部分地区把分界点设为75分或85分。"),
      ("level_table", "takeover_line"),
      ((SG,), "By the attackers' points: 0 (大光), the dealer's team goes up 3 levels; 5-35 (小光), up 2; "
              "40-75, up 1; 80-115, the attackers take over the deal and go up 1; 120 or more, they take over "
              "and go up 2.",
       "攻方0分（大光）：庄家方升3级；5～35分（小光）：升2级；40～75分：升1级；80～115分：换庄，攻方上台并升1级；"
       "120分及以上：上台并升2级。"),
      ((SS,), "By the attackers' points: 0, the dealer's team goes up 3 levels; 5-35, up 2; 40-75, up 1; "
              "exactly 80, the attackers take over without going up; 85-115, they take over and go up 1; "
              "120-155, up 2; 160-200, up 3. By local custom the dividing line may be 75 or 85 (C-6).",
       "闲家0分：庄家连升3级；5～35分：庄家升2级；40～75分：庄家升1级；正好80分：闲家上台，庄家不升级；85～115分："
       "闲家上台，升1级；120～155分：升2级；160～200分：升3级。部分地区把“80分”分界点设为“75分”或“85分”（C-6）。"))
_single(RuleId.SG_8, Words("the next dealer", "下一局的庄家"),
        Words("After a 大光 (0 points) the dealer's partner may deal next; silent otherwise.",
              "庄家一方被打“大光”（0分）时，下一局可以由庄家的对家坐庄；其余没有说明。"),
        SILENT_SS, ("next_dealer",), (SG,),
        "After a 大光 (the attackers score 0) the dealer's partner may deal next; the guides say nothing more. "
        "The engine's default: while the dealer's team keeps the deal, the dealer's partner deals next; when "
        "the attackers take over, the player after the dealer deals.",
        "原文：“如果庄家一方被打‘大光’（0分），下一局可以由庄家的对家‘坐庄’”，其余情况两份指南都没有说明。引擎"
        "默认：庄家方保住庄时由庄家的对家坐庄；攻方上台时由庄家的下家坐庄。")
_single(RuleId.SS_8, Words("the end of the game", "终局"),
        Words("The first team to the agreed level (usually A) wins.", "先升到指定的等级（通常是A）的一方获胜。"),
        Words("Play through A: a team wins when it goes up from A.", "打过A即算获胜。"),
        ("game_end",), (SS,),
        "A team wins the game when it goes up from A (plays through A).",
        "庄家从2开始打，依次打3、4、5……直到A，打过A即算获胜。")
_pair(9, Words("the first hand's dealer", "第一局的庄家"),
      Words("silent (seats are drawn by cards)", "没有说明（通常通过抽牌等方式决定座位）"),
      Words("Whoever first shows a single level card.", "亮出单张级牌的玩家为庄家。"),
      ("first_dealer",),
      ((SS,), "The 四人升级 guide does not say who deals the first hand; the engine does as the 双升 guide: "
              "whoever first shows a single level card deals.",
       "《四人升级》没有说明第一局由谁坐庄；引擎按《双升》：先亮出单张级牌的玩家为庄家。"),
      ((SS,), "In the first hand, whoever first shows a single level card becomes the dealer. The guide does not say "
              "who deals when the first call is a pair; the engine gives the deal to the first caller, whatever the call.",
       "第一局需要亮主来决定主牌花色和庄家：亮出单张级牌的玩家为庄家。最先亮的是一对时谁坐庄，指南没有写；"
       "引擎约定由最先亮主的人坐庄，不论亮的是什么。"))

# Errata: contradictions inside one guide
_row(RuleId.SG_E1, E, (SG,),
     "The 四人升级 guide calls the last trick the 13th; with 25 cards a hand there are up to 25 tricks, so it "
     "is simply the last trick.",
     "《四人升级》把最后一轮称为“第13轮”；每人25张牌，一局最多有25轮，这里指的就是最后一轮。")
_row(RuleId.SG_E2, E, (SG,),
     "In the 四人升级 guide a pair wins the kitty ×4 and a tractor of two pairs ×2 to the power 2, also ×4: a "
     "tractor gains no more than a pair. The engine counts as written and offers a doubling scheme as a "
     "ruleset field.",
     "按《四人升级》，用对子抠底×4，用两连对抠底×(2^2)，也是×4：拖拉机并不比对子多。引擎照原文计算，另设一种"
     "逐级翻倍的方案供选用。",
     "kitty_multiplier")
_row(RuleId.SG_E3, E, (SG,),
     "The 四人升级 guide gives 77JJ as a tractor of two pairs, but 7 and J are not adjacent; any two adjacent "
     "pairs, such as 77 88, make the example.",
     "《四人升级》以“两连对（如77JJ）”为例，但7和J并不相邻；相邻的两对（如7788）才是两连对。")
_row(RuleId.SS_E1, E, (SS,),
     "The 双升 guide says two decks hold four 5s, four 10s and four Ks, 100 points; they hold eight of each, "
     "200 points, as its own level table (up to 200) shows.",
     "《双升》说“两副牌中共有4个5、4个10、4个K，合计100分”；两副牌其实各有8张，共200分，它自己的升级表也算到"
     "200分。")
_row(RuleId.SS_E2, E, (SS,),
     "The 双升 level table lists 80 both as exactly 80 and in 80-115; its own Q6 settles it: at exactly 80 the "
     "attackers take over without going up, at 85-115 they go up 1.",
     "《双升》的升级表把80分同时列在“80分（正好）”和“80～115分”两档；它的Q6说明：正好80分，闲家上台、庄家方"
     "不升级；85～115分，闲家上台并升1级。",
     "level_table")
_row(RuleId.SS_E3, E, (SS,),
     "The 双升 guide says a pair of level cards (高亮) is a stronger call, yet the dealer stays the first "
     "single caller: an unusual rule. The engine reads it as written: the pair's suit becomes trump, and in "
     "the first hand the dealer is still the first single caller.",
     "《双升》说亮出一对级牌称为“高亮”，“庄家仍由先亮单张者担任，但主牌级别更高”，这种说法少见。引擎照原文读："
     "对子的花色成为主花色，第一局的庄家仍是先亮单张的人。",
     "calling")

# Conventions: every guide is silent
_row(RuleId.C_1, C, (),
     "Two identical cards in one trick: the one played first wins.",
     "同一轮中出现两张相同的牌：先出的大。",
     "equal_cards")
_row(RuleId.C_2, C, (),
     "The shape that sets the kitty multiplier is the shape of the play that wins the last trick (the "
     "lead's shape whenever the lead wins).",
     "决定抠底倍数的牌型，是赢得最后一轮的那一手牌的牌型（首家赢时就是首家的牌型）。",
     "kitty_shape")
_row(RuleId.C_3, C, (),
     "Leading several top cards of one suit at once (甩牌, a throw) is in neither guide: it is off in both "
     "presets, and a ruleset field turns it on for tables that play it.",
     "一次领出同一门的几张最大的牌（甩牌）两份指南都没有提到：两种预设都不允许，需要时可以作为选项打开。",
     "throws")
_row(RuleId.C_4, C, (),
     "On a pair or tractor lead, a follower who has the suit but no pair plays as many cards of the suit as "
     "were led; nothing more is asked.",
     "首家出对子或拖拉机，跟牌者有该门的牌却没有对子时，只需跟出同样张数的该门牌，没有别的要求。",
     "pair_lead_without_pair")
_row(RuleId.C_5, C, (),
     "Two different trump singles played on a pair lead are legal as a discard, but they cannot win. The 双升 guide "
     "says as much (a pair or tractor lead is trumped only with a pair or tractor); the 四人升级 guide is silent.",
     "首家出对子时，用两张不同的主牌单张去杀，可以当作垫牌打出，但不能赢。《双升》也这样说（首出对子或拖拉机时，"
     "杀牌也必须用对子或拖拉机）；《四人升级》没有写。",
     "mixed_trump_singles")
_row(RuleId.C_6, C, (),
     "A local dividing line of 75 or 85 (SS-7): the guides name only the line. The engine moves the line and "
     "every band above it by the same 5 points and stretches or shrinks the band below to meet it. Line 85: "
     "40-80 dealer +1, exactly 85 take over +0, 90-120 +1, 125-160 +2, 165-200 +3. Line 75: 40-70 dealer "
     "+1, exactly 75 take over +0, 80-110 +1, 115-150 +2, 155-200 +3.",
     "部分地区把上台分界点设为75分或85分（SS-7），原文只给出分界点本身。引擎把分界点和它以上的各档一起移动5分，"
     "分界点下面的一档随之伸缩。分界点85分：40～80分庄家升1级，正好85分闲家上台不升级，90～120分升1级，"
     "125～160分升2级，165～200分升3级；分界点75分：40～70分庄家升1级，正好75分闲家上台不升级，80～110分升1级，"
     "115～150分升2级，155～200分升3级。",
     "takeover_line")
_row(RuleId.C_7, C, (),
     "Following a tractor without one of its length, keep as much tractor structure as the hand holds: "
     "shorter tractors of the suit first, then other pairs, then singles (this book's reading). "
     "The 双升 guide is silent on it and the engine plays it so; under the 四人升级 guide, whose words "
     "allow any pairs, it is a variant.",
     "跟拖拉机而没有同样长的拖拉机时，尽量保留拖拉机的牌型：先跟该门较短的拖拉机，再跟其他对子，最后跟单张"
     "（本书的读法）。《双升》没有说明，引擎按此处理；《四人升级》原文允许任意对子，这只是变体。",
     "short_tractor_follow")

#: Every row, by rule id, in the order of :class:`RuleId`.
REGISTER: dict[RuleId, Entry] = {row.rule: row for row in sorted(_ROWS, key=lambda row: list(RuleId).index(row.rule))}


def entry(rule: RuleId | str) -> Entry:
    """The register's row for ``rule`` (an id or its text, ``"SJ-9"``).

    >>> entry("sj-9").kind
    <Kind.RULE: 'rule'>
    """
    return REGISTER[RuleId.parse(rule)]


def entries(kind: Kind | None = None) -> Iterator[Entry]:
    """The rows of one kind (all rows if ``kind`` is None), in register order."""
    return (row for row in REGISTER.values() if kind is None or row.kind is kind)


def table_html(kind: Kind, lang: str | None = None, link: Callable[[RuleId], str | None] | None = None) -> str:
    """The rows of ``kind`` as an HTML table in ``lang`` (default :func:`cardlib.words.reader_lang`).

    In English each row shows the English and the Chinese statement; in Chinese, the Chinese alone.
    A difference row shows what each guide says and the ruleset field(s) (as code).  ``link`` gives
    the address of an id's anchor in the book, if any.

    >>> html = table_html(Kind.CONVENTION, "zh")
    >>> "<th>编号</th>" in html and "先出的大" in html and "first" not in html
    True
    """
    zh = is_zh(lang or reader_lang())
    rows = list(entries(kind))
    header = ["编号", "规则", "出处"] if zh else ["id", "rule", "中文", "source"]
    if kind is Kind.DIFFERENCE:
        header = ["编号", "问题", "本行的读法", "《四人升级》", "《双升》", "规则集字段"] if zh else \
            ["id", "question", "this row's reading", "四人升级 guide (SG)", "双升 guide (SS)", "ruleset field"]
    body = []
    for row in rows:
        address = link(row.rule) if link else None
        ident = escape(row.rule.value)
        cells = [f'<a href="{escape(address)}">{ident}</a>' if address else ident]
        if row.difference is not None:
            diff = row.difference
            cells += [escape(_say(diff.topic, zh)), escape(_say(row.text, zh)), escape(_say(diff.sg, zh)),
                      escape(_say(diff.ss, zh)), " ".join(f"<code>{escape(f)}</code>" for f in diff.fields)]
        else:
            cells.append(escape(_say(row.text, zh)))
            if not zh:
                cells.append(f'<span lang="zh-Hans">{escape(row.text.zh)}</span>')
            cells.append(escape(_say(row.source, zh)))
        body.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    head = "".join(f"<th>{escape(cell)}</th>" for cell in header)
    return (f"<div class='cardlib-register' style='overflow-x:auto'><table style='margin-left:0' cellpadding='4'>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>")


def _say(words: Words, zh: bool) -> str:
    return words.zh if zh else words.en
