#!/usr/bin/env bash
# XBoard 4.9 under Xvfb plays one full game Kyodai vs Kyodai for each game it can show (or the
# games given), to a result, saving each game file; prints a verdict. Not part of cargo test.
# Installs what it needs: apt-get install -y xboard xvfb hachu. Time control 0:20+0.2, or
# $TC (e.g. TC=1:00+1 engine-tests/compare/xboard-selfplay.sh timurid-babur on a busy machine).
exec python3 "$(dirname "$0")/xboard_match.py" selfplay "$@"
