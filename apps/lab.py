"""`panel serve apps/lab.py`: the simulation lab (studies on Dask workers, watched live)."""

from cole_panel.lab.page import lab_page
from cole_panel.ui.address import page_location_ok

lab_page().servable(title="cole-panel lab", location=page_location_ok())
