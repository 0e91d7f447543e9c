#!/usr/bin/env bash
# The report.html test renders the report in Debian's chromium (driven by playwright-core, which
# never downloads a browser). Install it when it is missing and we may: root with apt-get.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
else
  echo "warning: /usr/bin/chromium is missing and cannot be installed here; the report.html test will fail (install Debian's chromium)" >&2
fi
