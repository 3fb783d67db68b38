"""The language server: pygls speaking the protocol on stdio, each request answered by
the modules beside this one. The one module that imports pygls (``dungeon lsp`` alone
loads it). A document is read once per version; an answer that fails is logged and
left empty, so no record, however broken, stops the server.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Optional

from lsprotocol import types as t
from pygls.lsp.server import LanguageServer

from .. import __version__
from . import actions, completion, hover, semantic, symbols
from .document import Document

log = logging.getLogger(__name__)
server = LanguageServer("dungeon", __version__, text_document_sync_kind=t.TextDocumentSyncKind.Full)
_read: dict[str, tuple[Optional[int], Document]] = {}


def document(uri: str) -> Document:
    text_doc = server.workspace.get_text_document(uri)
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
        doc = document(uri)
        found = _diagnostics(doc)
    except Exception:
        log.exception("dungeon lsp: reading %s failed", uri)
        found = []
    version = server.workspace.get_text_document(uri).version
    server.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=version))


@server.feature(t.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: LanguageServer, params: t.DidOpenTextDocumentParams) -> None:
    publish(params.text_document.uri)


@server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: LanguageServer, params: t.DidChangeTextDocumentParams) -> None:
    publish(params.text_document.uri)


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
    return t.Hover(contents=t.MarkupContent(kind=t.MarkupKind.Markdown, value=f"```text\n{text}\n```"))


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


def main() -> None:
    """Serve on copies of stdin and stdout (pygls closes its streams at ``exit``, and the
    command's own would be closed under it); anything printed by mistake goes to stderr,
    never into the protocol's stream."""
    import os
    import sys

    logging.basicConfig(level=logging.WARNING)  # on stderr
    stdin = os.fdopen(os.dup(sys.stdin.fileno()), "rb")
    stdout = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout = sys.stderr
    server.start_io(stdin, stdout)
