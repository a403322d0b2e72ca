// The dynexpr extension: the TextMate grammar highlights .dx files, and this
// starts `dynexpr lsp` over standard input and output for everything else
// (lint findings as you type, completion, hover, formatting), the same
// binary and rules as the command line. The server reads .dx files,
// PartiQL scripts, request JSON (a *.json that is not a request is left
// alone) and, unless dynexpr.code is off, the requests application code
// writes as literals.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

// The languages of application code the server reads (lint --code's).
const codeLanguages = ["go", "python", "javascript", "javascriptreact", "typescript", "typescriptreact", "java", "kotlin"];

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("dynexpr");
  const command = config.get("path") || "dynexpr";
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  const languages = ["dx", "partiql", "json", "jsonl"];
  if (config.get("code", true)) {
    languages.push(...codeLanguages);
  }
  const documentSelector = [];
  for (const language of languages) {
    documentSelector.push({ scheme: "file", language: language }, { scheme: "untitled", language: language });
  }
  // The server registers watchers for the schema files its projects read;
  // a .dynexpr.yaml created or changed anywhere is reported from the start,
  // so that a new config is read at once.
  const synchronize = { fileEvents: vscode.workspace.createFileSystemWatcher("**/.dynexpr.yaml") };
  client = new LanguageClient("dynexpr", "dynexpr", { run: server, debug: server }, { documentSelector, synchronize });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
