"""Writing a page or a picture the way records are written: to a temporary file beside
it, then linked or renamed into place, so a reader never sees half a file; and never
over a file already there unless asked (``force``), since a name typed by mistake
should not cost a user their own file."""

from __future__ import annotations

from ..shell.recordfile import RecordFile


class NotWritten(Exception):
    """The file could not be written; the message says why, in a user's words."""


def write_new(path: str, text: str, force: bool = False) -> None:
    try:
        if force:
            RecordFile(path).save(text)
        else:
            RecordFile.create(path, text)
    except FileExistsError:
        raise NotWritten(f"{path}: exists already: choose another name, or --force to replace it") from None
    except IsADirectoryError:
        raise NotWritten(f"{path}: is a directory") from None
    except OSError as exc:
        raise NotWritten(f"{path}: cannot be written ({exc.strerror})") from None
