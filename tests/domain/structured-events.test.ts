import { afterEach, describe, expect, it, vi } from "vitest";
import {
  currentRequestId,
  currentRequestIdOfRequest,
  EVENTS,
  type EventName,
  emit,
  FIELD_KEYS,
  withInvocation,
} from "../../app/server/events.server";
import { withDeployment } from "../../workers/log-deployment";

// Issue 45, item 2 (decision 181): every event is declared once, carries only ids, counts and reasons, and is
// written as one logged object with its request id and version. The types keep each call site to its event's
// keys; this reads every call site too, so a cast or a new event cannot slip an address past them.

const sources = {
  ...import.meta.glob("../../app/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob("../../workers/*.ts", { query: "?raw", import: "default", eager: true }),
} as Record<string, string>;

/** Each `emit("name", { … })` in the source: the name and the keys written out in its literal. */
function callSites() {
  const sites: { file: string; event: string; keys: string[] }[] = [];
  for (const [file, text] of Object.entries(sources)) {
    for (const match of text.matchAll(/\bemit\(\s*"([^"]+)"\s*(?:,\s*\{([^}]*)\})?/g)) {
      const body = match[2] ?? "";
      const keys = [...body.matchAll(/(?:^|,)\s*([A-Za-z_$][\w$]*)\s*(?=[:,]|$)/g)].map(
        (key) => key[1] ?? "",
      );
      sites.push({ file, event: match[1] ?? "", keys: keys.filter((key) => key.length > 0) });
    }
  }
  return sites;
}

/** Names a field of an event may never have: a person's data, a secret, or free text. */
const FORBIDDEN =
  /email|mail$|address|^ip|ip$|token|secret|password|code$|agent|name|phone|body|message|text/i;

afterEach(() => vi.restoreAllMocks());

describe("structured events", () => {
  it("allow only ids, counts and reasons as fields", () => {
    for (const key of FIELD_KEYS) expect(key).not.toMatch(FORBIDDEN);
    for (const [event, keys] of Object.entries(EVENTS)) {
      expect(event).toMatch(/^(refusal|mail|digest|audit|content)\.[a-z-]+$/);
      for (const key of keys) expect(FIELD_KEYS).toContain(key);
    }
  });

  it("are emitted only under their declared names and keys, each of them somewhere", () => {
    const sites = callSites();
    expect(sites.length).toBeGreaterThanOrEqual(Object.keys(EVENTS).length);
    for (const site of sites) {
      expect(Object.keys(EVENTS), site.file).toContain(site.event);
      const allowed: readonly string[] = EVENTS[site.event as EventName];
      for (const key of site.keys) expect(allowed, `${site.file}: ${site.event}.${key}`).toContain(key);
    }
    for (const event of Object.keys(EVENTS)) expect(sites.map((site) => site.event)).toContain(event);
  });

  it("write no other line marked as an event", () => {
    for (const [file, text] of Object.entries(sources)) {
      if (file.endsWith("events.server.ts")) continue;
      expect(text, file).not.toMatch(/console\.\w+\([^)]*\bevent\s*:/);
    }
  });

  it("are one logged object with the request id and the version, the deployment joined to it", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const request = new Request("https://facets.example/login", {
      headers: { "CF-Ray": "8f1e2d3c4b5a6978-AMS" },
    });
    withInvocation({ request, version: "v-1" }, () => emit("refusal.rate-limit", { action: "login" }));
    withInvocation({ request: null, version: null }, () => {
      emit("audit.sealed", { sealed: 2, through: 9, outcome: "sealed" });
      emit("audit.sealed", { sealed: 1, through: 10, outcome: "sealed" });
    });
    expect(log).toHaveBeenCalledTimes(3);
    for (const call of log.mock.calls) expect(call).toHaveLength(1);
    const [first, second, third] = log.mock.calls.map(([line]) => line as Record<string, unknown>);
    expect(first).toEqual({
      event: "refusal.rate-limit",
      requestId: "8f1e2d3c4b5a6978-AMS",
      version: "v-1",
      action: "login",
    });
    // Without a CF-Ray an invocation gets an id of its own, the same on each of its events.
    expect(second?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(third?.requestId).toBe(second?.requestId);
    // As the deployed Worker logs it (workers/log-deployment.ts): still one object, which Workers Logs
    // indexes field by field.
    expect(withDeployment([first], "pull-7")).toEqual([{ ...first, deployment: "pull-7" }]);
  });

  it("name the request that stored a mail only when there is one", () => {
    const request = new Request("https://facets.example/contact", { headers: { "CF-Ray": "8f1e-AMS" } });
    expect(withInvocation({ request, version: null }, currentRequestIdOfRequest)).toBe("8f1e-AMS");
    // A cron has an id of its own for its events, but it stored no mail event: the sweep names none.
    expect(withInvocation({ request: null, version: null }, currentRequestIdOfRequest)).toBeNull();
    expect(withInvocation({ request: null, version: null }, currentRequestId)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("take no request id that is not one", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const request = new Request("https://facets.example/", { headers: { "CF-Ray": "<script>x@y.example" } });
    withInvocation({ request, version: null }, () => emit("refusal.origin", { method: "POST" }));
    const [line] = log.mock.calls[0] ?? [];
    expect((line as { requestId?: string } | undefined)?.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
