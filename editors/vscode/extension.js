// The dynexpr extension: the TextMate grammar highlights .dx files, and this
// starts `dynexpr lsp` over standard input and output for everything else
// (lint findings as you type, completion, hover, formatting), the same
// binary and rules as the command line.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("dynexpr").get("path") || "dynexpr";
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient("dynexpr", "dynexpr", { run: server, debug: server }, {
    documentSelector: [
      { scheme: "file", language: "dx" },
      { scheme: "untitled", language: "dx" },
    ],
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
