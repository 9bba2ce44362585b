// Every URL of the site, declared once. app/routes.ts, the prerender list, the sitemap and robots.txt, the
// request policy's form paths, the admin tabs, the browser-runtime decision and the tests' route models are
// all read from this table: a new page is one entry here and its module.
// Plain data (no React Router helpers), so the Worker, the build config and the workerd tests all load it.

import { ADMIN_TAB_ENTRIES, type AdminTabEntry } from "./admin-tab-entries.ts";

export { ADMIN_TAB_ENTRIES };

/**
 * How a page is rendered:
 * - `prerendered`: built once at build time and served from memory to visitors; a signed-in view is
 *   rendered once per isolate and header form, then held. Its loader may read configuration (SITE_ORIGIN),
 *   never storage: the build refuses it (scripts/prerendered-storage-check.ts).
 * - `per-request`: rendered for every request (forms and their answers, pages with a token in the address);
 *   a page with a form is also held for visitors (`heldForVisitors`).
 * - `signed-in`: only for signed-in people, rendered for every request from the session.
 * - `resource`: no document; the module's loader or action answers with a file, JSON or a redirect.
 */
export type Rendering = "prerendered" | "per-request" | "signed-in" | "resource";

/**
 * What runs in the browser: nothing; islands (the page's interactive parts, each hydrated on its own with
 * React's `hydrateRoot` on a person's first interaction with it, no router: app/lib/islands.ts); or the
 * React Router client (the dashboard, sign-in security).
 */
export type ClientRuntime = "none" | "islands" | "router";

/** Search engines: listed in the sitemap, disallowed in robots.txt, or neither (the page may say noindex). */
export type Indexing = "listed" | "disallowed" | "unlisted";

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The layouts pages sit in; each layout's middleware is its check (signed in, admin). */
export const LAYOUT_MODULES = {
  admin: "routes/admin/layout.tsx",
  account: "routes/account/layout.tsx",
} as const;
export type LayoutName = keyof typeof LAYOUT_MODULES;

/** Any other path under /api answers a JSON 404. */
export const API_NOT_FOUND_MODULE = "routes/api/not-found.ts";

export interface PageEntry {
  kind: "page";
  path: string;
  /** Under app/. */
  module: string;
  rendering: Rendering;
  /** Takes an HTML form POST (its route has an action); every page takes GET and HEAD. */
  form: boolean;
  client: ClientRuntime;
  indexing: Indexing;
  layout?: LayoutName;
  /** The dashboard's tabs: pathless modules whose loader and action the dashboard runs by `?tab=`. */
  tabs?: readonly AdminTabEntry[];
  /** A page of the admin layout shown as a tab of the dashboard, after the `?tab=` ones, by this label. */
  tab?: string;
  /**
   * A visitor's plain GET (no query string, no cookie of ours) gets a document rendered once per isolate
   * and held: the blank form, the same for every visitor. Its answers, a query string (a link's token,
   * `?next=`, `?subject=`) and signed-in views are rendered per request. Every page with a form that a
   * visitor opens, unless its GET shows no page (a redirect).
   */
  heldForVisitors: boolean;
}

export interface ApiEntry {
  kind: "api";
  /** Under /api. */
  path: string;
  module: string;
  methods: readonly Method[];
  /** Reads a JSON body (so answers 415/400 for any other body). */
  json: boolean;
}

export type RouteEntry = PageEntry | ApiEntry;

interface PageOptions {
  rendering?: Rendering;
  form?: boolean;
  client?: ClientRuntime;
  indexing?: Indexing;
  layout?: LayoutName;
  tabs?: readonly AdminTabEntry[];
  tab?: string;
  heldForVisitors?: boolean;
}

function page(path: string, module: string, options: PageOptions = {}): PageEntry {
  const rendering = options.rendering ?? "prerendered";
  const form = options.form ?? false;
  return {
    kind: "page",
    path,
    module,
    rendering,
    form,
    client: options.client ?? "none",
    indexing: options.indexing ?? "listed",
    ...(options.layout ? { layout: options.layout } : {}),
    ...(options.tabs ? { tabs: options.tabs } : {}),
    ...(options.tab ? { tab: options.tab } : {}),
    heldForVisitors:
      options.heldForVisitors ?? (form && rendering !== "signed-in" && rendering !== "resource"),
  };
}

/** A page with a form, rendered per request and not listed. */
const formPage = (path: string, module: string, options: PageOptions = {}) =>
  page(path, module, { rendering: "per-request", form: true, indexing: "unlisted", ...options });

function api(path: string, module: string, methods: readonly Method[], json = false): ApiEntry {
  return { kind: "api", path, module, methods, json };
}
const GET: readonly Method[] = ["GET", "HEAD"];
const POST: readonly Method[] = ["POST"];

// Content pages come first, in the order the sitemap lists them.
export const ROUTE_TABLE: readonly RouteEntry[] = [
  page("/", "routes/home.tsx"),
  page("/insure", "routes/insure.tsx"),
  page("/gold", "routes/gold.tsx"),
  page("/capital", "routes/capital.tsx"),
  page("/africa", "routes/africa.tsx"),
  page("/mobile1", "routes/mobile1.tsx"),
  page("/facets-token", "routes/facets-token.tsx"),
  page("/ip-token", "routes/ip-token.tsx"),
  page("/lab-tokens", "routes/lab-tokens.tsx"),
  page("/leadership", "routes/leadership.tsx"),
  page("/engineering", "routes/engineering.tsx"),
  page("/media", "routes/media.tsx"),
  page("/pilots-demos", "routes/pilots-demos.tsx"),
  page("/motorclub", "routes/motorclub.tsx"),
  page("/propertyclub", "routes/propertyclub.tsx"),
  page("/funeral", "routes/funeral.tsx"),
  page("/facetsre", "routes/facetsre.tsx"),
  formPage("/contact", "routes/contact.tsx", { client: "islands", indexing: "listed" }),
  page("/privacy", "routes/privacy.tsx"),

  // Noindex content pages, prerendered too.
  page("/workzone", "routes/workzone.tsx", { indexing: "disallowed" }),
  page("/home-experiment", "routes/home-experiment.tsx", { indexing: "disallowed" }),
  page("/facets-gold-logo", "routes/facets-gold-logo.tsx", { indexing: "disallowed" }),
  page("/email-dao", "routes/email-dao.tsx", { indexing: "disallowed" }),
  page("/email-dao-simple", "routes/email-dao-simple.tsx", { indexing: "disallowed" }),
  page("/email", "routes/email.tsx", { indexing: "disallowed" }),
  page("/email-image", "routes/email-image.tsx", { indexing: "disallowed" }),

  // Signing in and the account links sent by email.
  formPage("/login", "routes/login.tsx", { client: "islands", indexing: "disallowed" }),
  formPage("/logout", "routes/logout.tsx", { heldForVisitors: false }),
  formPage("/confirm-its-you", "routes/confirm-its-you.tsx", { rendering: "signed-in", client: "router" }),
  formPage("/confirm-email", "routes/confirm-email.tsx"),
  formPage("/forgot-password", "routes/forgot-password.tsx"),
  formPage("/reset-password", "routes/reset-password.tsx"),
  formPage("/confirm-email-change", "routes/confirm-email-change.tsx"),
  formPage("/remove-factor", "routes/remove-factor.tsx"),
  formPage("/remove-passkey", "routes/remove-passkey.tsx"),
  formPage("/privacy/request", "routes/privacy-request.tsx"),
  // A sender's private link to their conversation (?token=…, decision 174).
  formPage("/conversation", "routes/conversation.tsx", { indexing: "disallowed" }),
  formPage("/privacy/request/data.json", "routes/privacy-data-file.ts", { rendering: "resource" }),

  // The admin dashboard: /admin?tab=… runs the tab module's loader and action inside the admin layout.
  formPage("/admin", "routes/admin/dashboard.tsx", {
    rendering: "signed-in",
    client: "router",
    indexing: "disallowed",
    layout: "admin",
    tabs: ADMIN_TAB_ENTRIES,
  }),
  // The workbench's pages of one message and of one person (?id=…), with their reply and note forms.
  formPage("/admin/message", "routes/admin/message.tsx", {
    rendering: "signed-in",
    client: "router",
    indexing: "disallowed",
    layout: "admin",
  }),
  formPage("/admin/person", "routes/admin/person.tsx", {
    rendering: "signed-in",
    client: "router",
    indexing: "disallowed",
    layout: "admin",
  }),
  // Editable content (decision 167): the documents, a draft's editor (?doc=…), publishing and history.
  formPage("/admin/content", "routes/admin/content.tsx", {
    rendering: "signed-in",
    client: "router",
    indexing: "disallowed",
    layout: "admin",
    tab: "Content",
  }),
  // GET only, so outside the layout (whose check would otherwise answer a POST before the 405).
  page("/admin/activity.csv", "routes/admin/activity.csv.ts", {
    rendering: "resource",
    indexing: "unlisted",
  }),

  formPage("/account", "routes/account/overview.tsx", {
    rendering: "signed-in",
    indexing: "disallowed",
    layout: "account",
  }),
  formPage("/account/security", "routes/account/security.tsx", {
    rendering: "signed-in",
    client: "router",
    layout: "account",
  }),
  // "Your messages": the conversations of the messages the account sent (decision 174).
  formPage("/account/messages", "routes/account/messages.tsx", {
    rendering: "signed-in",
    indexing: "disallowed",
    layout: "account",
  }),
  // /account's "Download my data": a file; GET only, so outside the layout, like the CSV export.
  page("/account/data.json", "routes/account/data-file.ts", { rendering: "resource", indexing: "unlisted" }),

  page("/sitemap.xml", "routes/sitemap.ts", { rendering: "resource", indexing: "unlisted" }),
  page("/robots.txt", "routes/robots.ts", { rendering: "resource", indexing: "unlisted" }),
  // A draft of editable content as its page would look, for whoever holds the link (?token=…, 24 hours).
  page("/preview", "routes/preview.tsx", { rendering: "per-request", indexing: "disallowed" }),

  // The JSON API.
  api("/auth/me", "routes/api/auth.me.ts", GET),
  api("/auth/logout", "routes/api/auth.logout.ts", POST),
  api("/auth/confirm-email", "routes/api/auth.confirm-email.ts", POST, true),
  api("/auth/forgot-password", "routes/api/auth.forgot-password.ts", POST, true),
  api("/auth/reset-password", "routes/api/auth.reset-password.ts", POST, true),
  api("/auth/remove-factor", "routes/api/auth.remove-factor.ts", POST, true),
  api("/auth/remove-passkey", "routes/api/auth.remove-passkey.ts", POST, true),
  api("/auth/second-factors", "routes/api/auth.second-factors.ts", GET),
  api("/auth/reauthenticate", "routes/api/auth.reauthenticate.ts", POST, true),
  api("/auth/totp", "routes/api/auth.totp.ts", ["POST", "DELETE"], true),
  api("/auth/totp/confirm", "routes/api/auth.totp.confirm.ts", POST, true),
  api("/auth/recovery-codes", "routes/api/auth.recovery-codes.ts", POST),
  api("/auth/passkeys/options", "routes/api/auth.passkeys.options.ts", POST, true),
  api("/auth/passkeys", "routes/api/auth.passkeys.ts", POST, true),
  api("/auth/passkeys/:id", "routes/api/auth.passkey.ts", ["DELETE"]),
  api("/auth/passkey-sign-in", "routes/api/auth.passkey-sign-in.ts", POST, true),
  api("/auth/passkey-confirm", "routes/api/auth.passkey-confirm.ts", POST, true),
  api("/login", "routes/api/login.ts", POST, true),
  api("/account", "routes/api/account.ts", ["GET", "HEAD", "PATCH", "DELETE"]),
  api("/account/sessions", "routes/api/account.sessions.ts", ["GET", "HEAD", "DELETE"]),
  api("/account/sessions/:id", "routes/api/account.session.ts", ["DELETE"]),
  api("/account/activity", "routes/api/account.activity.ts", GET),
  api("/account/messages", "routes/api/account.messages.ts", GET),
  api("/account/password", "routes/api/account.password.ts", POST, true),
  api("/account/email", "routes/api/account.email.ts", POST, true),
  api("/account/confirm-email-change", "routes/api/account.confirm-email-change.ts", POST, true),
  api("/account/export", "routes/api/account.export.ts", GET),
  api("/privacy/request", "routes/api/privacy.request.ts", POST, true),
  api("/privacy/export", "routes/api/privacy.export.ts", POST, true),
  api("/privacy/erase", "routes/api/privacy.erase.ts", POST, true),
  api("/register", "routes/api/register.ts", POST, true),
  api("/user-types", "routes/api/user-types.ts", GET),
  api("/contact", "routes/api/contact.ts", POST, true),
  api("/admin/pending-users", "routes/api/admin.pending-users.ts", GET),
  api("/admin/contacts", "routes/api/admin.contacts.ts", GET),
  api("/admin/users", "routes/api/admin.users.ts", GET),
  api("/admin/activity", "routes/api/admin.activity.ts", GET),
  // Editable content (issue 41): the documents, a draft's save, and what publishes, rolls back and previews.
  api("/admin/content", "routes/api/admin.content.ts", GET),
  api("/admin/content/:name", "routes/api/admin.content.document.ts", ["GET", "HEAD", "PUT"], true),
  api("/admin/content/:name/:verb", "routes/api/admin.content.verb.ts", ["GET", "HEAD", "POST"], true),
  // A message's thread, and a reply or a note on it (decision 174).
  api("/admin/messages/:id", "routes/api/admin.message.ts", GET),
  api("/admin/messages/:id/:verb", "routes/api/admin.message.verb.ts", POST, true),
  // Every action of the dashboard on one row (approve-user, mark-contact-processed and the rest), each
  // declared once in ADMIN_ACTIONS (server/admin/row-actions.server.ts); a name it lacks answers 404.
  api("/admin/:action/:id", "routes/api/admin.action.ts", POST),
  api("/video/:name", "routes/api/video.ts", GET),
];

export const PAGE_ROUTES: readonly PageEntry[] = ROUTE_TABLE.filter((entry) => entry.kind === "page");
export const API_ROUTES: readonly ApiEntry[] = ROUTE_TABLE.filter((entry) => entry.kind === "api");

const pathsWhere = (test: (entry: PageEntry) => boolean) =>
  PAGE_ROUTES.filter(test).map((entry) => entry.path);

/** The sitemap's pages, in its order. */
export const indexablePaths: readonly string[] = pathsWhere((entry) => entry.indexing === "listed");

/** robots.txt's Disallow rules: the disallowed pages and the API. */
export const unlistedPaths: readonly string[] = [
  ...pathsWhere((entry) => entry.indexing === "disallowed"),
  "/api/",
];

/** Built at build time (`prerender` in react-router.config.ts) and served from memory. */
export const prerenderedPaths: readonly string[] = pathsWhere((entry) => entry.rendering === "prerendered");

/** Pages with a form whose visitor's plain GET is answered with a document held per isolate. */
export const heldForVisitorsPaths: readonly string[] = pathsWhere((entry) => entry.heldForVisitors);

/** Pages for signed-in people only. */
export const signedInPaths: readonly string[] = pathsWhere((entry) => entry.rendering === "signed-in");

/** Pages that load the React Router client; island pages load only their islands, the rest nothing. */
export const interactivePaths: readonly string[] = pathsWhere((entry) => entry.client === "router");

/** Pages with the browser runtime that a visitor opens without signing in. */
export const visitorInteractivePaths: readonly string[] = pathsWhere(
  (entry) => entry.client === "router" && entry.rendering !== "signed-in",
);

/** Pages whose interactive parts are islands: no router in the browser, a small starter instead. */
export const islandPaths: readonly string[] = pathsWhere((entry) => entry.client === "islands");

/** Page paths that take form posts (the request policy answers 405 for a POST anywhere else). */
export const formPaths: readonly string[] = pathsWhere((entry) => entry.form);

/** Whether the page at this path (or its `.data` request) loads the React Router client. */
export function usesRouterClient(pathname: string): boolean {
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  return interactivePaths.includes(page);
}

/** Whether the page at this path renders islands and the starter that hydrates them. */
export function usesIslands(pathname: string): boolean {
  return islandPaths.includes(pathname);
}

/** Whether the page at this path sits in the admin layout, whose lists take keys (lib/held-keys.ts). */
export function usesAdminLayout(pathname: string): boolean {
  return PAGE_ROUTES.some((entry) => entry.layout === "admin" && entry.path === pathname);
}

/** The pages of the admin layout that are tabs of the dashboard: their paths and labels. */
export const adminPageTabs: readonly { path: string; label: string }[] = PAGE_ROUTES.flatMap((entry) =>
  entry.layout === "admin" && entry.tab ? [{ path: entry.path, label: entry.tab }] : [],
);
