"""Tables for a class: `panel serve apps/classroom.py` (served with the games' apps, whose
rooms the tables are: `make serve` serves every app in one process)."""

from cole_panel.rooms.class_page import class_page
from cole_panel.ui.shell import serve_page

serve_page(class_page, title="Tables for a class", page="classroom")
