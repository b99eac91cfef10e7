"""`python -m agent`: the command line (agent/cli.py)."""

import gc

gc.disable()  # importing the command line allocates objects that live as long as the process: nothing to collect
from agent.cli import app  # noqa: E402

gc.freeze()  # ...so later collections skip them (the `tally` script imports agent.cli the plain way)
gc.enable()
app(prog_name="tally")
