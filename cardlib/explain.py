"""Reasons as data: every verdict the engine gives cites a rule id, in English and Chinese."""

from __future__ import annotations

from dataclasses import dataclass

from .rule_ids import RuleId


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the engine decided something: the deciding rule and one sentence per language.

    ``str(reason)`` is the English form used by ``python -m cardlib check``:
    ``"SJ-9: ..."``.
    """

    rule: RuleId
    en: str
    zh: str

    def __str__(self) -> str:
        return f"{self.rule.value}: {self.en}"

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``"en"`` or ``"zh"``), prefixed with the rule id."""
        return f"{self.rule.value}: {self.zh if lang == 'zh' else self.en}"

    def to_dict(self) -> dict[str, str]:
        """A JSON-ready form (used by puzzle specs)."""
        return {"rule": self.rule.value, "en": self.en, "zh": self.zh}

    def _repr_html_(self) -> str:
        """A notebook shows a reason as a quotation in both languages (drawn by :mod:`.render`)."""
        from .render import reason_html

        return reason_html(self)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A yes/no answer with the reason that decided it."""

    ok: bool
    reason: Reason

    def __bool__(self) -> bool:
        return self.ok

    @property
    def rule(self) -> RuleId:
        return self.reason.rule
