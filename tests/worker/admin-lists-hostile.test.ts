import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TAB_ENTRIES, API_ROUTES } from "../../app/lib/route-table";
import { fetchWorker } from "./support";
import { signedInCookie, uniqueEmail } from "./support-accounts";
import { API_ENTRIES } from "./support-hostile";
import { insertContact } from "./support-mail";

// Every admin list and its JSON twin, read by an administrator with hostile query strings: long values,
// every script, LIKE's wildcards, huge, negative and malformed page numbers, unknown payment methods,
// repeated parameters. Each answers on purpose (a 4xx or a clamped 200), never a 5xx; a search of 1 to
// 200 characters answers 200 and means its characters literally.

const SEED = 20_261_126;

/**
 * The lists: every GET under /api/admin with no name in its path (the content routes read no query
 * string), the dashboard's tabs (and the processed view), the CSV export.
 */
const LISTS: readonly string[] = [
  ...API_ROUTES.filter(
    (route) => route.path.startsWith("/admin/") && route.methods.includes("GET") && !route.path.includes(":"),
  ).map((route) => `/api${route.path}`),
  "/api/admin/contacts?processed=true",
  ...ADMIN_TAB_ENTRIES.map((entry) => `/admin?tab=${entry.tab}`),
  "/admin?tab=search&in=messages",
  "/admin?tab=search&in=people",
  "/admin?tab=contacts&view=processed",
  "/admin?tab=contacts&state=spam",
];

/** The lists and the CSV export of the Activity tab, which reads the same filters. */
const LISTS_AND_EXPORT: readonly string[] = [...LISTS, "/admin/activity.csv"];

/** The admin actions that name an account or a message by id in their path. */
const ID_ACTIONS: readonly string[] = API_ENTRIES.filter(
  (route) => route.path.startsWith("/admin/") && route.path.endsWith("/:id"),
).map((route) => `/api${route.path}`);

const HOSTILE_IDS = ["9".repeat(400), "18446744073709551616", "9007199254740993", "-1", "0", "1e3", "NaN"];

/** What each list searches by. */
const SEARCH_PARAMS = ["q", "person", "actor", "action"] as const;

/** Cursors, well formed and not, in each list's shape and in the search's. */
const HOSTILE_CURSORS = [
  "0.1",
  "1.1",
  "99999999999.1",
  "1.0",
  "-1.5",
  "1e9.1",
  "-1.5_3_0",
  "1e999_1_1",
  "NaN_1_1",
];

const PARAM_NAMES = [
  ...SEARCH_PARAMS,
  "page",
  "after",
  "state",
  "area",
  "holder",
  "view",
  "processed",
  "payment",
  "subject",
  "from",
  "to",
  "tab",
  "id",
  "limit",
  "offset",
  "after",
  "in",
  "state",
  "area",
  "holder",
] as const;

const HOSTILE_VALUES = [
  "%",
  "_",
  "\\",
  "%_\\%",
  "'; DROP TABLE users; --",
  '"',
  "\u0000",
  "\u0000%",
  " ",
  "ü".repeat(200),
  "𝔘".repeat(200),
  "a".repeat(49),
  "a".repeat(5000),
  "9".repeat(400),
  "-1",
  "0",
  "-0",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "1e21",
  "0x10",
  "1.5",
  "9007199254740991",
  "9007199254740993",
  "18446744073709551616",
  "-9223372036854775809",
  "2026-02-30",
  "9999-12-31",
  "0000-01-01",
  "2026-01-01T99:99:99.999Z",
  "processed",
  "true",
  "usdt",
  "USDT ",
  "BTC,SOL",
  "1.1",
  "99999999999.9007199254740993",
  "1732000000.0",
  "open",
  "spam",
  "me",
  "nobody",
  "messages",
  "people",
  "NEAR(a b)",
  'a" OR "b',
  "col:value",
  "^start",
  "-not",
  "*",
  "AND",
  "王伟 先生",
  "مرحبا بالعالم",
  "🙂🙂🙂",
  ...HOSTILE_CURSORS,
];

const anyText = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength }),
    fc.string({ unit: fc.constantFrom("%", "_", "\\", "a", "ü", "字", "🙂", " "), minLength: 1, maxLength }),
  );

const hostileQuery = fc.array(
  fc.tuple(fc.constantFrom(...PARAM_NAMES), fc.oneof(fc.constantFrom(...HOSTILE_VALUES), anyText(300))),
  { minLength: 1, maxLength: 6 },
);

function withParams(list: string, params: readonly (readonly [string, string])[]): string {
  const url = new URL(list, "http://localhost");
  for (const [name, value] of params) url.searchParams.append(name, value);
  return `${url.pathname}${url.search}`;
}

describe("admin lists with hostile query strings", () => {
  let cookie: string;
  const get = (path: string) => fetchWorker(path, { headers: { Cookie: cookie }, redirect: "manual" });

  beforeAll(async () => {
    cookie = (await signedInCookie({ admin: true })).cookie;
  });

  it("covers every admin list of the route table", () => {
    expect(LISTS).toEqual(
      expect.arrayContaining([
        "/api/admin/pending-users",
        "/api/admin/users",
        "/api/admin/contacts",
        "/api/admin/activity",
        "/admin?tab=pending",
        "/admin?tab=users",
        "/admin?tab=contacts",
        "/admin?tab=activity",
        "/admin?tab=search",
      ]),
    );
  });

  it("answers every list and hostile query string without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...LISTS_AND_EXPORT), hostileQuery, async (list, params) => {
        const path = withParams(list, params);
        const response = await get(path);
        await response.arrayBuffer();
        if (response.status >= 500) throw new Error(`${response.status} for ${path}`);
      }),
      { seed: SEED, numRuns: 250 },
    );
  }, 600_000);

  it("answers a search of 1 to 200 characters in any script with 200 on every list", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LISTS_AND_EXPORT),
        fc.constantFrom(...SEARCH_PARAMS),
        anyText(200),
        async (list, name, query) => {
          const path = withParams(list, [[name, query]]);
          const response = await get(path);
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`${response.status} for ${path}`);
        },
      ),
      { seed: SEED + 1, numRuns: 200 },
    );
  }, 600_000);

  it("answers each hand-picked hostile value, in every parameter and repeated, with 200 on every list", async () => {
    // tab, processed and view pick the list itself.
    const names = PARAM_NAMES.filter((name) => name !== "tab" && name !== "processed" && name !== "view");
    for (const list of LISTS) {
      for (const value of HOSTILE_VALUES) {
        const path = withParams(
          list,
          names.flatMap((name) => [[name, value] as const, [name, value] as const]),
        );
        const response = await get(path);
        await response.arrayBuffer();
        expect.soft(response.status, path).toBe(200);
      }
    }
  }, 600_000);

  it("refuses an action on an id that is no id, or overflows, with a 4xx", async () => {
    expect(ID_ACTIONS.length).toBeGreaterThanOrEqual(7);
    for (const action of ID_ACTIONS) {
      for (const id of [...HOSTILE_IDS, encodeURIComponent("ü"), "%25"]) {
        const path = action.replace(":id", id);
        const response = await fetchWorker(path, { method: "POST", headers: { Cookie: cookie } });
        await response.arrayBuffer();
        expect.soft([path, response.status >= 400 && response.status < 500]).toEqual([path, true]);
      }
    }
  });

  it("pages past the end by keyset with an empty 200, and reads a malformed cursor as the first page", async () => {
    for (const list of ["/api/admin/users", "/api/admin/activity"]) {
      const past = await get(`${list}?after=0.1`);
      expect(past.status).toBe(200);
      expect(await past.json()).toEqual([]);
      expect(Number(past.headers.get("X-Total-Count"))).toBeGreaterThan(0);
      for (const after of ["9".repeat(400), "1e15.1", "-1.-1", "1.0", "NaN", "1.2.3"]) {
        const response = await get(`${list}?after=${encodeURIComponent(after)}`);
        expect(response.status).toBe(200);
        expect((await response.json<unknown[]>()).length).toBeGreaterThan(0);
      }
    }
  });
});

describe("the processed-messages search", () => {
  let cookie: string;
  const marker = `m${Date.now().toString(36)}`;
  const messages = {
    wildcards: `${marker} 50% off_now\\ok`,
    plain: `${marker} 50X offXnow-ok`,
    long: `${marker} ${"abcdefghij".repeat(19)}`,
    umlauts: `${marker} ${"ü".repeat(60)}`,
  };
  const ids: Record<string, number> = {};

  async function search(query: string, via: "api" | "page" = "api") {
    const q = encodeURIComponent(query);
    if (via === "page") {
      const response = await fetchWorker(`/admin?tab=contacts&view=processed&q=${q}`, {
        headers: { Cookie: cookie },
      });
      return { status: response.status, html: await response.text() };
    }
    const response = await fetchWorker(`/api/admin/contacts?processed=true&q=${q}`, {
      headers: { Cookie: cookie },
    });
    const found = response.status === 200 ? await response.json<{ id: number }[]>() : [];
    const names = Object.entries(ids)
      .filter(([, id]) => found.some((row) => row.id === id))
      .map(([name]) => name)
      .sort();
    return { status: response.status, names };
  }

  beforeAll(async () => {
    cookie = (await signedInCookie({ admin: true })).cookie;
    for (const [name, message] of Object.entries(messages)) {
      const row = await insertContact({
        message,
        email: uniqueEmail("searched"),
        is_processed: 1,
        processed_at: Math.floor(Date.now() / 1000),
      });
      ids[name] = row.id;
    }
  });

  it.each([
    [`${marker} 50%`, ["wildcards"]],
    ["50% off_now\\", ["wildcards"]],
    [`${marker} 50_`, []],
    [`${marker} 50x OFFxNOW`, ["plain"]],
    // A word under three characters beside longer ones is left out, as the search box leaves it.
    [`${marker} %`, ["long", "plain", "umlauts", "wildcards"]],
    // Short words alone are whole names or companies (docs/decisions/160): "\\" names no one, and
    // matches no row as a wildcard would.
    ["\\", []],
    [marker.toUpperCase(), ["long", "plain", "umlauts", "wildcards"]],
  ])("finds %j literally", async (query, expected) => {
    expect(await search(query)).toEqual({ status: 200, names: expected });
  });

  it("finds a message by 200 characters of it, and by 30 and 60 ü (past LIKE's 50 bytes)", async () => {
    expect(await search(messages.long.slice(0, 200))).toEqual({ status: 200, names: ["long"] });
    expect(await search("ü".repeat(30))).toEqual({ status: 200, names: ["umlauts"] });
    expect(await search("ü".repeat(60))).toEqual({ status: 200, names: ["umlauts"] });
    expect(await search("ü".repeat(61))).toEqual({ status: 200, names: [] });
  });

  it("shows the page for the same searches", async () => {
    const long = await search(messages.long.slice(0, 200), "page");
    expect(long.status).toBe(200);
    expect(long.html).toContain("abcdefghij".repeat(5));
    expect((await search("ü".repeat(200), "page")).status).toBe(200);
  });
});
