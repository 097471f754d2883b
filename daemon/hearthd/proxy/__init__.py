"""The memory proxy: Hearth in front of the LLM server, for assistants that only know an LLM server by URL
(Home Assistant's Ollama and OpenAI agents, OpenVoiceOS personas, Open WebUI, any OpenAI client loop).

- `server.py`: the loopback TCP listener (off until `proxy.enabled`), its lifecycle and status.
- `identity.py`: who a request is (the assistant token and the speaker it names, or an anonymous voice when
  keyless access is on) and which conversation it continues.
- `turn.py`: one exchange, the same whatever the wire format: the memory put on the user message (as
  `/v1/context` assembles it, within a deadline), the working window where the client sends no history, and
  the turns committed after the reply with the upstream's real token usage.
- `openai_routes.py`, `ollama_routes.py`: the two wire formats; the upstream is always spoken to in the
  OpenAI chat-completions format (Ollama serves it too, at `/v1`), through `upstream.py`.
- `mcp_http.py`: the recall tools over MCP's streamable HTTP and SSE transports, on the same port.
"""
