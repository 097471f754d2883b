"""Hearth desktop app: the tray icon and windows of spec section 12, a client of the daemon\x27s API only."""
