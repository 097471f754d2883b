"""The LLM seam: `generate(prompt, schema=None)` and the steps built on it (extraction, the one-word judge,
the episode narrative). Providers: `none` (base.NoGenerator: every step takes its rule-based or extractive
path), `openai` (openai_compatible.py: Ollama, llama.cpp's server, LM Studio, vLLM) and `llama_cpp`
(llama_in_process.py: a GGUF in-process). The daemon holds one ActiveGenerator (active.py): the configured
provider, rebuilt live, with its health, token accounting and events."""
