// CPU profile of the Worker while autocannon loads one target: node scripts/.profile.mjs <cookie|-> <path> <seconds> <out>
import autocannon from "autocannon";
import { writeFileSync } from "node:fs";
const [cookie, path, seconds, out] = process.argv.slice(2);
const ws = new WebSocket("ws://127.0.0.1:9803/ws", { headers: { Origin: "https://devtools.devprod.cloudflare.dev" } });
let id = 0;
const pending = new Map();
ws.onmessage = (event) => {
  const message = JSON.parse(event.data);
  if (message.id && pending.has(message.id)) { pending.get(message.id)(message); pending.delete(message.id); }
};
const send = (method, params = {}) => new Promise((resolve) => { id += 1; pending.set(id, resolve); ws.send(JSON.stringify({ id, method, params })); });
await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = (e) => { console.log("ws error", e.message, e.type); reject(e); }; ws.onclose = (e) => console.log("closed", e.code, e.reason); });
await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: 100 });
const headers = { "Accept-Encoding": "br, gzip", ...(cookie !== "-" ? { Cookie: cookie } : {}) };
await autocannon({ url: `http://127.0.0.1:8803${path}`, connections: 10, duration: 1, headers });
await send("Profiler.start");
const result = await autocannon({ url: `http://127.0.0.1:8803${path}`, connections: 10, duration: Number(seconds), headers });
const { result: { profile } } = await send("Profiler.stop");
writeFileSync(out, JSON.stringify(profile));
console.log(path, cookie !== "-" ? "signed in" : "anonymous", result.requests.total, "requests");
// self time by function
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const counts = new Map();
for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
let total = 0;
for (const [nodeId, count] of counts) {
  const n = byId.get(nodeId);
  const key = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + count);
  total += count;
}
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
for (const [k, v] of top) console.log(String(v).padStart(6), (100 * v / total).toFixed(1).padStart(5) + "%", k);
console.log("samples", total, "per request", (total / result.requests.total).toFixed(2));
ws.close();
