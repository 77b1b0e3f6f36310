// The mcpconf extension: starts `mcpconf lsp` for the config files the
// MCP clients read (selector.ts) and restarts it when mcpconf.path
// changes.

import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions, ServerOptions } from "vscode-languageclient/node";
import { documentSelector } from "./selector";
import { hostLookup, resolveServer } from "./server";

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel("mcpconf", { log: true });
  context.subscriptions.push(output);
  await start(output);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("mcpconf.path")) {
        await stop();
        await start(output);
      }
    }),
  );
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function start(output: vscode.LogOutputChannel): Promise<void> {
  const configured = vscode.workspace.getConfiguration("mcpconf").get<string>("path") ?? "";
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === "file").map((f) => f.uri.fsPath);
  const found = resolveServer(hostLookup(configured, folders));
  if ("error" in found) {
    output.appendLine(found.error);
    void vscode.window.showErrorMessage(found.error);
    return;
  }
  output.appendLine(`starting ${found.command} lsp (from ${found.from})`);
  const run = { command: found.command, args: ["lsp"] };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: documentSelector(),
    outputChannel: output,
  };
  client = new LanguageClient("mcpconf", "mcpconf", serverOptions, clientOptions);
  try {
    await client.start();
  } catch (err) {
    const msg = `mcpconf lsp did not start: ${err instanceof Error ? err.message : String(err)}`;
    output.appendLine(msg);
    void vscode.window.showErrorMessage(msg);
    client = undefined;
  }
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c !== undefined) {
    await c.stop();
  }
}
