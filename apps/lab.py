"""`panel serve apps/lab.py`: the simulation lab (studies on Dask workers, watched live)."""

from cole_panel.lab.page import lab_page

lab_page().servable(title="cole-panel lab")
