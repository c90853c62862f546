"""The API routes, one module per resource; ``API_ROUTERS`` lists the ones ``create_app`` mounts under /api.

``pages`` (the HTML pages and their assets) is mounted apart, at the root.
"""

from __future__ import annotations

from service.app.routes import accounts, alerts, clips, console, hands, live, tables

API_ROUTERS = (accounts.router, alerts.router, clips.router, console.router, hands.router, tables.router)
WS_ROUTERS = (live.router,)
