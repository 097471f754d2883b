"""The recall tools offered to the assistant's LLM: schemas, dispatch in the caller's scope, the MCP server."""
