"""Learn: `panel serve apps/learn.py` (a course per game, rule by rule; the address
``/learn?game=circle&stage=critter`` opens a stage)."""

from cole_panel.ui.learn_page import learn_page
from cole_panel.ui.shell import serve_page

serve_page(learn_page, title="Learn", page="learn")
