// Tokenises files with the extension's TextMate grammar, as VS Code does (vscode-textmate
// on the Oniguruma engine, vscode-oniguruma). Prints JSON: for each file, for each line,
// [startIndex, endIndex, scopes] (UTF-16 offsets, as the editor counts). Run by
// tests/editors/test_vscode_extension.py.
"use strict";

const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const here = path.join(__dirname, "..");
const wasm = fs.readFileSync(path.join(here, "node_modules", "vscode-oniguruma", "release", "onig.wasm")).buffer;

async function main(files) {
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName !== "source.dgn") return null;
      const file = path.join(here, "syntaxes", "dgn.tmLanguage.json");
      return vsctm.parseRawGrammar(fs.readFileSync(file, "utf8"), file);
    },
  });
  const grammar = await registry.loadGrammar("source.dgn");
  const out = {};
  for (const file of files) {
    const text = fs.readFileSync(file).toString("utf8");
    let stack = vsctm.INITIAL;
    out[file] = text.split(/\r\n|\n/).map((line) => {
      const result = grammar.tokenizeLine(line, stack);
      stack = result.ruleStack;
      return result.tokens.map((t) => [t.startIndex, Math.min(t.endIndex, line.length), t.scopes]);
    });
  }
  process.stdout.write(JSON.stringify(out));
}

main(process.argv.slice(2)).catch((err) => {
  process.stderr.write(String(err && err.stack ? err.stack : err) + "\n");
  process.exit(1);
});
