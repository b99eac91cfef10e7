"""Result values as JSON-friendly Python, whatever engine produced them."""

from __future__ import annotations

import datetime as dt
import math
import sys
from decimal import Decimal
from types import ModuleType

from agent.results import Value


def imported(name: str) -> ModuleType | None:
    """The module `name` once its import has finished, else None (never imported, or being imported
    now by another thread: a module is in sys.modules, half made, while its code runs, and reading
    `pd.NaT` from it then fails; trial 3, C-3: tool calls racing the record index build).
    `__spec__._initializing` is what importlib itself sets for that time."""
    module = sys.modules.get(name)
    if module is None or getattr(getattr(module, "__spec__", None), "_initializing", False):
        return None
    return module


def scalar(value: object) -> Value:
    """Ints stay exact, DECIMAL becomes float (exact to the cent for money), dates become ISO text
    ('2019-01-05', or '2019-01-05 13:04:00' with a time), NaN/NaT/None become None."""
    np, pd = imported("numpy"), imported("pandas")  # their values exist only once they are imported
    if value is None or (pd is not None and value is pd.NaT) or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, dt.datetime):  # pandas' Timestamp too
        return value.isoformat(sep=" ").removesuffix(" 00:00:00")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, bool) or (np is not None and isinstance(value, np.bool_)):
        return int(value)
    if isinstance(value, int) or (np is not None and isinstance(value, np.integer)):
        return int(value)
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() and value.as_tuple().exponent >= 0 else float(value)
    if isinstance(value, float) or (np is not None and isinstance(value, np.floating)):
        return None if math.isnan(float(value)) else float(value)
    return str(value)
