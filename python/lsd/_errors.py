"""lsd's exception and warning classes."""


class Error(Exception):
    """A user error of lsd: a broken file, a refused run, a bad argument.

    ``path``, ``line`` and ``column`` place it when lsd knows where it is
    (``line`` and ``column`` are 1-based; None when not known); ``str(e)`` is
    lsd's message as the command line prints it, with the source line.
    """

    def __init__(self, message, path=None, line=None, column=None):
        super().__init__(message)
        self.message = message
        self.path = path or None
        self.line = line or None
        self.column = column or None


class LsdWarning(UserWarning):
    """A warning of lsd (the command line's ``warning:`` lines)."""
