"""Server paths kept off the page: any path under a folder this server knows (uploads,
transcripts, the index cache, the served files' folders, the working directory, home, the temp
folder) is shown by its file name alone, in steps, errors and answers alike, whether written
absolute or relative to the working directory ('.tally/uploads/ab12/x.csv')."""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path


class Scrubber:
    """`scrub(text)` replaces '<known folder>/.../name' with 'name' (and a bare known folder with
    '...'). Built once per app from the folders it serves."""

    def __init__(self, folders: Iterable[Path | str]):
        roots = {str(Path(f).expanduser().resolve()) for f in folders if str(f)}
        roots |= {str(Path.cwd().resolve()), str(Path.home().resolve()), str(Path(tempfile.gettempdir()).resolve())}
        roots |= {os.path.realpath(r) for r in roots}
        roots.discard("/")
        roots |= _relative_forms(roots)
        ordered = sorted(roots, key=len, reverse=True)
        self._pattern = re.compile(r"(?<![\w./-])(?:" + "|".join(re.escape(r) for r in ordered)
                                   + r")(?![\w.-])(?P<rest>/[^\s'\"`,;:()\[\]]*)?")

    def scrub(self, text: str) -> str:
        """`text` with every known server path cut to its last part."""
        return self._pattern.sub(_last_part, text)

    def value(self, data: object) -> object:
        """`data` (JSON-ready dicts, lists, strings) with every string scrubbed."""
        if isinstance(data, str):
            return self.scrub(data)
        if isinstance(data, dict):
            return {k: self.value(v) for k, v in data.items()}
        if isinstance(data, list):
            return [self.value(v) for v in data]
        return data


def _relative_forms(roots: set[str]) -> set[str]:
    """The folders under the working directory as a relative path names them ('.tally/uploads',
    './.tally/uploads'); the working directory itself has none (it is '.')."""
    cwd = Path.cwd().resolve()
    forms: set[str] = set()
    for root in roots:
        try:
            rel = Path(root).relative_to(cwd)
        except ValueError:
            continue
        if str(rel) != ".":
            forms |= {str(rel), f"./{rel}"}
    return forms


def _last_part(match: re.Match[str]) -> str:
    rest = (match.group("rest") or "").rstrip("/")
    return rest.rsplit("/", 1)[-1] if rest else "..."
