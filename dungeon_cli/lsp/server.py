"""The language server: pygls speaking the protocol on stdio, each request answered by
the modules beside this one. The one module that imports pygls (``dungeon lsp`` alone
loads it). A document is read once per version; an answer that fails is logged and
left empty, so no record, however broken, stops the server.

What comes in is read by ``framing`` (bounded messages), parsed here, and handed to
pygls' protocol (``serve``): a message that is not JSON, or a request whose parameters
the protocol's types refuse (a negative line, a number past 2**31), is answered with
the JSON-RPC error, never left without a reply. The server knows only the documents the
editor opened: a request about any other URI is an error, and no file is read for it
(a FIFO or ``/dev/zero`` named by a URI is never opened). Changes that queue up while a
document is being judged are judged once, at the newest version.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from typing import Any, BinaryIO, Callable, Optional
from urllib.parse import unquote

from lsprotocol import types as t
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument

from .. import __version__
from ..kit.terminal_text import safe
from . import actions, completion, framing, hover, semantic, symbols
from .document import Document

log = logging.getLogger(__name__)
server = LanguageServer("dungeon", __version__, text_document_sync_kind=t.TextDocumentSyncKind.Full)
_read: dict[str, tuple[Optional[int], Document]] = {}
_pending: set[str] = set()  # documents whose diagnostics wait for the queue of messages to empty
_session = {"shutdown": False}


class NotOpen(JsonRpcInvalidParams):
    """A request about a document the editor has not opened: answered as an error."""

    def __init__(self, uri: str):
        super().__init__(f"not an open document: {safe(uri)} (the server reads only what the editor opened)")


def _opened(uri: str) -> TextDocument:
    """The open document ``uri`` (never one made up from the disk, as pygls would)."""
    found: Optional[TextDocument] = server.workspace.text_documents.get(unquote(uri))
    if found is None:
        raise NotOpen(uri)
    return found


def document(uri: str) -> Document:
    text_doc = _opened(uri)
    cached = _read.get(uri)
    if cached is not None and cached[0] == text_doc.version and cached[1].text == text_doc.source:
        return cached[1]
    path = text_doc.path if uri.startswith("file:") else None
    doc = Document(text_doc.source, path)
    _read[uri] = (text_doc.version, doc)
    return doc


Handler = Callable[[LanguageServer, Any], Any]  # pygls hands over its params as they come


def guarded(default: Any) -> Callable[[Handler], Handler]:
    """An answer that raises is logged and ``default``: the server goes on."""

    def wrap(handler: Handler) -> Handler:
        def run(ls: LanguageServer, params: Any) -> Any:
            try:
                return handler(ls, params)
            except Exception:  # a bug must not end the session of an editor
                log.exception("dungeon lsp: %s failed", handler.__name__)
                return default

        run.__name__ = handler.__name__
        return run

    return wrap


def _range(doc: Document, line: int, start: int, end: int) -> t.Range:
    a = doc.to_protocol(line, start)
    b = doc.to_protocol(line, end)
    return t.Range(t.Position(*a), t.Position(*b))


def _diagnostics(doc: Document) -> list[t.Diagnostic]:
    out = []
    for d in doc.diagnostics():
        severity = t.DiagnosticSeverity.Warning if d.severity == "warning" else t.DiagnosticSeverity.Error
        out.append(t.Diagnostic(_range(doc, d.line, d.col, doc.word_end(d.line, d.col)), d.message, severity, source="dungeon"))
    return out


def publish(uri: str) -> None:
    try:
        version = _opened(uri).version
    except NotOpen:
        return  # closed since
    try:
        doc = document(uri)
        found = _diagnostics(doc)
    except Exception:
        log.exception("dungeon lsp: reading %s failed", safe(uri))
        found = []
    server.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=version))


def _publish_later(uri: str) -> None:
    """Diagnostics once the messages already read are handled: a burst of changes is
    judged once, at its last version (``serve`` runs this when its queue is empty)."""
    if uri in _pending:
        return
    _pending.add(uri)

    def run() -> None:
        _pending.discard(uri)
        publish(uri)

    asyncio.get_running_loop().call_soon(run)


@server.feature(t.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: LanguageServer, params: t.DidOpenTextDocumentParams) -> None:
    publish(params.text_document.uri)


@server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: LanguageServer, params: t.DidChangeTextDocumentParams) -> None:
    _publish_later(params.text_document.uri)


@server.feature(t.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: LanguageServer, params: t.DidSaveTextDocumentParams) -> None:
    _read.pop(params.text_document.uri, None)  # a card set or the settings may have changed
    publish(params.text_document.uri)


@server.feature(t.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: LanguageServer, params: t.DidCloseTextDocumentParams) -> None:
    _read.pop(params.text_document.uri, None)
    server.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


@server.feature(t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=[" ", ":", '"', "["]))
@guarded(None)
def complete(ls: LanguageServer, params: t.CompletionParams) -> t.CompletionList:
    doc = document(params.text_document.uri)
    line, col = doc.from_protocol(params.position.line, params.position.character)
    kinds = {"move": t.CompletionItemKind.Value, "tag": t.CompletionItemKind.Property, "value": t.CompletionItemKind.EnumMember}
    items = []
    for order, item in enumerate(completion.complete(doc, line, col)):
        edit = t.TextEdit(_range(doc, line, col - item.replace, col), item.text)
        items.append(
            t.CompletionItem(
                label=item.text,
                detail=item.detail or None,
                kind=kinds[item.kind],
                text_edit=edit,
                sort_text=f"{order:05d}",  # the game's own order, as the prompt shows it
                filter_text=item.text,
            )
        )
    return t.CompletionList(is_incomplete=False, items=items)


@server.feature(t.TEXT_DOCUMENT_HOVER)
@guarded(None)
def on_hover(ls: LanguageServer, params: t.HoverParams) -> Optional[t.Hover]:
    doc = document(params.text_document.uri)
    line, col = doc.from_protocol(params.position.line, params.position.character)
    text = hover.hover(doc, line, col)
    if text is None:
        return None
    return t.Hover(contents=t.MarkupContent(kind=t.MarkupKind.Markdown, value=hover.markdown(text)))


@server.feature(t.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@guarded([])
def document_symbols(ls: LanguageServer, params: t.DocumentSymbolParams) -> list[t.DocumentSymbol]:
    doc = document(params.text_document.uri)

    def convert(s: symbols.Symbol, kind: t.SymbolKind) -> t.DocumentSymbol:
        whole = t.Range(t.Position(s.start - 1, 0), t.Position(s.end - 1, len(doc.line(s.end))))
        first = t.Range(t.Position(s.start - 1, 0), t.Position(s.start - 1, len(doc.line(s.start))))
        children = [convert(c, t.SymbolKind.Event) for c in s.children]
        return t.DocumentSymbol(s.name, kind, whole, first, detail=s.detail or None, children=children)

    return [convert(s, t.SymbolKind.Module) for s in symbols.symbols(doc)]


@server.feature(
    t.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
    t.SemanticTokensLegend(token_types=semantic.LEGEND, token_modifiers=[]),
)
@guarded(t.SemanticTokens(data=[]))
def semantic_tokens(ls: LanguageServer, params: t.SemanticTokensParams) -> t.SemanticTokens:
    doc = document(params.text_document.uri)
    return t.SemanticTokens(data=semantic.encode(doc.lines))


def _whole(doc: Document, text: str) -> list[t.TextEdit]:
    end = t.Position(len(doc.lines) - 1, len(doc.lines[-1]))
    return [t.TextEdit(t.Range(t.Position(0, 0), end), text)]


@server.feature(t.TEXT_DOCUMENT_FORMATTING)
@guarded(None)
def formatting(ls: LanguageServer, params: t.DocumentFormattingParams) -> Optional[list[t.TextEdit]]:
    doc = document(params.text_document.uri)
    text = actions.formatted(doc)
    return None if text is None or text == doc.text else _whole(doc, text)


@server.feature(
    t.TEXT_DOCUMENT_CODE_ACTION,
    t.CodeActionOptions(code_action_kinds=[t.CodeActionKind.QuickFix, t.CodeActionKind.Source]),
)
@guarded([])
def code_actions(ls: LanguageServer, params: t.CodeActionParams) -> list[t.CodeAction]:
    uri = params.text_document.uri
    doc = document(uri)
    out = []
    for diag in doc.diagnostics():
        found = actions.fix(doc, diag)
        if found is None:
            continue
        line0 = found.line - 1
        if not params.range.start.line <= line0 <= params.range.end.line:
            continue
        edit = t.TextEdit(_range(doc, found.line, found.start, found.end), found.text)
        out.append(
            t.CodeAction(
                found.title,
                kind=t.CodeActionKind.QuickFix,
                edit=t.WorkspaceEdit(changes={uri: [edit]}),
                is_preferred=True,
            )
        )
    annotated = actions.formatted(doc, annotate=True)
    if annotated is not None and annotated != doc.text:
        out.append(
            t.CodeAction(
                "Write the checkpoints (dungeon fmt --annotate)",
                kind=t.CodeActionKind.Source,
                edit=t.WorkspaceEdit(changes={uri: _whole(doc, annotated)}),
            )
        )
    return out


@server.feature(t.SHUTDOWN)
def on_shutdown(ls: LanguageServer, params: Any) -> None:
    _session["shutdown"] = True


def _answer_error(writer: Any, ident: Any, error: JsonRpcException) -> None:
    """A JSON-RPC error answer (``ident`` None where the request's id is not known)."""
    body = json.dumps({"jsonrpc": "2.0", "id": ident, "error": {"code": error.code, "message": error.message}}).encode()
    writer.write(b"Content-Length: %d\r\n\r\n%b" % (len(body), body))


def handle(frame: framing.Incoming, writer: Any) -> None:
    """One message read by ``framing``: to pygls' protocol, or answered with its error."""
    from pygls.exceptions import JsonRpcInvalidRequest, JsonRpcParseError

    if frame.body is None:
        log.error("dungeon lsp: dropped %s", frame.problem)
        ident = None
        if frame.id is not None:
            try:
                ident = json.loads(frame.id)
            except ValueError:
                pass
        if ident is not None:  # a request dropped for its size is still answered
            _answer_error(writer, ident, JsonRpcInvalidRequest(f"dropped {frame.problem}"))
        return
    try:
        raw = json.loads(frame.body)
    except (ValueError, RecursionError) as exc:
        log.error("dungeon lsp: a message that is not JSON (%s)", safe(type(exc).__name__))
        _answer_error(writer, None, JsonRpcParseError())
        return
    ident = raw.get("id") if isinstance(raw, dict) else None
    if (
        not isinstance(raw, dict)
        or raw.get("jsonrpc") != "2.0"
        or not isinstance(ident, (int, str, type(None)))
        or isinstance(ident, bool)
    ):
        words = 'a message is a JSON object with "jsonrpc": "2.0" and an id that is a number or a string'
        _answer_error(writer, None, JsonRpcInvalidRequest(words))
        return
    try:
        message = server.protocol.structure_message(raw)
    except JsonRpcException as exc:
        log.error("dungeon lsp: %s refused: %s", safe(str(raw.get("method"))), exc.message)
        if ident is not None and "method" in raw:  # a request: answered; a notification is dropped
            _answer_error(writer, ident, exc)
        return
    except RecursionError:
        _answer_error(writer, ident, JsonRpcInvalidRequest("parameters nested too deep"))
        return
    uri = getattr(getattr(getattr(message, "params", None), "text_document", None), "uri", None)
    if isinstance(uri, str) and raw.get("method") != t.TEXT_DOCUMENT_DID_OPEN:
        try:
            _opened(uri)
        except NotOpen as exc:  # never read from the disk: refused here, before pygls would
            log.error("dungeon lsp: %s: %s", safe(str(raw.get("method"))), exc.message)
            if ident is not None:
                _answer_error(writer, ident, exc)
            return
    server.protocol.handle_message(message)


def serve(stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Answer the messages of ``stdin`` on ``stdout`` until ``exit``, or the end of
    ``stdin``; the exit status, as the protocol says: 0 after ``shutdown``, 1 without.
    A thread reads the messages (``framing``) into a queue the event loop handles; the
    loop runs what waits (diagnostics) only once the queue is empty."""
    from pygls.io_ import StdoutWriter

    writer = StdoutWriter(stdout)
    server.protocol.set_writer(writer)
    loop = asyncio.new_event_loop()
    queue: asyncio.Queue[Optional[framing.Incoming]] = asyncio.Queue()

    def post(frame: Optional[framing.Incoming]) -> None:
        try:
            loop.call_soon_threadsafe(queue.put_nowait, frame)
        except RuntimeError:  # the loop is closed: the session is over
            pass

    def read() -> None:
        try:
            for frame in framing.frames(stdin):
                post(frame)
        except (OSError, ValueError) as exc:
            log.error("dungeon lsp: reading the editor's messages failed: %s", exc)
        post(None)

    async def pump() -> int:
        while True:
            frame = await queue.get()
            if frame is None:
                return 0 if _session["shutdown"] else 1
            try:
                handle(frame, writer)
            except SystemExit as exc:  # pygls' answer to exit: its status
                return exc.code if isinstance(exc.code, int) else 1
            except BrokenPipeError:
                return 1
            except Exception as exc:  # pygls' own (a cancel of an id that is an object): one line, and on
                log.error("dungeon lsp: a message failed: %s: %s", type(exc).__name__, safe(str(exc)))

    threading.Thread(target=read, name="dungeon-lsp-reader", daemon=True).start()
    try:
        return loop.run_until_complete(pump())
    finally:
        loop.close()


def main() -> int:
    """Serve on copies of stdin and stdout (pygls closes its stream at ``exit``, and the
    command's own would be closed under it); anything printed by mistake goes to stderr,
    never into the protocol's stream. Standard input is read unbuffered by one thread,
    so nothing is left holding a buffer's lock when the process ends."""
    import os
    import sys

    logging.basicConfig(level=logging.WARNING)  # on stderr
    # pygls logs a message its types refuse with a traceback; handle says it in one line
    logging.getLogger("pygls.protocol.json_rpc").addFilter(lambda record: not str(record.msg).startswith("Unable to deserialize"))
    stdin = os.fdopen(os.dup(sys.stdin.fileno()), "rb", buffering=0)
    stdout = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout = sys.stderr
    return serve(stdin, stdout)
