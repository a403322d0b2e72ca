// The .dx TextMate grammar as VS Code runs it: vscode-textmate over the
// Oniguruma engine (the Go test of the grammar runs its regular
// expressions with Go's engine). Every labelled or plain statement of the
// repository's examples has its table scoped as a table; an index name
// after "index", on its line with "key", as an index, and "index" as a
// clause word.
"use strict";

const test = require("node:test");
const assert = require("node:assert");
const fs = require("node:fs");
const path = require("node:path");
const oniguruma = require("vscode-oniguruma");
const vsctm = require("vscode-textmate");

const root = path.join(__dirname, "..", "..", "..");

async function loadGrammar() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName !== "source.dx") return null;
      const file = path.join(__dirname, "..", "syntaxes", "dx.tmLanguage.json");
      return vsctm.parseRawGrammar(fs.readFileSync(file, "utf8"), file);
    },
  });
  return registry.loadGrammar("source.dx");
}

// scopesAt tokenizes text's lines and returns the scopes of the word at
// each [line, column] asked.
function tokenize(grammar, text) {
  const lines = text.split(/\r?\n/);
  let state = vsctm.INITIAL;
  const out = [];
  for (const line of lines) {
    const r = grammar.tokenizeLine(line, state);
    out.push(r.tokens);
    state = r.ruleStack;
  }
  return (lineNo, col) => {
    const t = out[lineNo].find((t) => t.startIndex <= col && col < t.endIndex);
    return t ? t.scopes : [];
  };
}

test("tables, labels and indexes are scoped as the parser reads them", async () => {
  const grammar = await loadGrammar();
  const files = fs.readdirSync(path.join(root, "examples")).filter((f) => f.endsWith(".dx"));
  const text = files.map((f) => fs.readFileSync(path.join(root, "examples", f), "utf8")).join("\n") +
    "\nopen_tickets: query Tickets index open-tickets-index key openBucket = \"OPEN\";\n" +
    "q: delete Tickets key id = \"a\";\nquery Tickets\n  index open-tickets-index key openBucket = \"OPEN\";\n";
  const at = tokenize(grammar, text);
  const lines = text.split(/\r?\n/);
  let tables = 0, indexes = 0;
  lines.forEach((line, n) => {
    if (line.trimStart().startsWith("#")) return;
    const st = /^(\s*(?:[A-Za-z_][A-Za-z0-9_]*\s*:\s*)?)(query|scan|get|put|update|delete|check)\s+([A-Za-z0-9_.-]+)/i.exec(line);
    if (st && !(st[2].toLowerCase() === "delete" && st[1].trim() === "" && !/\bkey\b/.test(line))) {
      const col = line.indexOf(st[3], st[1].length + st[2].length);
      assert.ok(at(n, col).includes("entity.name.type.table.dx"), `line ${n + 1}: table ${st[3]} scoped ${at(n, col)}:\n${line}`);
      tables++;
    }
    const ix = /\bindex\s+([A-Za-z0-9_.-]+)/i.exec(line);
    if (ix && !/^\s*#/.test(line)) {
      const word = ix.index, name = line.indexOf(ix[1], word + 5);
      assert.ok(at(n, name).includes("entity.name.type.index.dx"), `line ${n + 1}: index ${ix[1]} scoped ${at(n, name)}:\n${line}`);
      assert.ok(at(n, word).includes("keyword.control.clause.dx") && !at(n, word).includes("keyword.control.statement.dx"),
        `line ${n + 1}: the word index scoped ${at(n, word)}:\n${line}`);
      indexes++;
    }
  });
  assert.ok(tables >= 20 && indexes >= 5, `only ${tables} tables and ${indexes} indexes checked`);
});
