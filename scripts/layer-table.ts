// The layers of app/ and the floors of app/server as a table: the one place they are written (decision
// 138). scripts/layer-rules.ts writes it into biome.layers.json and proves it on a fixture of every import.

/**
 * The floors of app/server, bottom first. A folder imports only the floors below its own (never up, never
 * sideways); "kernel" is the files loose in app/server.
 */
export const SERVER_FLOORS: readonly (readonly string[])[] = [
  ["kernel"],
  ["audit"],
  ["identity"],
  ["second-factors"],
  ["sign-in"],
  ["account", "contact", "publishing"],
  ["threads"],
  ["admin"],
  ["http"],
  ["delivery", "mail", "scheduled"],
];

/** The one folder of app/server that may import the email templates (app/emails). */
export const MAIL_DOOR = "mail";

const SEE = " (docs/architecture.md, The layers)";
export const LAYERS_FILE = "biome.layers.json";

type Pattern = { group: string[]; message: string };
export type Override = { includes: string[]; linter: { rules: { style: { noRestrictedImports: unknown } } } };

const forbid = (includes: string[], patterns: Pattern[]): Override => ({
  includes,
  linter: { rules: { style: { noRestrictedImports: { level: "error", options: { patterns } } } } },
});

/** Every way a module in another part of app/ names app/<area>: by alias, or by a relative path. */
const area = (name: string) => [`~/${name}`, `~/${name}/**`, `**/${name}/**`];
const SERVER = ["~/server/**", "./**/server/**", "../**/server/**"];
const ROOT = ["~/root", "../**/root"];
const UI = ["components", "routes", "islands"];

/** D1's schema and Drizzle: only app/server (and scripts/) import them, never a route or the browser's side. */
const DB = ["**/db/**", "drizzle-orm", "drizzle-orm/**"];
const DB_ONLY_SERVER: Pattern = {
  group: DB,
  message: `Only app/server (and scripts/) import db/ and Drizzle: D1 is read and written by the domain${SEE}`,
};

const UI_NO_SERVER =
  "UI (components, islands, a page's sections) never imports app/server, types included: the route module hands it data, and a type both sides need goes in app/lib" +
  SEE;

/**
 * A route's server module imports no UI: components, islands, the root, nor a page module (named by
 * `pages`, by alias or relative path); a *.server neighbour, route types and the other layers are not UI.
 */
function routeServerNoUi(pages: string[], alsoAllowed?: string): Pattern {
  const relativePages = pages.filter((g) => g.startsWith("."));
  return {
    group: [
      ...area("components"),
      ...area("islands"),
      ...ROOT,
      ...pages.flatMap((g) => [g, `!${g}/*.server`]),
      ...(alsoAllowed ? [`!${alsoAllowed}`] : []),
      ...["+types", "server", "lib", "content", "emails"].flatMap((n) =>
        relativePages.map((g) => `!${g.slice(0, -"**".length)}**/${n}/**`),
      ),
    ],
    message: `A route's server module (*.server.ts, a JSON route) imports no UI: components, islands and pages are the browser's${SEE}`,
  };
}

export const floorOf = new Map(
  SERVER_FLOORS.flatMap((floor, rank) => floor.map((name) => [name, rank] as const)),
);

/** The overrides biome.layers.json holds. In Biome the last override that matches a file wins. */
export function layerOverrides(): Override[] {
  const overrides = [
    forbid(
      ["app/routes/**/*.tsx", "app/root.tsx"],
      [
        {
          group: [
            ...["~/server/**", "./**/server/**", "../**/server/**"].flatMap((g) => [g, `!${g}/*.server`]),
          ],
          message:
            "A page module takes from app/server only *.server modules, for its loader, action or middleware: React Router keeps those out of the browser" +
            SEE,
        },
        DB_ONLY_SERVER,
      ],
    ),
    forbid(
      ["app/routes/**/sections/**", "!app/routes/**/*.server.ts"],
      [{ group: SERVER, message: UI_NO_SERVER }, DB_ONLY_SERVER],
    ),
    // A route's server modules: a page's *.server.ts, and the JSON routes of api/ (whose neighbours are
    // JSON routes too, so they may name each other).
    forbid(
      ["app/routes/**/*.server.ts"],
      [routeServerNoUi(["~/routes/**", "./**", "../**"]), DB_ONLY_SERVER],
    ),
    forbid(
      ["app/routes/api/**"],
      [routeServerNoUi(["~/routes/**", "../**"], "~/routes/api/**"), DB_ONLY_SERVER],
    ),
    forbid(
      ["app/components/**", "app/islands/**"],
      [
        { group: SERVER, message: UI_NO_SERVER },
        { group: [...area("routes"), ...ROOT], message: `Components and islands never import routes${SEE}` },
        {
          group: area("emails"),
          message: `Components and islands never import emails: the mail door renders them${SEE}`,
        },
        DB_ONLY_SERVER,
      ],
    ),
    forbid(
      ["app/lib/**"],
      [
        {
          group: [...SERVER, ...UI.flatMap(area), ...area("emails"), ...ROOT],
          message: `app/lib is code both sides run: it imports only app/lib and app/content${SEE}`,
        },
        DB_ONLY_SERVER,
      ],
    ),
    forbid(
      ["app/content/**"],
      [
        {
          group: [...SERVER, ...UI.flatMap(area), ...area("emails"), ...area("lib"), ...ROOT],
          message: `app/content is data and the types it is written against: it imports nothing outside app/content${SEE}`,
        },
        DB_ONLY_SERVER,
      ],
    ),
    forbid(
      ["app/emails/**"],
      [
        {
          group: [...SERVER, ...area("routes"), ...area("islands"), ...ROOT],
          message: `Emails are made from content and lib; the mail door (app/server/mail) renders them${SEE}`,
        },
        DB_ONLY_SERVER,
      ],
    ),
  ];
  for (const [rank, floor] of SERVER_FLOORS.entries()) {
    for (const name of floor) {
      const kernel = name === "kernel";
      const below = SERVER_FLOORS.slice(0, rank)
        .flat()
        .map((n) => (n === "kernel" ? "the kernel (files loose in app/server)" : `${n}/`));
      const above = SERVER_FLOORS.slice(rank)
        .flat()
        .filter((n) => n !== name);
      const where = kernel ? "The kernel (files loose in app/server)" : `app/server/${name}`;
      const list = below.length > 1 ? `${below.slice(0, -1).join(", ")} and ${below.at(-1)}` : below[0];
      const may = list ? `imports only ${list}` : "imports no folder of app/server";
      const patterns: Pattern[] = [
        {
          group: ["components", "routes", "islands", ...(name === MAIL_DOOR ? [] : ["emails"])]
            .map((n) => `**/${n}/**`)
            .concat(ROOT),
          message:
            name === MAIL_DOOR
              ? `The domain never imports components, routes or islands${SEE}`
              : `The domain never imports components, routes, islands or emails; only the mail door (app/server/mail) renders emails${SEE}`,
        },
      ];
      if (above.length > 0) {
        patterns.unshift({
          group: above.flatMap((n) => [`**/server/${n}/**`, kernel ? `./${n}/**` : `../${n}/**`]),
          message: `${where} ${may}: the folders of app/server are floors, and no import runs up or sideways${SEE}`,
        });
      }
      overrides.push(forbid([kernel ? "app/server/*" : `app/server/${name}/**`], patterns));
    }
  }
  return overrides;
}
