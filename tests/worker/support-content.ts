import { expect } from "vitest";
import { fetchWorker } from "./support";
import { freshIp } from "./support-accounts";

// The content API as the tests call it (tests/worker/content-*.test.ts): one administrator's session, a
// document read, a save and publish in one step, and every document put back to its first version.

/** The administrator whose session every call carries (each file signs one in). */
export const admin = { cookie: "" };

export const visitorPage = (path: string) => fetchWorker(path);

export type Tranche = { label: string; tokens: number; price: number; marketCap: string; status: string };
export type TrancheData = { maxSupply: number; tranches: Tranche[] };
export type Doc<D> = {
  name: string;
  revision: number;
  data: D;
  published: { version: number } | null;
  scheduled: { version: number; at: string }[];
};

export const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetchWorker(`/api/admin/content${path}`, {
    method,
    headers: {
      Cookie: admin.cookie,
      "CF-Connecting-IP": freshIp(),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

export const documentOf = async <D>(name: string) => (await call("GET", `/${name}`)).json<Doc<D>>();

/** Saves `data` on the newest revision and publishes it (at `at`, if given); the publish's answer. */
export async function saveAndPublish(name: string, change: (data: never) => unknown, at?: string) {
  const current = await documentOf<never>(name);
  const saved = await call("PUT", `/${name}`, { baseRevision: current.revision, data: change(current.data) });
  expect(saved.status).toBe(200);
  const { revision } = await saved.json<{ revision: number }>();
  const published = await call("POST", `/${name}/publish`, at ? { revision, at } : { revision });
  expect(published.status).toBe(200);
  return published.json<{ version: number; publishAt: string }>();
}

/** The vote that opens tranche 3: tranche 2 allocated, tranche 3 available. */
export const openTrancheThree = (data: TrancheData): TrancheData => ({
  ...data,
  tranches: data.tranches.map((tranche, index) =>
    index === 1
      ? { ...tranche, status: "allocated" }
      : index === 2
        ? { ...tranche, status: "available" }
        : tranche,
  ),
});

/** Every document back to its first version, the spec's: the build's own pages again, for other files. */
export async function rollBackEverything() {
  const documents = await (await call("GET", "")).json<{ name: string }[]>();
  for (const { name } of documents) await call("POST", `/${name}/rollback`, { version: 1 });
}
