// The document selector, matched as a glob matcher does: every file the
// issue names is selected at any depth; files that merely look alike are
// not.

import { test } from "node:test";
import * as assert from "node:assert/strict";
import { minimatch } from "minimatch";
import { documentSelector } from "../selector";
import { patterns } from "../files";

const selected = (p: string): boolean => documentSelector().some((f) => f.scheme === "file" && minimatch(p, f.pattern, { dot: true }));

test("the files mcpconf reads are selected", () => {
  for (const p of [
    "/home/u/proj/.mcp.json",
    "/home/u/proj/.cursor/mcp.json",
    "/home/u/proj/.vscode/mcp.json",
    "/home/u/proj/sub/.gemini/settings.json",
    "/home/u/proj/.codex/config.toml",
    "/home/u/proj/opencode.json",
    "/home/u/proj/kilo.json",
    "/home/u/proj/.claude/settings.local.json",
    "/home/u/proj/.mcpconf.toml",
    "/home/u/.claude.json",
    "/home/u/.codex/config.toml",
    "/home/u/.config/zed/settings.json",
    "/Users/u/Library/Application Support/Claude/claude_desktop_config.json",
    "/etc/codex/requirements.toml",
  ]) {
    assert.ok(selected(p), p);
  }
});

test("look-alikes are not", () => {
  for (const p of [
    "/home/u/proj/package.json",
    "/home/u/proj/tsconfig.json",
    "/home/u/proj/.vscode/settings.jsonc",
    "/home/u/proj/.vscode/tasks.json",
    "/home/u/proj/config.toml",
    "/home/u/proj/.mcp.json.bak",
    "/home/u/proj/Cargo.toml",
  ]) {
    assert.ok(!selected(p), p);
  }
});

test("one filter per generated pattern, files on disk only", () => {
  const sel = documentSelector();
  assert.equal(sel.length, patterns.length);
  assert.ok(sel.every((f, i) => f.scheme === "file" && f.pattern === patterns[i]));
  assert.ok(patterns.every((p) => p.startsWith("**/")));
});
