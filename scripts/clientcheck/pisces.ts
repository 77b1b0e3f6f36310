// pisces.ts — the pisces oracle: oh-my-pi's own MCP config loading, run under bun.
//
//   bun pisces.ts PKG CWD
//
// PKG is the installed @oh-my-pi/pi-coding-agent (node_modules/@oh-my-pi/pi-coding-agent in the
// cache folder clientcheck installs it into; never the repository). HOME must be the staged home,
// with the case's .pisces directories staged as .omp (pisces is oh-my-pi with its directory
// renamed). It calls oh-my-pi's Settings.init, initializeWithSettings, loadAllMCPConfigs(cwd) and
// validateServerConfig, as its session start does (sdk.ts: filterExa true, enableProjectConfig from
// the settings), and prints as JSON every server name it read with what it would do with it:
//   enabled   loadAllMCPConfigs returns it and validateServerConfig passes: pisces starts it
//   invalid   validateServerConfig fails ("streamable-http"), or the capability's validate drops
//             the entry that owns the name (neither command nor url, type without its endpoint)
//   disabled  suppressed: `enabled: false` (not forced by enabledServers) or disabledServers
//   blocked   the exa filter drops it (pisces has its own exa integration)
//   shadowed  a higher-priority server of another name has the same connection (listed apart,
//             under "shadowed", not in "servers": pisces shows nothing of it)
import * as path from "node:path";

const [pkg, cwd] = process.argv.slice(2);
if (!pkg || !cwd) {
	console.error("usage: bun pisces.ts PKG CWD");
	process.exit(2);
}
const src = (p: string) => path.join(pkg, "src", p);

const { Settings } = await import(src("config/settings.ts"));
const discovery = await import(src("discovery/index.ts"));
const { loadAllMCPConfigs, validateServerConfig, isExaMCPServer, filterExaMCPServers } = await import(src("mcp/config.ts"));
const { mcpCapability } = await import(src("capability/mcp.ts"));
const { readDisabledServers, readEnabledServers } = await import(src("mcp/config-writer.ts"));
const { getMCPConfigPath } = await import(path.join(pkg, "..", "pi-utils", "src", "index.ts"));

const settings = await Settings.init({ cwd });
discovery.initializeWithSettings(settings);
const enableProjectConfig = settings.get("mcp.enableProjectConfig") ?? true;

const { configs, sources } = await loadAllMCPConfigs(cwd, { enableProjectConfig, filterExa: true });

// Every definition of every provider, in priority order, without suppression or validation, to
// say why a name that read is not started; and the deduplication loadAllMCPConfigs does (the same
// filter and suppression), before validation, to tell a name shadowed by an equivalent connection
// from one whose owner is invalid.
const raw = await discovery.loadCapability(mcpCapability.id, { cwd, includeInvalid: true, includeDisabled: false });
const userPath = getMCPConfigPath("user", cwd);
const disabled = new Set(await readDisabledServers(userPath));
const forced = new Set(await readEnabledServers(userPath));
const suppressed = (item: any) => disabled.has(item.name) || (item.enabled === false && !forced.has(item.name));
const deduped = await discovery.loadCapability(mcpCapability.id, {
	cwd,
	includeInvalid: true,
	filter: (item: any) => enableProjectConfig || item._source?.level !== "project",
	suppress: suppressed,
});
const owners = new Set((deduped.items as any[]).map(item => item.name));

const rel = (p?: string) => {
	if (!p) return "";
	const home = process.env.HOME ?? "";
	if (p.startsWith(cwd + path.sep)) return path.relative(cwd, p);
	if (home && p.startsWith(home + path.sep)) return "~/" + path.relative(home, p);
	return p;
};

type Out = {
	name: string;
	status: string;
	why?: string;
	provider?: string;
	source?: string;
	level?: string;
	transport?: string;
	command?: string;
	args?: string[];
	url?: string;
};
const servers: Out[] = [];
const shadowed: Out[] = [];
const done = new Set<string>();
for (const [name, config] of Object.entries(configs) as [string, any][]) {
	const errors = validateServerConfig(name, config);
	const s = sources[name] ?? {};
	servers.push({
		name,
		status: errors.length ? "invalid" : "enabled",
		why: errors.length ? errors.join("; ") : undefined,
		provider: s.provider,
		source: rel(s.path),
		level: s.level,
		transport: config.type,
		command: config.type === "stdio" ? config.command : undefined,
		args: config.type === "stdio" ? (config.args ?? []) : undefined,
		url: config.type !== "stdio" ? config.url : undefined,
	});
	done.add(name);
}
for (const item of raw.all as any[]) {
	const name = item.name;
	if (done.has(name)) continue;
	if (name === "__proto__") {
		// configs is a plain object: configs["__proto__"] = … sets its prototype; pisces never
		// starts a server of that name, whatever file defines it
		done.add(name);
		shadowed.push({ name, status: "lost", why: "configs[\"__proto__\"] sets the prototype", provider: item._source?.provider, source: rel(item._source?.path) });
		continue;
	}
	done.add(name); // the first definition of a name (highest priority) owns it
	if (!enableProjectConfig && item._source?.level === "project") continue;
	const transport = item.transport ?? (item.command ? "stdio" : item.url ? "http" : "stdio");
	const out: Out = {
		name,
		status: "",
		provider: item._source?.provider,
		source: rel(item._source?.path),
		level: item._source?.level,
		transport,
		command: item.command,
		args: transport === "stdio" ? (item.args ?? []) : undefined,
		url: item.url,
	};
	const invalid = mcpCapability.validate(item);
	if (!suppressed(item) && !owners.has(name)) {
		out.status = "shadowed";
		out.why = "same connection as a higher-priority server";
		shadowed.push(out);
		continue;
	}
	if (disabled.has(name)) {
		out.status = "disabled";
		out.why = "listed in disabledServers of " + rel(userPath);
	} else if (item.enabled === false && !forced.has(name)) {
		out.status = "disabled";
		out.why = "enabled is false";
	} else if (invalid) {
		out.status = "invalid";
		out.why = invalid;
	} else if (isExaMCPServer(name, { ...item, type: transport }) &&
		!Object.hasOwn(filterExaMCPServers({ [name]: { ...item, type: transport } }, {}).configs, name)) {
		out.status = "blocked";
		out.why = "exa filter";
	} else {
		// the owner passed every check and is still not in configs: a name the plain object
		// loadAllMCPConfigs collects into loses ("__proto__")
		out.status = "lost";
		out.why = "not among the configs loadAllMCPConfigs returns";
		shadowed.push(out);
		continue;
	}
	servers.push(out);
}
servers.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
console.log(JSON.stringify({ servers, shadowed, warnings: raw.warnings ?? [] }, null, 1));
process.exit(0);
