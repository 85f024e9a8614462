"""What the scripts that ask a native Fairy-Stockfish share (fsf-piece-values.py,
fsf-eval-terms.py, cazaux_fsf.py): the games it can play, as sections of cazaux-variants.ini,
and one way to send it commands.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
INI = os.path.join(HERE, "cazaux-variants.ini")

# Kyodai's game name -> the section of cazaux-variants.ini that describes it.
SECTIONS = {"heavy-shako": "heavyshako", "patchanka": "patchanka"}


def check_executable(path):
    """Exits with a message unless `path` is a file this user may run."""
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        sys.exit(f"{path}: not an executable file")


def ask(fsf, game, commands, timeout=60):
    """Fairy-Stockfish's output for `commands`, sent after it has loaded `game`'s section."""
    lines = [f"setoption name VariantPath value {INI}", f"setoption name UCI_Variant value {SECTIONS[game]}",
             *commands, "quit"]
    return subprocess.run([fsf], input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=timeout).stdout
