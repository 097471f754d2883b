"""Errors a user can fix (bad input, unknown refs) as distinct from internal faults."""


class UserError(ValueError):
    """Bad input or a request that cannot be met as asked: a clear 4xx, nothing changed."""

    status = 400

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        if status is not None:
            self.status = status


class NotFound(UserError):
    status = 404
