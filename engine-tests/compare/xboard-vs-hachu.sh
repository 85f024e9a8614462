#!/usr/bin/env bash
# XBoard 4.9 under Xvfb plays a short Chu Shogi match Kyodai vs HaChu at equal time control and
# prints the score. Usage: xboard-vs-hachu.sh [GAMES=2] [TC=0:30+0.2]. Not part of cargo test.
# Installs what it needs: apt-get install -y xboard xvfb hachu.
exec python3 "$(dirname "$0")/xboard_match.py" hachu "$@"
