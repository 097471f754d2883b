"""The API's routers, one module per area of operations (hearthd.ops)."""

from . import (
    conversation,
    curation,
    entities,
    forgetting,
    generator,
    importance,
    proxy,
    recall,
    rules,
    settings,
    speakers,
    system,
    tools,
)

ROUTERS = [
    m.router
    for m in (
        system,
        conversation,
        recall,
        curation,
        forgetting,
        speakers,
        settings,
        generator,
        tools,
        entities,
        importance,
        rules,
        proxy,
    )
]
