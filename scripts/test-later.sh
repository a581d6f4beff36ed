#!/usr/bin/env bash
# Runs the Vitest suites with this machine's date moved ahead (a month, then a year; or the offsets given, in
# faketime's form such as +90d), so that no test passes only while the real date is before a date it wrote down.
# Needs Debian's faketime (apt-get install faketime). The database servers keep the real date: a test that mixes
# the database's clock with the app's fails here too.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v faketime >/dev/null; then
  echo "faketime is not installed: apt-get install faketime" >&2
  exit 1
fi
offsets=("$@")
[ ${#offsets[@]} -gt 0 ] || offsets=(+31d +365d)
for offset in "${offsets[@]}"; do
  echo "== Vitest with the date moved ${offset}: $(faketime -f "${offset}" date -u +%F)"
  # The process tests start the built server: build it first (npm run build) when they are to run.
  faketime -f "${offset}" npx vitest run
done
