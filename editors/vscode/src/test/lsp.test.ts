// mcpconf lsp driven by the protocol machinery vscode-languageclient/node
// runs on (vscode-languageserver-protocol/node: its JSON-RPC connection
// over the server's stdio). vscode-languageclient itself needs the
// editor's "vscode" module, and an extension test (@vscode/test-electron)
// downloads VS Code, which this machine cannot reach.
//
// The binary is $MCPCONF_PATH when set, else built from this repository
// with go build; either way found through resolveServer as the extension
// finds it.

import { test } from "node:test";
import * as assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import {
  createProtocolConnection,
  Diagnostic,
  PublishDiagnosticsParams,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";
import { minimatch } from "minimatch";
import { documentSelector } from "../selector";
import { hostLookup, resolveServer } from "../server";

function binary(tmp: string): string {
  let configured = process.env.MCPCONF_PATH ?? "";
  if (configured === "") {
    configured = path.join(tmp, "mcpconf");
    execFileSync("go", ["build", "-o", configured, "./cmd/mcpconf"], { cwd: path.resolve(__dirname, "../../../.."), stdio: "inherit" });
  }
  const found = resolveServer(hostLookup(path.resolve(configured), []));
  if ("error" in found) {
    throw new Error(found.error);
  }
  return found.command;
}

test("mcpconf lsp: diagnostics on open, after a change, on a syntax error; clean exit", async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mcpconf-vscode-lsp-"));
  const root = path.join(tmp, "proj");
  fs.mkdirSync(path.join(root, ".git"), { recursive: true });
  fs.mkdirSync(path.join(tmp, "home"));
  const file = path.join(root, ".mcp.json");
  const bad = '{"mcpServers": {"time": {"command": "uvx", "args": ["mcp-server-time"], "type": "stdoi"}}}';
  fs.writeFileSync(file, bad);
  assert.ok(documentSelector().some((f) => minimatch(file, f.pattern, { dot: true })), "the selector hands the file to the server");

  const proc = spawn(binary(tmp), ["lsp", "--home", path.join(tmp, "home")], { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const conn = createProtocolConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const published: PublishDiagnosticsParams[] = [];
  conn.onNotification("textDocument/publishDiagnostics", (p: PublishDiagnosticsParams) => {
    published.push(p);
  });
  conn.listen();
  const uri = pathToFileURL(file).toString();
  // next waits for the file's diagnostics published after mark.
  const next = async (mark: number): Promise<Diagnostic[]> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const p = published.slice(mark).find((d) => d.uri === uri);
      if (p !== undefined) {
        return p.diagnostics;
      }
      assert.ok(Date.now() < deadline, "no diagnostics within 10 s");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const init = (await conn.sendRequest("initialize", {
    processId: process.pid,
    rootUri: pathToFileURL(root).toString(),
    workspaceFolders: [{ uri: pathToFileURL(root).toString(), name: "proj" }],
    capabilities: { textDocument: { publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true } } },
  })) as { capabilities: { textDocumentSync?: unknown } };
  assert.ok(init.capabilities.textDocumentSync !== undefined, JSON.stringify(init));
  await conn.sendNotification("initialized", {});

  let mark = published.length;
  await conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "json", version: 1, text: bad } });
  const opened = await next(mark);
  const transport = opened.filter((x) => x.code === "unknown-transport");
  const err = transport.find((x) => x.severity === 1);
  assert.ok(err !== undefined, JSON.stringify(opened));
  assert.deepEqual(err.range, { start: { line: 0, character: 80 }, end: { line: 0, character: 87 } });
  assert.match(err.codeDescription?.href ?? "", /docs\/rules\.md#unknown-transport$/);

  // An unsaved change is linted as it is.
  mark = published.length;
  await conn.sendNotification("textDocument/didChange", {
    textDocument: { uri, version: 2 },
    contentChanges: [{ text: bad.replace("stdoi", "stdio") }],
  });
  assert.deepEqual((await next(mark)).filter((x) => x.code === "unknown-transport"), []);

  // A file that does not parse gets its syntax error, and the server answers on.
  mark = published.length;
  await conn.sendNotification("textDocument/didChange", { textDocument: { uri, version: 3 }, contentChanges: [{ text: '{"mcpServers": {' }] });
  const broken = await next(mark);
  assert.ok(broken.some((x) => x.severity === 1), JSON.stringify(broken));

  await conn.sendRequest("shutdown");
  await conn.sendNotification("exit");
  assert.equal(await exited, 0);
  conn.dispose();
});
