// resolveServer on real files: a temporary tree with executables in it.

import { test } from "node:test";
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { hostLookup, isExecutable, Lookup, resolveServer } from "../server";

function tree(): { dir: string; exe: (rel: string) => string; plain: (rel: string) => string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mcpconf-vscode-"));
  const put = (rel: string, mode: number): string => {
    const p = path.join(dir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, "#!/bin/sh\n", { mode });
    fs.chmodSync(p, mode);
    return p;
  };
  return { dir, exe: (rel) => put(rel, 0o755), plain: (rel) => put(rel, 0o644) };
}

function lookup(over: Partial<Lookup>): Lookup {
  return { configured: "", pathEnv: "", folders: [], platform: "linux", home: "/nonexistent", isFile: isExecutable, ...over };
}

test("the setting wins over PATH and npm", () => {
  const t = tree();
  const set = t.exe("custom/mcpconf");
  t.exe("bin/mcpconf");
  t.exe("ws/node_modules/.bin/mcpconf");
  const got = resolveServer(lookup({ configured: set, pathEnv: path.join(t.dir, "bin"), folders: [path.join(t.dir, "ws")] }));
  assert.deepEqual(got, { command: set, from: "setting" });
});

test("a setting that names no executable is an error, not a fallback", () => {
  const t = tree();
  t.exe("bin/mcpconf");
  const plain = t.plain("notexec/mcpconf");
  for (const configured of [path.join(t.dir, "missing"), plain, t.dir]) {
    const got = resolveServer(lookup({ configured, pathEnv: path.join(t.dir, "bin") }));
    assert.ok("error" in got, `${configured}: ${JSON.stringify(got)}`);
    assert.match(got.error, /^mcpconf\.path ".*" is not an executable file: /);
  }
});

test("the setting: ~/ is the home, a relative path the first workspace folder", () => {
  const t = tree();
  const inHome = t.exe("home/bin/mcpconf");
  const inWs = t.exe("ws/tools/mcpconf");
  assert.deepEqual(resolveServer(lookup({ configured: "~/bin/mcpconf", home: path.join(t.dir, "home") })), { command: inHome, from: "setting" });
  assert.deepEqual(resolveServer(lookup({ configured: " tools/mcpconf ", folders: [path.join(t.dir, "ws")] })), { command: inWs, from: "setting" });
});

test("PATH: the first directory holding an executable mcpconf", () => {
  const t = tree();
  t.plain("a/mcpconf"); // not executable: skipped
  const b = t.exe("b/mcpconf");
  t.exe("c/mcpconf");
  const pathEnv = ["", path.join(t.dir, "none"), path.join(t.dir, "a"), path.join(t.dir, "b"), path.join(t.dir, "c")].join(":");
  assert.deepEqual(resolveServer(lookup({ pathEnv, folders: [] })), { command: b, from: "PATH" });
});

test("npm: the package's binary in a workspace folder, when PATH has none", () => {
  const t = tree();
  const bin = t.exe("ws2/node_modules/.bin/mcpconf");
  const got = resolveServer(lookup({ pathEnv: path.join(t.dir, "empty"), folders: [path.join(t.dir, "ws1"), path.join(t.dir, "ws2")] }));
  assert.deepEqual(got, { command: bin, from: "npm" });
});

test("nothing found: an error that says what to do", () => {
  const t = tree();
  const got = resolveServer(lookup({ pathEnv: t.dir, folders: [t.dir] }));
  assert.ok("error" in got);
  assert.match(got.error, /^no mcpconf binary found: install it .* or set mcpconf\.path$/);
});

test("windows: mcpconf.exe or npm's mcpconf.cmd, PATH split on ;", () => {
  const files = new Set(["C:\\go\\bin\\mcpconf.exe", "C:\\ws\\node_modules\\.bin\\mcpconf.cmd"]);
  const isFile = (p: string) => files.has(p);
  assert.deepEqual(resolveServer(lookup({ platform: "win32", pathEnv: "C:\\Windows;C:\\go\\bin", isFile })), { command: "C:\\go\\bin\\mcpconf.exe", from: "PATH" });
  assert.deepEqual(resolveServer(lookup({ platform: "win32", pathEnv: "C:\\Windows", folders: ["C:\\ws"], isFile })), { command: "C:\\ws\\node_modules\\.bin\\mcpconf.cmd", from: "npm" });
  assert.deepEqual(resolveServer(lookup({ platform: "win32", configured: "~\\bin\\mcpconf.exe", home: "C:\\go", isFile })), { command: "C:\\go\\bin\\mcpconf.exe", from: "setting" });
});

test("hostLookup reads this process's PATH", () => {
  const l = hostLookup("x", ["/w"]);
  assert.equal(l.pathEnv, process.env.PATH ?? "");
  assert.deepEqual([l.configured, l.folders, l.platform], ["x", ["/w"], process.platform]);
});
