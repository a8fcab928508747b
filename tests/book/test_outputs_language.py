"""The code cells' outputs speak the edition's language: on the Chinese edition every output a
reader sees (tables, captions, reason boxes, verdicts, counts) is Chinese; on the English one the engine's
reasons keep their Chinese beside the English, as before.

*Chinese* means: of the letters of a page's outputs (``div.cell_output``, their text and the ``aria-label``
a screen reader says), at least :data:`MIN_CJK_SHARE` are Han characters.  Not counted: code (``pre``,
``code``, ``kbd``, ``samp``: the engine's field names, file names and command output stay code), the card
faces' drawings (``svg``: their text alternative is counted), cards (``♠A``, and in words ``黑桃A``), rule
ids (as in tests/book/test_zh_edition.py) and the two guides' short names ``SG`` / ``SS``.  The outputs
are written by the notebooks the Chinese build executes with ``CARDBOOK_LANG=zh``
(:func:`cardlib.words.reader_lang`).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.book.test_zh_edition import CHAPTERS, NOT_PROSE, SKIPPED, VOID, cjk_share, english_words, read

MIN_CJK_SHARE = 0.95
#: Besides test_zh_edition's cards and rule ids: a card named in words (黑桃A), the guides' names SG / SS.
NOT_WORDS = re.compile(r"(?:黑桃|红桃|方块|梅花)(?:10|[2-9AKQJ])|(?<![A-Za-z])S[GS](?![A-Za-z])")
#: Pages whose outputs hold fewer letters than this are judged on what they have only if any.
MIN_LETTERS = 20
REASON = re.compile(r'<blockquote class="cardlib-reason">(.*?)</blockquote>', re.DOTALL)
TAG = re.compile(r"<[^>]+>")


class OutputText(HTMLParser):
    """The text of a page's code-cell outputs (``div.cell_output``) outside code and drawings, and the
    ``aria-label`` of every element in them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[bool, bool]] = []  # for each open element: (in an output, text left out)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        inside, skipped = self.stack[-1] if self.stack else (False, False)
        found = dict(attrs)
        inside = inside or (tag == "div" and "cell_output" in (found.get("class") or "").split())
        if inside and not skipped and found.get("aria-label"):
            self.parts.append(str(found["aria-label"]))
        if tag not in VOID:
            self.stack.append((inside, skipped or tag in SKIPPED or tag == "svg"))

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1] == (True, False):
            self.parts.append(data)

    def text(self) -> str:
        return " ".join(" ".join(self.parts).split())


def output_text(html: str) -> str:
    parser = OutputText()
    parser.feed(html)
    return parser.text()


@pytest.mark.parametrize("page", CHAPTERS)
def test_chinese_pages_outputs_are_chinese(built_book, page):
    text = NOT_WORDS.sub(" ", NOT_PROSE.sub(" ", output_text(read(built_book, "zh/" + page))))
    share, letters = cjk_share(text)
    if letters < MIN_LETTERS:
        pytest.skip(f"zh/{page}: its outputs are widgets and cards only ({letters} letters)")
    assert share >= MIN_CJK_SHARE, (f"zh/{page}: {share:.0%} of {letters} letters of the outputs are Chinese "
                                    f"(at least {MIN_CJK_SHARE:.0%}); English left: {english_words(text)}")


@pytest.mark.parametrize("page", CHAPTERS)
def test_reason_boxes_speak_the_editions_language(built_book, page):
    """A reason box: English with the Chinese below it on the English edition, the Chinese alone on the
    Chinese one (the rule id stays in both)."""
    boxes = {edition: REASON.findall(read(built_book, prefix + page)) for edition, prefix in (("en", ""), ("zh", "zh/"))}
    assert len(boxes["en"]) == len(boxes["zh"]), f"{page}: the editions show other reasons"
    for english, chinese in zip(boxes["en"], boxes["zh"]):
        assert 'lang="zh-Hans"' in english and re.search(r"[A-Za-z]{3,}", TAG.sub(" ", english.split("zh-Hans")[0]))
        words = re.findall(r"[A-Za-z]{3,}", re.sub(r"\b(?:YS|SJ|SG|SS|C)-E?\d+\b", " ", TAG.sub(" ", chinese)))
        assert not words, f"zh/{page}: English in a reason box: {words} in {TAG.sub(' ', chinese)[:200]}"


def test_the_output_text_is_the_outputs_outside_code_and_drawings():
    html = ('<div class="cell_input"><p>input</p></div><div class="cell_output"><p>主牌 <code>field</code></p>'
            '<div aria-label="手牌：黑桃A"><svg aria-label="黑桃A"><text>A</text></svg></div></div><p>after</p>')
    assert output_text(html) == "主牌 手牌：黑桃A 黑桃A"
