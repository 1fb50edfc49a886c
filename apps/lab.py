"""`panel serve apps/lab.py`: the simulation lab (studies on Dask workers, watched live)."""

from cole_panel.lab.page import served_lab
from cole_panel.ui.shell import serve_page

serve_page(served_lab, title="Simulation lab", page="lab")
