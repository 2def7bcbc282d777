"""Sets up the anchor outside the repository: its files from a git directory, and a venv.

The anchor's code and networks are never part of this repository: `unpack` takes them
with `git archive` from a git directory (the search tool's `fetch` of
cestpasphoto/alpha-zero-general) into a cache folder, once per commit, as two copies:
one as published (NB_GODS = 11, the network trained with gods) and one with its
documented switch NB_GODS = 1 (the network trained without). `ensure_venv` makes the
bench-only venv on first use; the project never depends on it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

ANCHOR_FILES = (
    "Game.py",
    "GenericNNetWrapper.py",
    "MCTS.py",
    "NeuralNet.py",
    "utils.py",
    "santorini/NNet.py",
    "santorini/SantoriniConstants.py",
    "santorini/SantoriniDisplay.py",
    "santorini/SantoriniGame.py",
    "santorini/SantoriniLogicNumba.py",
    "santorini/SantoriniNNet.py",
    "santorini/SantoriniPlayers.py",
)
NETWORKS = {True: "santorini/pretrained_withgods.pt", False: "santorini/pretrained.pt"}
"""The pretrained network of each mode (with gods or not)."""
GODS_SWITCH = ("NB_GODS = 11", "NB_GODS = 1")
REQUIREMENTS = (
    # The network trained with gods is pickled with torchvision's InvertedResidual; the
    # only torch + torchvision pair that imports together from this machine's disk.
    "torch==2.14.1",
    "torchvision==0.29.1",
    "numpy",
    "numba",
    "onnxruntime",
    "onnx",
    "onnxscript",
    "tqdm",
    "colorama",
)
DEFAULT_VENV = Path(__file__).resolve().parent.parent / ".venv-anchor"


class AnchorSetupError(RuntimeError):
    """The anchor cannot be set up: the message says what to do."""


class Anchor(NamedTuple):
    directory: Path
    """An unpacked copy of the anchor for one mode."""
    network: Path
    commit: str


def default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "santorini-hw" / "anchor"


def _git(git_dir: Path, *arguments: str) -> bytes:
    done = subprocess.run(
        ["git", f"--git-dir={git_dir}", *arguments], capture_output=True, check=False
    )
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip()
        raise AnchorSetupError(f"git {' '.join(arguments)} in {git_dir}: {message}")
    return done.stdout


def unpack(git_dir: Path, cache: Path, *, gods: bool, revision: str = "HEAD") -> Anchor:
    """The anchor's copy for `gods` (with or without), unpacked into `cache` if needed."""
    if not (git_dir / "HEAD").exists():
        raise AnchorSetupError(
            f"{git_dir} is not a git directory: fetch github:cestpasphoto/alpha-zero-general"
            " and pass the git directory it gives (…/repo)"
        )
    commit = _git(git_dir, "rev-parse", f"{revision}^{{commit}}").decode().strip()
    target = cache / commit[:12] / ("gods" if gods else "nogods")
    anchor = Anchor(target, target / NETWORKS[gods], commit)
    if anchor.network.exists():
        return anchor
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="unpacking-", dir=target.parent))
    try:
        archive = _git(git_dir, "archive", commit, "--", *ANCHOR_FILES, NETWORKS[gods])
        subprocess.run(["tar", "-x", "-C", str(scratch)], input=archive, check=True)
        if not gods:
            _switch_off_gods(scratch / "santorini" / "SantoriniConstants.py")
        shutil.rmtree(target, ignore_errors=True)
        scratch.rename(target)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return anchor


def _switch_off_gods(constants: Path) -> None:
    """Set the anchor's documented switch "Modify this to 1 to disable use of any god"."""
    text = constants.read_text(encoding="utf-8")
    published, disabled = GODS_SWITCH
    if text.count(published) != 1:
        raise AnchorSetupError(f"{constants}: expected one {published!r}; the anchor changed")
    constants.write_text(text.replace(published, disabled), encoding="utf-8")


def ensure_venv(venv: Path = DEFAULT_VENV) -> Path:
    """The bench venv's python, made and filled on first use (several minutes, ~6 GB)."""
    python = venv / "bin" / "python"
    marker = venv / "anchor-requirements.txt"
    wanted = "\n".join(REQUIREMENTS) + "\n"
    if python.exists() and marker.exists() and marker.read_text(encoding="utf-8") == wanted:
        return python
    print(f"making the anchor's venv in {venv} (first use: several minutes)", flush=True)
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", str(venv)], check=True)
    pip = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", *REQUIREMENTS], check=False
    )
    if pip.returncode != 0:
        raise AnchorSetupError(f"pip could not install the anchor's requirements into {venv}")
    marker.write_text(wanted, encoding="utf-8")
    return python
