"""The local API (/v1): the FastAPI app, its middleware and error handling, and the routers of each area.

Every route needs a token; each route's roles come from its operation's declaration (hearthd.ops): admin
may do everything, assistant commits turns, assembles context, recalls and remembers within the identified
speaker's scope. User errors are 4xx with a message and change nothing (api.errors).
"""

from __future__ import annotations

import inspect
from typing import Any

from fastapi import Depends, FastAPI

from .. import __version__
from ..audit import install_log_redaction
from ..ops.registry import ANY
from .errors import BodyLimit, CatchAll, install_handlers
from .routes import ROUTERS
from .routing import require

# Newer FastAPI instruments every request with OpenTelemetry when a provider is configured in the process or
# FASTAPI_OTEL_AUTO_CONFIGURE is set. Hearth sends nothing anywhere (and spares each request the look-ups).
NO_TELEMETRY = {"tracing": False, "metrics": False, "logs": False, "operation_spans": False, "auto_configure": False}


def create_app(daemon) -> FastAPI:
    off: dict[str, Any] = (
        {"telemetry": NO_TELEMETRY} if "telemetry" in inspect.signature(FastAPI.__init__).parameters else {}
    )
    app = FastAPI(
        **off,
        title="Hearth",
        version=__version__,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        description="The local API of the Hearth memory daemon.",
    )
    app.state.daemon = daemon
    install_log_redaction()
    app.add_middleware(BodyLimit)
    app.add_middleware(CatchAll)
    install_handlers(app)

    @app.get("/openapi.json", include_in_schema=False, dependencies=[Depends(require(ANY))])
    def openapi():
        return app.openapi()

    for router in ROUTERS:
        app.include_router(router)
    return app
