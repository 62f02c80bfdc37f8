#!/usr/bin/env bash
# Debian packages the tests need: headless Chromium for the browser tests,
# poppler-utils to read and render printed PDFs, gettext for the catalogues,
# npm to install axe-core (package-lock.json) for the accessibility checks,
# a Japanese font (score sheets printed to PDF, screenshots), and the Pango libraries
# WeasyPrint prints the score sheets with (Debian bookworm's weasyprint package depends
# on the two Pango ones; harfbuzz-subset embeds only the glyphs a sheet uses, and cuts
# the CJK font to the sheets' characters once per printing worker; fontconfig's
# fc-match finds that font's file).
set -euo pipefail
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v pdftotext >/dev/null || need+=(poppler-utils)
command -v msgfmt >/dev/null || need+=(gettext)
command -v npm >/dev/null || need+=(npm)
command -v fc-match >/dev/null || need+=(fontconfig)
for lib in libpango-1.0-0:libpango-1.0.so.0 libpangoft2-1.0-0:libpangoft2-1.0.so.0 \
  libharfbuzz-subset0:libharfbuzz-subset.so.0; do
  ldconfig -p 2>/dev/null | grep -q "${lib#*:}" || need+=("${lib%%:*}")
done
# Japanese score sheets printed to PDF and page screenshots need a CJK font.
fc-list :lang=ja 2>/dev/null | grep -q . || need+=(fonts-noto-cjk)
exec bash "$(dirname "$0")/apt-install.sh" "${need[@]}"
