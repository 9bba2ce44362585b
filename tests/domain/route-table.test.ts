import { describe, expect, it } from "vitest";
import { PAGE_ROUTES, ROUTE_TABLE } from "../../app/lib/route-table";
import emailDao from "../../app/routes/email-dao.tsx?raw";
import facetsToken from "../../app/routes/facets-token.tsx?raw";
import { prerenderedStorageRefusal } from "../../scripts/prerendered-storage-check";

// The route table is the one place a URL is declared; the build refuses a prerendered route that reads
// storage (react-router.config.ts runs this check before it builds anything).

describe("the route table", () => {
  it("declares each URL once", () => {
    const keys = ROUTE_TABLE.map((entry) => `${entry.kind === "api" ? "/api" : ""}${entry.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gives every page that takes a form a rendering that is not prerendered", () => {
    const wrong = PAGE_ROUTES.filter((entry) => entry.form && entry.rendering === "prerendered");
    expect(wrong.map((entry) => entry.path)).toEqual([]);
  });
});

describe("the build's check of prerendered routes", () => {
  it("lets content pages through, and those that read only configuration", () => {
    expect(prerenderedStorageRefusal("/facets-token", "routes/facets-token.tsx", facetsToken)).toBeNull();
    expect(prerenderedStorageRefusal("/email-dao", "routes/email-dao.tsx", emailDao)).toBeNull();
  });

  it.each([
    [
      "a D1 read through the domain",
      'import { listTranches } from "~/server/tranches.server";',
      "imports the domain",
    ],
    ["depsOf", "export async function loader({ context }) { const { db } = depsOf(context); }", "depsOf"],
    ["the session", "const session = context.get(sessionContext);", "reads the session"],
    ["a binding", "const row = await context.get(cloudflareContext).env.DB.prepare('…');", "env.DB"],
  ])("refuses %s, naming the route and its module", (_, line, reason) => {
    const source = `${facetsToken}\n${line}\n`;
    const refusal = prerenderedStorageRefusal("/facets-token", "routes/facets-token.tsx", source);
    expect(refusal).toContain("Route /facets-token (app/routes/facets-token.tsx) is prerendered");
    expect(refusal).toContain(reason);
  });
});
