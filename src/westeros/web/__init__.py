"""Playing in a browser (issue #10): our own SVG map of the board (``mapgen``) and static files."""
