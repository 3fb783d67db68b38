// The DGN extension's client: starts `dungeon lsp` (the command in the setting
// dungeon.lsp.command, by default "dungeon" from PATH) for every .dgn file, and hands it
// diagnostics, completion, hover, formatting, symbols and semantic highlighting.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("dungeon");
  const command = config.get("lsp.command", "dungeon");
  const args = config.get("lsp.args", ["lsp"]);
  const server = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient(
    "dungeon",
    "dungeon lsp",
    { run: server, debug: server },
    { documentSelector: [{ language: "dgn" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
