"""Score-sheet PDFs come from WeasyPrint in the serving process: Japanese text intact,
A4 pages, a blank sheet printed once and then served from memory, and a burst beyond the
cap told to come back (503 + Retry-After) instead of starting anything new."""

import io
import threading

import pytest
from django.urls import reverse
from pypdf import PdfReader

from games.printing import pdf
from tests.support.pages import pdftotext

pytestmark = pytest.mark.django_db

A4_POINTS = (595, 842)


@pytest.fixture(autouse=True)
def _empty_cache():
    pdf._cache.clear()
    yield
    pdf._cache.clear()


def test_the_japanese_blank_sheet_keeps_its_japanese_text(client, tmp_path):
    response = client.get(
        reverse("leagues:blank_sheet_pdf", args=["dragonformula"]), HTTP_ACCEPT_LANGUAGE="ja"
    )
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 2
    sizes = {
        (round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages
    }
    assert sizes == {A4_POINTS}
    text = pdftotext(response.content, tmp_path)
    screen = client.get(
        reverse("leagues:blank_sheet", args=["dragonformula"]), HTTP_ACCEPT_LANGUAGE="ja"
    )
    assert "ドラゴン・フォーミュラ" in screen.content.decode()
    assert "ドラゴン・フォーミュラ" in text
    assert "役" in text  # the hand values on the back, in Japanese


def test_a_blank_sheet_is_printed_once_per_language(client, monkeypatch):
    printed = []
    real = pdf._render

    def counting(html):
        printed.append(html)
        return real(html)

    monkeypatch.setattr(pdf, "_render", counting)
    url = reverse("leagues:blank_sheet_pdf", args=["dragsaga"])
    first = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    again = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    japanese = client.get(url, HTTP_ACCEPT_LANGUAGE="ja")
    assert first.content == again.content
    assert japanese.content != first.content
    assert len(printed) == 2  # English once, Japanese once


def test_beyond_the_cap_a_request_is_told_to_retry_and_nothing_is_started(client, monkeypatch):
    monkeypatch.setattr(pdf, "WAIT_SECONDS", 0.1)
    monkeypatch.setattr(pdf, "_warm", True)  # the pool has printed: no warm-up to wait for
    printed = []
    monkeypatch.setattr(pdf, "_render", lambda html: printed.append(html) or b"%PDF")
    taken = [pdf._slots.acquire(timeout=1) for _ in range(pdf.MAX_CONCURRENT)]
    try:
        response = client.get(reverse("leagues:blank_sheet_pdf", args=["dragonformula"]))
    finally:
        for _ in taken:
            pdf._slots.release()
    assert response.status_code == 503
    assert response["Retry-After"] == str(pdf.RETRY_AFTER_SECONDS)
    assert "try again in a few seconds" in response.content.decode()
    assert not printed
    assert client.get(reverse("leagues:blank_sheet_pdf", args=["dragonformula"])).status_code == 200


def test_while_the_printers_warm_up_a_request_waits_for_them_instead_of_a_503(client, monkeypatch):
    """A server's first sheets wait for the printing workers' warm-up (on a busy machine
    tens of seconds) rather than being told to come back."""
    monkeypatch.setattr(pdf, "WAIT_SECONDS", 0.1)
    monkeypatch.setattr(pdf, "_warm", False)
    monkeypatch.setattr(pdf, "_cache", type(pdf._cache)())  # nothing printed before
    monkeypatch.setattr(pdf, "_render", lambda html: b"%PDF")
    taken = [pdf._slots.acquire(timeout=1) for _ in range(pdf.MAX_CONCURRENT)]
    # The slots come free after a second: far past WAIT_SECONDS, well within the warm-up.
    releaser = threading.Timer(1.0, lambda: [pdf._slots.release() for _ in taken])
    releaser.start()
    try:
        response = client.get(reverse("leagues:blank_sheet_pdf", args=["dragonformula"]))
    finally:
        releaser.join()
    assert response.status_code == 200 and response.content == b"%PDF"


def test_no_more_than_the_cap_print_at_once(monkeypatch):
    running, peak, lock = [0], [0], threading.Lock()
    release = threading.Event()

    def slow(html):
        with lock:
            running[0] += 1
            peak[0] = max(peak[0], running[0])
        release.wait(2)
        with lock:
            running[0] -= 1
        return b"%PDF"

    monkeypatch.setattr(pdf, "_render", slow)
    threads = [threading.Thread(target=pdf.html_to_pdf, args=(f"<p>{n}</p>",)) for n in range(6)]
    for thread in threads:
        thread.start()
    release.set()
    for thread in threads:
        thread.join()
    assert peak[0] == pdf.MAX_CONCURRENT


def test_a_sheet_fetches_nothing_from_outside():
    document = pdf.html_to_pdf('<img src="http://evil.example/x.png"><p>ok</p>')
    assert document.startswith(b"%PDF")


def test_a_burst_for_one_sheet_prints_it_once(monkeypatch):
    printed = []

    def slow(html):
        printed.append(html)
        threading.Event().wait(0.3)
        return b"%PDF-burst"

    monkeypatch.setattr(pdf, "_render", slow)
    answers = []
    threads = [
        threading.Thread(target=lambda: answers.append(pdf.html_to_pdf("<p>the same</p>")))
        for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [b"%PDF-burst"] * 8
    assert len(printed) == 1


def embedded_fonts(data: bytes) -> set[str]:
    fonts = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+", 1)[-1])
    return fonts


def test_a_sheet_is_printed_in_the_font_cut_to_the_sheets_and_stays_small(client, tmp_path):
    response = client.get(
        reverse("leagues:blank_sheet_pdf", args=["dragonformula"]), HTTP_ACCEPT_LANGUAGE="ja"
    )
    assert embedded_fonts(response.content) == {"Club-Sheet", "Club-Sheet-Bold"}
    # The full CJK font embedded about 720 kB a weight for the same sheet (300 kB PDFs).
    assert len(response.content) < 160_000
    assert "ドラゴン・フォーミュラ" in pdftotext(response.content, tmp_path)


def test_a_character_the_cut_font_lacks_is_printed_from_the_full_font(tmp_path):
    # 髙 (the "ladder" taka of many family names) is not in JIS X 0208.
    document = pdf.html_to_pdf('<body class="sheet"><p>髙橋 さん 1 × 2</p></body>')
    assert "Noto-Sans-CJK-JP" in embedded_fonts(document)
    assert "髙橋 さん" in pdftotext(document, tmp_path)


def test_a_sheet_cannot_read_a_file_of_the_server(tmp_path):
    leak = tmp_path / "leak.css"
    leak.write_text('p::after { content: "LEAKED" }')
    document = pdf.html_to_pdf(
        f'<link rel="stylesheet" href="{leak.as_uri()}"><p>ok</p>'
        '<img src="file:///etc/hostname"><p style="background: url(file:///etc/hostname)">x</p>'
    )
    assert "LEAKED" not in pdftotext(document, tmp_path)


def test_printing_workers_are_replaced_after_their_share_of_sheets(monkeypatch):
    import os

    monkeypatch.setattr(pdf, "TASKS_PER_WORKER", 2)
    monkeypatch.setattr(pdf, "_pool", None)
    try:
        pdf._render("<p>start</p>")
        pids = [pdf._pool.submit(os.getpid).result(timeout=60) for _ in range(6)]
    finally:
        pdf._pool.shutdown()
    assert os.getpid() not in pids  # printed beside the server, never in it
    assert len(set(pids)) >= 3, pids  # 7 tasks, 2 a worker: at least 4 workers in turn


def test_the_serving_process_never_loads_weasyprint_or_its_fonts():
    import json
    import os

    from tests.support.commands import python

    printed = python(
        {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"},
        "-c",
        "import django, json, sys; django.setup();"
        "from games.printing import pdf; document = pdf.html_to_pdf('<p>日本語</p>');"
        "print(json.dumps([document[:5].decode(), 'weasyprint' in sys.modules]))",
        timeout=120,
    )
    assert printed.returncode == 0, printed.stderr
    assert json.loads(printed.stdout.strip().splitlines()[-1]) == ["%PDF-", False]


def test_a_printing_worker_leaves_nothing_in_the_temporary_folder(monkeypatch, tmp_path):
    import os

    monkeypatch.setenv("TMPDIR", str(tmp_path))  # the workers are started with it
    monkeypatch.setattr(pdf, "TASKS_PER_WORKER", 2)
    monkeypatch.setattr(pdf, "_pool", None)
    try:
        assert pdf._render("<p>日本語</p>").startswith(b"%PDF")
        assert os.listdir(tmp_path)  # the cut fonts of the worker that printed it
        for n in range(4):  # workers replaced in turn, each after its second sheet
            assert pdf._render(f"<p>日本語 {n}</p>").startswith(b"%PDF")
    finally:
        pdf._pool.shutdown()
    assert os.listdir(tmp_path) == []


def test_printing_workers_end_with_a_server_killed_without_stopping_them(tmp_path):
    import json
    import os
    import time

    from tests.support.commands import python

    killed = python(
        {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test", "TMPDIR": str(tmp_path)},
        "-c",
        "import django, json, os; django.setup();"
        "from games.printing import pdf; pdf.html_to_pdf('<p>日本語</p>');"
        "print(json.dumps([p.pid for p in pdf._pool._processes.values()]), flush=True);"
        "os._exit(9)",  # as kill -9 leaves it: no atexit, no pool shutdown
        timeout=120,
    )
    workers = json.loads(killed.stdout.strip().splitlines()[-1])
    assert workers
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(os.path.exists(f"/proc/{p}") for p in workers):
        time.sleep(0.2)
    assert not [p for p in workers if os.path.exists(f"/proc/{p}")]
    assert os.listdir(tmp_path) == []  # and their fonts' folders with them
