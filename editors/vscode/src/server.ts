// Where the extension finds the mcpconf binary. No import of "vscode":
// the resolution is plain data in, plain data out, so node's test runner
// checks it outside VS Code (test/server.test.ts).

import * as path from "node:path";
import * as os from "node:os";
import * as fs from "node:fs";

export interface Lookup {
  // configured is the setting mcpconf.path ("" when not set).
  configured: string;
  // pathEnv is $PATH (Path on Windows).
  pathEnv: string;
  // folders are the workspace folders, whose node_modules/.bin may hold
  // the mcpconf npm package's binary.
  folders: readonly string[];
  platform: NodeJS.Platform;
  home: string;
  // isFile says whether p is a file this process may execute.
  isFile: (p: string) => boolean;
}

export type Found =
  | { command: string; from: "setting" | "PATH" | "npm" }
  | { error: string };

// binaryNames are the file names of mcpconf on a platform (Windows: the
// launcher npm writes is mcpconf.cmd; go build writes mcpconf.exe).
export function binaryNames(platform: NodeJS.Platform): string[] {
  return platform === "win32" ? ["mcpconf.exe", "mcpconf.cmd"] : ["mcpconf"];
}

// resolveServer finds the binary: the configured path (a leading "~/" is
// the home, a relative one is taken from the first workspace folder),
// else mcpconf on PATH, else the npm package's binary in a workspace
// folder's node_modules/.bin.
export function resolveServer(l: Lookup): Found {
  const p = l.platform === "win32" ? path.win32 : path.posix;
  const configured = l.configured.trim();
  if (configured !== "") {
    let c = configured;
    if (c === "~" || c.startsWith("~/") || (l.platform === "win32" && c.startsWith("~\\"))) {
      c = p.join(l.home, c.slice(1));
    } else if (!p.isAbsolute(c) && l.folders.length > 0) {
      c = p.join(l.folders[0], c);
    }
    if (!l.isFile(c)) {
      return { error: `mcpconf.path ${JSON.stringify(configured)} is not an executable file: set it to the mcpconf binary, or clear it to use mcpconf on PATH` };
    }
    return { command: c, from: "setting" };
  }
  const names = binaryNames(l.platform);
  const sep = l.platform === "win32" ? ";" : ":";
  for (const dir of l.pathEnv.split(sep)) {
    if (dir === "") {
      continue;
    }
    for (const n of names) {
      const c = p.join(dir, n);
      if (l.isFile(c)) {
        return { command: c, from: "PATH" };
      }
    }
  }
  for (const f of l.folders) {
    for (const n of names) {
      const c = p.join(f, "node_modules", ".bin", n);
      if (l.isFile(c)) {
        return { command: c, from: "npm" };
      }
    }
  }
  return {
    error: "no mcpconf binary found: install it (npm install -D mcpconf, or go install github.com/mcpconf/mcpconf/cmd/mcpconf@latest) or set mcpconf.path",
  };
}

// isExecutable is Lookup.isFile on this machine.
export function isExecutable(p: string): boolean {
  try {
    if (!fs.statSync(p).isFile()) {
      return false;
    }
    if (process.platform !== "win32") {
      fs.accessSync(p, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

// hostLookup is the lookup of this process, with the setting and folders
// the extension passes.
export function hostLookup(configured: string, folders: readonly string[]): Lookup {
  return {
    configured,
    pathEnv: process.env.PATH ?? process.env.Path ?? "",
    folders,
    platform: process.platform,
    home: os.homedir(),
    isFile: isExecutable,
  };
}
