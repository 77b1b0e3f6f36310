#!/usr/bin/env node
// The mcpconf launcher: finds the platform package npm installed among
// the optionalDependencies (the one whose os/cpu fit this machine), runs
// its Go binary with our arguments and stdio, and exits as it exits
// (its code, or the signal that ended it). No postinstall, no download.
"use strict";

const { spawn } = require("child_process");
const path = require("path");

const platforms = {
  "linux x64": "@mcpconf/linux-x64",
  "linux arm64": "@mcpconf/linux-arm64",
  "darwin x64": "@mcpconf/darwin-x64",
  "darwin arm64": "@mcpconf/darwin-arm64",
  "win32 x64": "@mcpconf/win32-x64",
};

function binaryPath() {
  // MCPCONF_BINARY runs another build (a local go build) through this launcher.
  if (process.env.MCPCONF_BINARY) return process.env.MCPCONF_BINARY;
  const key = `${process.platform} ${process.arch}`;
  const pkg = platforms[key];
  const exe = process.platform === "win32" ? "mcpconf.exe" : "mcpconf";
  if (!pkg) {
    fail(`mcpconf has no npm package for ${JSON.stringify(key)}: ` +
      `install it with "go install github.com/mcpconf/mcpconf/cmd/mcpconf@latest" ` +
      `(packages exist for ${Object.keys(platforms).map((k) => JSON.stringify(k)).join(", ")})`);
  }
  try {
    return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "bin", exe);
  } catch (e) {
    fail(`the package ${JSON.stringify(pkg)} that holds mcpconf for ${JSON.stringify(key)} is not installed: ` +
      `npm leaves optional dependencies out with --omit=optional or --no-optional; ` +
      `reinstall without it (npm install mcpconf), or install ${JSON.stringify(pkg)} too`);
  }
}

function fail(msg) {
  process.stderr.write(`mcpconf: ${msg}\n`);
  process.exit(3);
}

const bin = binaryPath();
const child = spawn(bin, process.argv.slice(2), { stdio: "inherit", windowsHide: true });

// Signals to the launcher go to mcpconf; the launcher waits for it to end.
const forwarded = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT"];
const handlers = {};
for (const sig of forwarded) {
  handlers[sig] = () => { try { child.kill(sig); } catch (_) { /* already gone */ } };
  try { process.on(sig, handlers[sig]); } catch (_) { /* not on this platform */ }
}

child.on("error", (err) => {
  fail(`cannot run ${JSON.stringify(bin)}: ${err.message}`);
});

child.on("exit", (code, signal) => {
  for (const sig of forwarded) process.removeListener(sig, handlers[sig]);
  if (signal) {
    // End as mcpconf ended, so the shell sees the same signal.
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code === null ? 1 : code);
});
