#!/usr/bin/env bash
# Rewrites the generated summary of docs/strength/README.md from docs/strength/log.csv. The test
# `strength_summary_is_current` (cargo test --test docs) fails when the summary is out of date;
# `strength_log_is_data` checks the rows themselves.
set -euo pipefail
cd "$(dirname "$0")/.."
KYODAI_UPDATE_DOCS=1 cargo test --quiet --test docs strength_summary_is_current
