"""The floor service: a FastAPI app over the camera workers' alerts, hands and clips (docs/floor_service.md).

``create_app(settings, supervisor=None)`` in ``service.app.main`` builds it; nothing here is built at import.
"""
