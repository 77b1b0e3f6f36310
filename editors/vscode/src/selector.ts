// The documents the extension hands to mcpconf lsp: files on disk whose
// path matches a pattern of files.ts (generated from the client
// descriptors), whatever language VS Code gives them (a .toml file has
// none without a TOML extension).

import { patterns } from "./files";

export interface FilterLike {
  scheme: string;
  pattern: string;
}

export function documentSelector(): FilterLike[] {
  return patterns.map((pattern) => ({ scheme: "file", pattern }));
}
