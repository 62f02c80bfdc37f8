"""The df_hand calculator, as an operator or a club's scorer uses it (words in one language)."""

import io
import json

import pytest
from django.core.management import CommandError, call_command


def codes(text):
    return text.split()


TRIPLE_SERIES = codes("C3 S3 P3 C4 S4 P4 C5 S5 P5 M7 M8")


def run(*args, stdin=None):
    out = io.StringIO()
    call_command("df_hand", *args, stdout=out, stdin=stdin)
    return out.getvalue()


def test_words_name_the_reading_line_by_line_in_one_language():
    text = run("--element", "fire", "--genius", "--lang", "ja", *TRIPLE_SERIES)
    lines = text.splitlines()
    assert lines[0] == "セフィロト上がり・ゲブラー: 100"
    assert lines[1] == "  頭: C5 杯の5, S5 剣の5, P5 金貨の5"
    assert "M7 戦車, M8 力" in text
    assert "+ トライアングル: +300" in lines
    assert "+ トリプルシリーズ: +1000" in lines
    assert "× ジェニアス: ×10" in lines
    assert lines[-1] == "合計: 14000"
    assert "Five of Cups" not in text and "Total" not in text  # not side by side any more

    english = run("--element", "fire", "--genius", "--lang", "en", *TRIPLE_SERIES).splitlines()
    assert english[0] == "Sephirot hand: Geburah: 100"
    assert english[1] == "  Head: C5 Five of Cups, S5 Five of Swords, P5 Five of Pentacles"
    assert "× Genius: ×10" in english and english[-1] == "Total: 14000"
    assert not any("ゲブラー" in line or "杯" in line for line in english)


def test_words_for_a_special_hand_and_for_no_win():
    text = run("--element", "water", "--lang", "ja", *codes("CP CN CQ CK C1 C2 C3 C4 C8 C9 C10"))
    assert text.splitlines()[0] == "マイエレメンタルパレス: 2000"
    assert text.splitlines()[-1] == "合計: 2000"
    text = run("--element", "water", "--lang", "en", *codes("CP CN CQ CK C5 C2 C3 C4 C8 C9 C10"))
    assert text.splitlines() == ["No winning hand", "Total: 0"]


def test_json_output():
    answer = json.loads(run("--element", "fire", "--json", "--last-judgement", *TRIPLE_SERIES))
    assert answer["hand"] == "sephirot_5"
    assert answer["bonuses"] == ["triangle", "triple_series"]
    assert answer["multipliers"] == ["last_judgement"]
    assert answer["total"] == 2800
    assert answer["head"] == ["C5", "S5", "P5"]
    no_win = json.loads(
        run("--element", "fire", "--json", *codes("W1 W2 W3 W4 W5 W6 W7 W8 W9 WP M0"))
    )
    assert no_win == {"hand": None, "total": 0}


def test_bad_cards_fail_with_the_offending_token():
    with pytest.raises(CommandError, match="W11"):
        run("--element", "fire", "W11", *TRIPLE_SERIES[1:])
    with pytest.raises(CommandError, match="Give 11 cards; you gave 2"):
        run("--element", "fire", "W3", "C3")
    with pytest.raises(CommandError, match="--element"):
        run(*TRIPLE_SERIES)


BATCH = [
    json.dumps({"cards": TRIPLE_SERIES, "element": "fire", "genius": True}),
    json.dumps({"cards": ["W3", "C3"], "element": "fire"}),
    "not json at all",
    json.dumps({"cards": "C6 S6 P6 W1 W2 W3 CK SK PK M2 M4", "element": "fire", "surprise": True}),
    json.dumps({"cards": TRIPLE_SERIES, "element": "wood"}),
    json.dumps({"cards": "W1 W2 W3 W4 W5 W6 W7 W8 W9 WP M0", "element": "air"}),
    json.dumps({"cards": TRIPLE_SERIES, "element": "air", "last_judgement": "yes"}),
]


def check_batch_answers(text):
    answers = [json.loads(line) for line in text.splitlines()]
    assert len(answers) == len(BATCH)
    assert answers[0]["total"] == 14000 and answers[0]["multipliers"] == ["genius"]
    assert answers[1] == {"error": "expected 11 cards, got 2: W3 C3"}
    assert answers[2]["error"].startswith("not JSON")
    assert answers[3]["total"] == 1000 and answers[3]["bonuses"] == ["my_series"]
    assert "wood" in answers[4]["error"]
    assert answers[5] == {"hand": None, "total": 0}
    assert "last_judgement" in answers[6]["error"]


def test_batch_file(tmp_path):
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(BATCH) + "\n", encoding="utf-8")
    check_batch_answers(run("--batch", str(path)))


def test_batch_from_stdin():
    check_batch_answers(run("--batch", "-", stdin=io.StringIO("\n".join(BATCH) + "\n")))


def test_batch_missing_file():
    with pytest.raises(CommandError, match="cannot read"):
        run("--batch", "/nonexistent/hands.jsonl")


def test_batch_waits_lines():
    lines = [
        json.dumps({"cards": TRIPLE_SERIES[:-3] + ["M7", "M8"], "element": "fire", "waits": True}),
        json.dumps({"cards": TRIPLE_SERIES[:9] + ["M7"], "element": "fire", "waits": True}),
    ]
    answers = [
        json.loads(x) for x in run("--batch", "-", stdin=io.StringIO("\n".join(lines))).splitlines()
    ]
    assert [w["card"] for w in answers[0]["waits"]] == ["P5", "W5"]
    # M7 joins 3-5: with head 3 it pairs with M1 M3 M6, with head 5 with M8 M11 M12.
    assert {w["card"] for w in answers[1]["waits"]} == {"M1", "M3", "M6", "M8", "M11", "M12"}


def test_waits_in_words_and_json():
    hand = codes("C3 S3 P3 C4 S4 P4 C5 S5 M7 M8")
    lines = run("--element", "fire", "--waits", "--lang", "ja", *hand).splitlines()
    assert (
        lines[0]
        == "P5 金貨の5: セフィロト上がり・ゲブラー + トライアングル + トリプルシリーズ = 1400"
    )
    assert lines[1] == "W5 棒の5: セフィロト上がり・ゲブラー + トライアングル = 400"
    english = run("--element", "fire", "--waits", "--lang", "en", *hand).splitlines()
    assert english[1] == "W5 Five of Wands: Sephirot hand: Geburah + Triangle = 400"
    answer = json.loads(run("--element", "fire", "--waits", "--json", *hand))
    assert [(w["card"], w["total"]) for w in answer] == [("P5", 1400), ("W5", 400)]
    only = json.loads(run("--element", "fire", "--waits", "--json", "--unseen", "W5,M0", *hand))
    assert [w["card"] for w in only] == ["W5"]
    assert run("--element", "fire", "--waits", "--lang", "en", *hand[:-1], "M0").splitlines() == [
        "No card completes this hand"
    ]


def test_a_batch_line_with_a_bad_unseen_gets_an_error_and_the_rest_still_run():
    ten = TRIPLE_SERIES[:-3] + ["M7", "M8"]  # waits on P5 and W5
    lines = [
        json.dumps({"cards": ten, "element": "fire", "waits": True, "unseen": 5}),
        json.dumps({"cards": ten, "element": "fire", "waits": True, "unseen": True}),
        json.dumps({"cards": ten, "element": "fire", "waits": True}),
    ]
    out = io.StringIO()
    call_command("df_hand", "--batch", "-", stdin=io.StringIO("\n".join(lines)), stdout=out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == 3
    assert "error" in answers[0] and "error" in answers[1]
    assert [w["card"] for w in answers[2]["waits"]] == ["P5", "W5"]


def test_the_calculator_refuses_genius_with_surprise():
    cards = codes("C6 S6 P6 W1 W2 W3 CK SK PK M2 M4")
    with pytest.raises(CommandError, match="cannot both"):
        call_command("df_hand", "--element", "fire", "--genius", "--surprise", *cards)
    line = json.dumps({"cards": cards, "element": "fire", "genius": True, "surprise": True})
    out = io.StringIO()
    call_command("df_hand", "--batch", "-", stdin=io.StringIO(line), stdout=out)
    assert "cannot both" in json.loads(out.getvalue())["error"]
