"""The answerability fit's chosen point (:func:`memcli.answer_fit.choose_cut`): the largest cut that keeps the
recall target, or a higher one within ``MARGIN`` of it that is right on more questions, counted alike."""

from __future__ import annotations

from memcli.answer_fit import MARGIN, HitRow, QueryRows, choose_cut


def _questions(n_near: int) -> tuple[list[QueryRows], list[list[float]]]:
    """100 answer questions: 96 found at p 0.9, one found only at p 0.015, three whose hit is not the answer;
    ``n_near`` no-answer questions whose one hit has p 0.03."""
    qs, probs = [], []
    for i in range(100):
        key = f"a{i}" if i < 97 else f"other{i}"
        qs.append(QueryRows(f"q{i}", "zh", {f"a{i}"}, hits=[HitRow([key], [0.0], None)]))
        probs.append([0.015 if i == 96 else 0.9])
    for i in range(n_near):
        qs.append(QueryRows(f"n{i}", "zh", set(), ["near_miss"], [HitRow([f"m{i}"], [0.0], None)]))
        probs.append([0.03])
    return qs, probs


def test_a_higher_point_within_the_margin_is_taken_when_it_is_right_on_more_questions() -> None:
    qs, probs = _questions(5)
    # recall@5 0.97 up to 0.01, 0.96 above: the target 0.965 is met at 0.01 only; at 0.04 one answer is lost
    # and 5 no-answer questions are left empty
    assert choose_cut(qs, probs, 0.965) == 0.04


def test_the_target_point_stays_when_the_higher_one_is_right_on_no_more() -> None:
    qs, probs = _questions(1)  # one answer lost for one no-answer left empty: a tie keeps the target's point
    assert choose_cut(qs, probs, 0.965) == 0.01


def test_no_point_below_the_margin_is_taken() -> None:
    qs, probs = _questions(5)
    assert MARGIN < 0.01  # at 0.97 the higher point's recall 0.96 is more than the margin below the target
    assert choose_cut(qs, probs, 0.97) == 0.01
