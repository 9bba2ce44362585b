import { encodeBase64 } from "@oslojs/encoding";
import { and, eq } from "drizzle-orm";
import type { ContentDocuments } from "~/lib/content-context";
import { CONTENT_KINDS, type ContentName, contentNameOfPath } from "~/lib/content-kinds/index";
import { contentPages } from "../../../db/schema";
import { type Database, getDb } from "../db.server";
import { applyHeldPageHeaders, applyPrerenderedPageHeaders } from "../http/security-headers.server";
import { PREVIEW_PATH, previewByToken } from "../publishing/content-publishing.server";
import type { TimelineEntry } from "../publishing/content-store.server";
import { currentTimeline, liveEntry, scheduledEntries, versionData } from "../publishing/live-content.server";
import {
  answerWith,
  type Coding,
  chooseCoding,
  clientAcceptEncoding,
  compress,
  documentEtag,
  type Representation,
  representation,
} from "./content-codings.server";
import { CONTENT_CODINGS, withoutNonces } from "./prerendered-manifest";
import { buildIdOf, isVisitorDocumentRequest, prerenderedPageFor } from "./prerendered-pages.server";

// A visitor's page of editable content (issue 41, item 5): the published version's document, rendered once
// per version and build, stored in D1 (`content_pages`) and held in memory, so a view reads no storage. The
// live version comes from the isolate's timeline (content/live-content.server.ts). A version whose data is
// the seed is the build's own page, so until staff publish, nothing changes (null: the prerendered page
// answers). If D1 or a stored page cannot be read, the page this isolate last served, else the build's.

type Bytes = Uint8Array<ArrayBuffer>;

/** Renders a public page as a visitor sees it, with these documents in place of the published ones. */
export type ContentRenderer = (
  path: string,
  documents: ContentDocuments,
  env: Env,
  ctx: ExecutionContext,
) => Promise<string | null>;

let renderer: ContentRenderer | null = null;

/** The Worker hands in its render (React Router's), once, when it starts. */
export function registerContentRenderer(render: ContentRenderer): void {
  renderer = render;
}

interface Document {
  html: Bytes;
  etag: string;
  styleHashes: string[];
}

/** "seed": the version is the spec's figures, which the build's own page shows. */
type Held = Document | "seed" | null;

// Only what is finished is shared between requests: a Worker may not continue one request's I/O (a render's
// stream, a compression) from another's, so each request that finds nothing does the work itself and
// keeps the result. At most the views of one moment render a new version twice.
const documents = new Map<string, Document | "seed">();
const views = new Map<string, Representation>();
const lastServed = new Map<string, string>();

const encoder = new TextEncoder();

/** A page of a version: its id and time (an id alone could name another version in a test's reset database). */
const versionKey = (path: string, entry: TimelineEntry) => `${path} ${entry.id}@${entry.publishAt}`;

async function styleHashesOf(html: string): Promise<string[]> {
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? "");
  return Promise.all(
    styles.map(async (style) =>
      encodeBase64(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(style)))),
    ),
  );
}

async function documentOf(html: string): Promise<Document> {
  const body = encoder.encode(html);
  return { html: body, etag: await documentEtag(body), styleHashes: await styleHashesOf(html) };
}

/** What making a page needs: the bindings, the request's context (a render's) and the database. */
interface Serving {
  env: Env;
  ctx: ExecutionContext;
  db: Database;
}

/** The page's document for this version: stored for this build, else rendered now and stored. */
async function loadDocument(
  { env, ctx, db }: Serving,
  path: string,
  name: ContentName,
  entry: TimelineEntry,
): Promise<Held> {
  const data = await versionData(db, entry);
  if (data === null) return null;
  if (data === JSON.stringify(CONTENT_KINDS[name].seed)) return "seed";
  const build = await buildIdOf(env);
  if (!build) return null;
  const where = and(
    eq(contentPages.path, path),
    eq(contentPages.versionId, entry.id),
    eq(contentPages.build, build),
  );
  const [stored] = await db.select({ html: contentPages.html }).from(contentPages).where(where);
  if (stored) return documentOf(stored.html);
  const rendered = await renderer?.(path, { [name]: JSON.parse(data) }, env, ctx);
  if (!rendered) return null;
  const html = withoutNonces(rendered);
  const document = await documentOf(html);
  await db
    .insert(contentPages)
    .values({ path, versionId: entry.id, build, html, etag: document.etag })
    .onConflictDoNothing();
  return document;
}

async function heldDocument(
  serving: Serving,
  path: string,
  name: ContentName,
  entry: TimelineEntry,
): Promise<Held> {
  const key = versionKey(path, entry);
  const kept = documents.get(key);
  if (kept) return kept;
  const made = await loadDocument(serving, path, name, entry).catch((error: unknown) => {
    console.error(`published pages: ${key} could not be made`, error);
    return null;
  });
  if (made) documents.set(key, made);
  return made;
}

async function view(key: string, document: Document, coding: Coding): Promise<Representation> {
  const viewKey = `${coding} ${key}`;
  const kept = views.get(viewKey);
  if (kept) return kept;
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  applyPrerenderedPageHeaders(headers, document.styleHashes);
  const plain = representation(document.html, "identity", document.etag, headers);
  const made =
    coding === "identity"
      ? plain
      : await compress(document.html, coding).then(
          (body) => representation(body, coding, document.etag, headers),
          () => plain,
        );
  views.set(viewKey, made);
  return made;
}

/** Lets go of a version's page once a newer one of its path is served: memory holds what is public. */
function forget(key: string): void {
  documents.delete(key);
  for (const coding of ["identity", ...CONTENT_CODINGS]) views.delete(`${coding} ${key}`);
}

/** The answer from the document last served for this path, if this isolate served one. */
async function lastServedAnswer(request: Request, path: string): Promise<Response | null> {
  const key = lastServed.get(path);
  const document = key ? documents.get(key) : undefined;
  if (!key || !document || document === "seed") return null;
  return answerWith(request, await view(key, document, chooseCoding(clientAcceptEncoding(request))));
}

/**
 * The published page for a visitor's request (its `Server-Timing` says whether this view read D1); null
 * when the build's own page answers: not a page of editable content, not a visitor's request, no build,
 * or the seed is what is public.
 */
export async function servePublishedPage(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
): Promise<Response | null> {
  const url = new URL(request.url);
  const name = contentNameOfPath(url.pathname);
  if (!name || !isVisitorDocumentRequest(request, url)) return null;
  if (!(await prerenderedPageFor(env, url.pathname))) return null;
  const db = getDb(env);
  const known = await currentTimeline(db);
  const entry = known ? liveEntry(known.entries, name) : undefined;
  if (!entry) return lastServedAnswer(request, url.pathname);
  const document = await heldDocument({ env, ctx, db }, url.pathname, name, entry);
  if (document === "seed") {
    lastServed.delete(url.pathname);
    return null;
  }
  if (!document) return lastServedAnswer(request, url.pathname);
  const key = versionKey(url.pathname, entry);
  const previous = lastServed.get(url.pathname);
  if (previous !== key) {
    if (previous) forget(previous);
    lastServed.set(url.pathname, key);
  }
  const response = answerWith(
    request,
    await view(key, document, chooseCoding(clientAcceptEncoding(request))),
  );
  response.headers.set("Server-Timing", `content;desc="${known?.read ? "d1" : "memory"}"`);
  return response;
}

/**
 * After a publish: renders and stores the pages of every version of `name` that is public or scheduled, so
 * a scheduled release is ready before its time and the first view after a publish renders nothing.
 */
export async function preparePublishedPages(
  env: Env,
  ctx: ExecutionContext,
  name: ContentName,
): Promise<void> {
  const db = getDb(env);
  const known = await currentTimeline(db);
  if (!known) return;
  const entries = [liveEntry(known.entries, name), ...scheduledEntries(known.entries, name)];
  for (const entry of entries) {
    if (!entry) continue;
    for (const path of CONTENT_KINDS[name].paths) await heldDocument({ env, ctx, db }, path, name, entry);
  }
}

/** The published documents live now, for a render of a page that is not a visitor's (signed in, a query). */
export async function liveDocuments(
  env: Env,
  path: string,
): Promise<{ documents: ContentDocuments; tag: string }> {
  const name = contentNameOfPath(path);
  if (!name) return { documents: {}, tag: "" };
  const db = getDb(env);
  const known = await currentTimeline(db).catch(() => null);
  const entry = known ? liveEntry(known.entries, name) : undefined;
  const data = entry ? await versionData(db, entry) : null;
  if (!entry || data === null) return { documents: {}, tag: "" };
  return { documents: { [name]: JSON.parse(data) }, tag: `${entry.id}@${entry.publishAt}` };
}

/**
 * A live preview link's GET (`/preview?token=…`): the page as the link's draft would make it, rendered for
 * this view, never stored by anyone and never indexed. Null for anything else (routes/preview.tsx says the
 * link shows nothing).
 */
export async function servePreview(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.pathname !== PREVIEW_PATH || (request.method !== "GET" && request.method !== "HEAD")) return null;
  const preview = await previewByToken(getDb(env), url.searchParams.get("token") ?? "");
  if (!preview) return null;
  const rendered = await renderer?.(preview.path, { [preview.name]: preview.data }, env, ctx);
  if (!rendered) return null;
  const html = withoutNonces(rendered).replace("<head>", '<head><meta name="robots" content="noindex"/>');
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  applyHeldPageHeaders(headers, await styleHashesOf(html));
  headers.set("X-Robots-Tag", "noindex");
  return new Response(request.method === "HEAD" ? null : html, { headers });
}
