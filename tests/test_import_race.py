"""Result values read numpy and pandas only once their import has finished (trial 3, C-3: a tool
call read `pd.NaT` from pandas while the record index thread was still importing it, and failed
with "partially initialized module 'pandas' has no attribute 'NaT'"). A real import held open in
another thread stands for the slow one."""

from __future__ import annotations

import sys
import threading

from agent.engine.values import imported, scalar

MODULE = "tally_test_half_made"


def test_a_module_being_imported_is_not_read(tmp_path, monkeypatch):
    started, release = threading.Event(), threading.Event()
    monkeypatch.setattr(sys, "tally_test_events", (started, release), raising=False)
    (tmp_path / f"{MODULE}.py").write_text(
        "import sys\nstarted, release = sys.tally_test_events\nstarted.set()\nrelease.wait(30)\nNaT = object()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importer = threading.Thread(target=__import__, args=(MODULE,))
    importer.start()
    try:
        assert started.wait(30)
        assert MODULE in sys.modules and not hasattr(sys.modules[MODULE], "NaT")  # half made, as pandas was
        assert imported(MODULE) is None
    finally:
        release.set()
        importer.join(30)
    assert imported(MODULE) is sys.modules[MODULE] and hasattr(imported(MODULE), "NaT")
    sys.modules.pop(MODULE, None)


def test_values_convert_once_numpy_and_pandas_are_imported():
    import numpy as np
    import pandas as pd

    assert imported("numpy") is np and imported("pandas") is pd
    assert (scalar(np.int64(3)), scalar(pd.NaT), scalar(np.bool_(True)), scalar(np.float64("nan"))) == (3, None, 1, None)
    assert imported("no_such_module_here") is None
