"""Stable rule ids of the rules register (:mod:`cardlib.register` says what each one means).

Tests, docstrings, explanations and the book's anchors all cite these ids.

>>> RuleId.YS_2.text.en
'Ranks from low to high: 3 4 5 6 7 8 9 10 J Q K A 2. Suits never matter.'
>>> RuleId.SS_E1.source.zh, RuleId.SS_E1.kind.zh
('《双升》', '勘误')
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .explain import Words
    from .register import Kind


class RuleId(str, Enum):
    """One id per row of the rules register (rules, differences, errata, conventions)."""

    # 一上一下
    YS_1 = "YS-1"
    YS_2 = "YS-2"
    YS_3 = "YS-3"
    YS_4 = "YS-4"
    YS_5 = "YS-5"
    YS_6 = "YS-6"
    YS_7 = "YS-7"
    YS_8 = "YS-8"
    YS_9 = "YS-9"
    YS_10 = "YS-10"
    YS_11 = "YS-11"
    YS_12 = "YS-12"
    YS_13 = "YS-13"
    YS_14 = "YS-14"
    YS_15 = "YS-15"
    YS_16 = "YS-16"
    YS_E1 = "YS-E1"
    YS_E2 = "YS-E2"
    # Shengji: common rules
    SJ_1 = "SJ-1"
    SJ_2 = "SJ-2"
    SJ_3 = "SJ-3"
    SJ_4 = "SJ-4"
    SJ_5 = "SJ-5"
    SJ_6 = "SJ-6"
    SJ_7 = "SJ-7"
    SJ_8 = "SJ-8"
    SJ_9 = "SJ-9"
    SJ_10 = "SJ-10"
    SJ_11 = "SJ-11"
    SJ_12 = "SJ-12"
    SJ_13 = "SJ-13"
    # Shengji: where the documents differ (the SG and SS ids name one ruleset field each)
    SG_1 = "SG-1"
    SS_1 = "SS-1"
    SG_2 = "SG-2"
    SS_2 = "SS-2"
    SG_3 = "SG-3"
    SS_3 = "SS-3"
    SG_4 = "SG-4"
    SS_4 = "SS-4"
    SG_5 = "SG-5"
    SS_5 = "SS-5"
    SG_6 = "SG-6"
    SS_6 = "SS-6"
    SG_7 = "SG-7"
    SS_7 = "SS-7"
    SG_8 = "SG-8"
    SS_8 = "SS-8"
    SG_9 = "SG-9"
    SS_9 = "SS-9"
    # Errata
    SG_E1 = "SG-E1"
    SG_E2 = "SG-E2"
    SG_E3 = "SG-E3"
    SS_E1 = "SS-E1"
    SS_E2 = "SS-E2"
    SS_E3 = "SS-E3"
    # Conventions where every source is silent
    C_1 = "C-1"
    C_2 = "C-2"
    C_3 = "C-3"
    C_4 = "C-4"
    C_5 = "C-5"
    C_6 = "C-6"
    C_7 = "C-7"

    def __str__(self) -> str:
        return self.value

    @property
    def text(self) -> Words:
        """What the rule says, in English and Chinese (its row of :mod:`cardlib.register`)."""
        from .register import REGISTER

        return REGISTER[self].text

    @property
    def source(self) -> Words:
        """The guide(s) the rule comes from (YS, SG, SS), or "none: the book's convention", in both languages."""
        from .register import REGISTER

        return REGISTER[self].source

    @property
    def kind(self) -> Kind:
        """Rule, difference (SG-n / SS-n), erratum (an ``E`` in the id) or convention (C-n)."""
        from .register import REGISTER

        return REGISTER[self].kind

    @classmethod
    def parse(cls, text: str | RuleId) -> RuleId:
        """The id as the register writes it, in any case, with ``-`` or ``_`` (``"SJ-9"``, ``"sj-9"``, ``"SJ_9"``).

        >>> RuleId.parse("sj-9"), RuleId.parse(" ss_e2 ")
        (<RuleId.SJ_9: 'SJ-9'>, <RuleId.SS_E2: 'SS-E2'>)
        >>> RuleId.parse("SJ-99")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardlib.errors.CardlibError: unknown rule id 'SJ-99': ids are YS-1 … YS-16, YS-E1 …, SJ-1 … SJ-13, ...
        """
        if isinstance(text, RuleId):
            return text
        if isinstance(text, str):
            member = _BY_KEY.get(text.strip().upper().replace("_", "-"))
            if member is not None:
                return member
        from .errors import CardlibError

        raise CardlibError(f"unknown rule id {text!r}: ids are YS-1 … YS-16, YS-E1 …, SJ-1 … SJ-13, SG-1 … SG-9, "
                           f"SS-1 … SS-9, SG-E1 …, SS-E1 …, C-1 …")


_BY_KEY: dict[str, RuleId] = {rule.value: rule for rule in RuleId}
