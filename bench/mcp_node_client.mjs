// The MCP TypeScript SDK's client timing `lsai mcp` over stdio: the client Claude Code, Cursor
// and OpenCode are built on (output schemas compiled with ajv when tools are listed, each
// structured result checked against its tool's). Driven by bench/mcp_bench.py, which installs
// the SDK into its cache and passes the plan as a JSON file:
//
//   {"command": "...", "args": [...], "cwd": "...", "repeat": N, "floor": N,
//    "plan": {"label": [["tool", {arguments}], ...], ...}}
//
// It prints one JSON object: {"label": {"ms": [...], "cpu_ms": mean client CPU per call}, ...,
// "floor": [...]}: every call once to warm up, then `repeat` rounds of each label's calls.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { performance } from "node:perf_hooks";

const sdk = process.env.MCP_SDK_DIR;
const { Client } = await import(`${sdk}/dist/esm/client/index.js`);
const { StdioClientTransport } = await import(`${sdk}/dist/esm/client/stdio.js`);

const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));
const transport = new StdioClientTransport({
  command: spec.command,
  args: spec.args,
  cwd: spec.cwd,
  env: { ...process.env },
  stderr: "ignore",
});
const client = new Client({ name: "lsai-mcp-bench", version: "1" });
await client.connect(transport);
await client.listTools(); // compiles and caches each tool's output-schema validator
await settled();

// As mcp_bench's `settled`: the server's watcher has finished its first update (the `server`
// tool's freshness is no longer "running"), then the server process idles (under 5% of a core
// over 0.5 s), so the timed calls meet a quiet server; at most 60 s in all.
async function settled() {
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline) {
    const result = await client.callTool({ name: "server", arguments: {} });
    if (result.structuredContent?.freshness?.status !== "running") break;
    await sleep(200);
  }
  const ticks = () => {
    try {
      const fields = readFileSync(`/proc/${transport.pid}/stat`, "utf8").split(") ")[1].split(" ");
      return Number(fields[11]) + Number(fields[12]); // utime, stime (clock ticks: 1/100 s)
    } catch {
      return null;
    }
  };
  while (Date.now() < deadline) {
    const before = ticks();
    await sleep(500);
    const after = ticks();
    if (before === null || after === null || after - before <= 2.5) return;
  }
}

async function call(name, args) {
  const start = performance.now();
  const result = await client.callTool({ name, arguments: args });
  const ms = performance.now() - start;
  if (result.isError) {
    throw new Error(`${name} ${JSON.stringify(args)} failed: ${result.content?.[0]?.text}`);
  }
  return ms;
}

const out = {};
for (const [label, calls] of Object.entries(spec.plan)) {
  for (const [name, args] of calls) await call(name, args);
  const ms = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < spec.repeat; i++) {
    for (const [name, args] of calls) ms.push(await call(name, args));
  }
  const used = process.cpuUsage(cpu);
  out[label] = { ms, cpu_ms: (used.user + used.system) / 1000 / Math.max(1, ms.length) };
}
const floor = [];
for (let i = 0; i < spec.floor; i++) {
  const start = performance.now();
  try {
    await client.callTool({ name: "no_such_tool", arguments: {} });
  } catch {
    // an unknown tool is a protocol error: what is timed is the round trip
  }
  floor.push(performance.now() - start);
}
out.floor = floor;
await client.close();
process.stdout.write(JSON.stringify(out) + "\n");
