"""WordNet 3.0 (Princeton) from Debian's wordnet-base and wordnet-sense-index packages, read with
nltk, loaded lazily once per process (about 4 s on 2 cores) and never per question.

nltk 3.10 opens corpora only under its data paths and reads no symlink out of them, and Debian's
package lacks the `lexnames` file (its content is in `man 5 lexnames`), so the database files are
copied once to `<cache>/corpora/wordnet` with `lexnames` written beside them (see
../shared/MODELS.md). `wordnet()` returns None, and `missing()` says why, when the packages or nltk
are absent: the router then links no WordNet words and notes it."""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
import threading
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

SOURCE = Path(os.environ.get("TALLY_WORDNET", "/usr/share/wordnet"))
"""Where the WordNet database files are (Debian: /usr/share/wordnet; override with TALLY_WORDNET)."""

_LEXNAMES = """adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute noun.body
noun.cognition noun.communication noun.event noun.feeling noun.food noun.group noun.location noun.motive
noun.object noun.person noun.phenomenon noun.plant noun.possession noun.process noun.quantity noun.relation
noun.shape noun.state noun.substance noun.time verb.body verb.change verb.cognition verb.communication
verb.competition verb.consumption verb.contact verb.creation verb.emotion verb.motion verb.perception
verb.possession verb.social verb.stative verb.weather adj.ppl""".split()
"""The 45 lexicographer files of WordNet 3.0 in number order (lexnames(5WN))."""
_POS_NUMBER = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}
_FILES = ("data.noun", "data.verb", "data.adj", "data.adv", "index.noun", "index.verb", "index.adj", "index.adv",
          "noun.exc", "verb.exc", "adj.exc", "adv.exc", "index.sense", "cntlist.rev")

_lock = threading.Lock()
_state: dict[str, object] = {}
_missing: dict[Path, str | None] = {}


def lexnames_text() -> str:
    """The `lexnames` file Debian does not ship: 'NN<TAB>name<TAB>pos number' per line, 45 lines."""
    return "".join(f"{i:02d}\t{name}\t{_POS_NUMBER[name.split('.')[0]]}\n" for i, name in enumerate(_LEXNAMES))


def missing() -> str | None:
    """Why WordNet cannot be read here (a sentence for the router's notes), or None when it can;
    checked once per SOURCE."""
    if _missing.get(SOURCE, "") == "":
        _missing[SOURCE] = _why_missing()
    return _missing[SOURCE]


def _why_missing() -> str | None:
    if not (SOURCE / "data.noun").is_file():
        return (f"WordNet is not installed ({SOURCE} has no data.noun; apt-get install wordnet-base "
                "wordnet-sense-index), so no synonyms or abbreviations were linked")
    if importlib.util.find_spec("nltk") is None:
        return "nltk is not installed (pip install nltk), so no WordNet synonyms or abbreviations were linked"
    return None


def wordnet() -> WordNetCorpusReader | None:
    """nltk's WordNet reader over SOURCE, built on first call and shared by the process; None when
    `missing()`. Thread-safe (the web app routes on several threads)."""
    with _lock:
        if "reader" not in _state:
            _state["reader"] = None if missing() else _load()
        return _state["reader"]  # type: ignore[return-value]


def _load() -> WordNetCorpusReader:
    import nltk
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    class _Reader(WordNetCorpusReader):
        def map_wn(self, version: str = "wordnet") -> None:
            return None  # the map to other WordNet versions serves multilingual data, which is not loaded

    data = _data_dir()
    if str(data) not in nltk.data.path:
        nltk.data.path.insert(0, str(data))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "multilingual functions are not available": none are used
        return _Reader(nltk.data.find("corpora/wordnet"), None)


def _data_dir() -> Path:
    """A data directory holding corpora/wordnet (copies of SOURCE's files and lexnames), under the
    user's cache directory, else a temporary one."""
    base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "tally" / "nltk_data"
    try:
        _fill(base / "corpora" / "wordnet")
        return base
    except OSError:
        base = Path(tempfile.mkdtemp(prefix="tally-wordnet-"))
        _fill(base / "corpora" / "wordnet")
        return base


def _fill(root: Path) -> None:
    """Copy what is missing or changed (each file written aside, then renamed: another process may
    be reading the directory)."""
    root.mkdir(parents=True, exist_ok=True)
    for name in _FILES:
        source, target = SOURCE / name, root / name
        if source.is_file() and (not target.is_file() or target.stat().st_size != source.stat().st_size):
            part = root / f".{name}.{os.getpid()}"
            shutil.copyfile(source, part)
            os.replace(part, target)
    lexnames = root / "lexnames"
    if not lexnames.is_file() or lexnames.read_text() != lexnames_text():
        part = root / f".lexnames.{os.getpid()}"
        part.write_text(lexnames_text())
        os.replace(part, lexnames)


def only_a_name(word: str) -> bool:
    """True when WordNet reads a lowercase `word` as a name only: it knows no sense of it ('qormi'),
    or its first sense is an instance of something (a place, a person: 'norway', 'smith') and it
    has no verb or adjective sense ('japan' also lacquers, 'nice' is also pleasant, 'make' is a
    verb). False when WordNet is missing."""
    wn = wordnet()
    if wn is None:
        return False
    senses = wn.synsets(word)
    if not senses:
        return True
    return bool(senses[0].instance_hypernyms()) and not any(s.pos() in ("v", "a", "s") for s in senses)

