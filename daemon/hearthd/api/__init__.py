"""The local API: HTTP + JSON over a Unix socket, token auth, and the client hearthctl and the desktop use."""
