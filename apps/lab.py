"""`panel serve apps/lab.py`: the simulation lab (studies on Dask workers, watched live)."""

from cole_panel.lab.page import served_lab
from cole_panel.ui.shell import app_shell

app_shell(served_lab(), title="Simulation lab", page="lab").servable()
