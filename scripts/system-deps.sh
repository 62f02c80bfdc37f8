#!/usr/bin/env bash
# Debian packages the tests need: headless Chromium for the browser tests,
# poppler-utils to read and render printed PDFs, gettext for the catalogues,
# npm to install axe-core (package-lock.json) for the accessibility checks,
# a Japanese font (score sheets printed to PDF, screenshots).
set -euo pipefail
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v pdftotext >/dev/null || need+=(poppler-utils)
command -v msgfmt >/dev/null || need+=(gettext)
command -v npm >/dev/null || need+=(npm)
# Japanese score sheets printed to PDF and page screenshots need a CJK font.
fc-list :lang=ja 2>/dev/null | grep -q . || need+=(fonts-noto-cjk)
exec bash "$(dirname "$0")/apt-install.sh" "${need[@]}"
