import type { RouterContextProvider } from "react-router";
import type { ContentName } from "~/lib/content-kinds/index";
import { apiFailureFor, jsonError, methodNotAllowed, readJsonBody } from "../http/json-api.server";
import { requireAdmin } from "../identity/caller-checks.server";
import { callerOf, cloudflareContext, depsOf } from "../operation.server";
import type { Outcome } from "../outcome";
import {
  cancelScheduledContent,
  contentDocument,
  contentDocuments,
  contentVersions,
  createPreviewLink,
  isContentName,
  publishContent,
  rollBackContent,
  saveContentDraft,
} from "../publishing/content-publishing.server";
import { preparePublishedPages } from "./published-pages.server";

// The JSON twin of the Content tab (issue 41, item 6): GET /api/admin/content, GET and PUT
// /api/admin/content/{name}, GET …/versions, POST …/publish, …/rollback, …/cancel and …/preview-link. The
// admin API's session, second factor and origin rules hold (the operations' admin door, the request policy).

type Args = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Record<string, string | undefined>;
};

const noStore = { "Cache-Control": "no-store" };
const noSuchDocument = () => jsonError(404, "There is no such document.");

/** The admin check of a read, then its answer (404 for an unknown document). */
async function adminRead({ request, context }: Args, read: () => Promise<unknown>): Promise<Response> {
  const deps = depsOf(context);
  const admin = await requireAdmin(deps.db, callerOf(context, request));
  if (admin.kind !== "done") return apiFailureFor(request, admin);
  const value = await read();
  return value === null ? noSuchDocument() : Response.json(value, { headers: noStore });
}

type Write = (
  deps: ReturnType<typeof depsOf>,
  caller: ReturnType<typeof callerOf>,
  input: unknown,
  name: string,
) => Promise<Outcome<unknown>>;

/** A write: its JSON body through the operation; after a change to what is public, its pages made. */
async function write({ request, context, params }: Args, operation: Write | undefined): Promise<Response> {
  // The body first: a JSON route answers 415 or 400 for a body it does not read, whatever else is wrong.
  const read = await readJsonBody(request);
  if ("response" in read) return read.response;
  if (!operation) return jsonError(404, "There is no such API endpoint.");
  const deps = depsOf(context);
  const name = params.name ?? "";
  const outcome = await operation(deps, callerOf(context, request), read.body, name);
  if (outcome.kind !== "done")
    return apiFailureFor(request, outcome, { notFound: "There is no such document." });
  if (operation !== saveContentDraft && operation !== createPreviewLink && isContentName(name)) {
    const { ctx } = context.get(cloudflareContext);
    await preparePublishedPages(deps.env, ctx, name as ContentName);
  }
  return Response.json(outcome.value, { headers: noStore });
}

/** GET /api/admin/content: every document. */
export const listContent = (args: Args) => adminRead(args, () => contentDocuments(depsOf(args.context)));

/** GET and PUT /api/admin/content/{name}. */
export function contentDocumentEndpoint(args: Args): Promise<Response> | Response {
  const method = args.request.method;
  if (method === "GET" || method === "HEAD") {
    return adminRead(args, () => contentDocument(depsOf(args.context), args.params.name ?? ""));
  }
  if (method === "PUT") return write(args, saveContentDraft);
  return methodNotAllowed("GET, HEAD, PUT");
}

const VERBS: Record<string, Write> = {
  publish: publishContent,
  rollback: rollBackContent,
  cancel: cancelScheduledContent,
  "preview-link": createPreviewLink,
};

/** GET …/{name}/versions; POST …/{name}/publish, rollback, cancel, preview-link. */
export function contentVerbEndpoint(args: Args): Promise<Response> | Response {
  const verb = (args.params.verb ?? "").toLowerCase();
  const method = args.request.method;
  // The route takes these three (the route table); any other is 405 before the verb is looked up.
  if (method !== "GET" && method !== "HEAD" && method !== "POST") return methodNotAllowed("GET, HEAD, POST");
  if (verb === "versions") {
    if (method === "POST") return methodNotAllowed("GET, HEAD");
    return adminRead(args, () => contentVersions(depsOf(args.context), args.params.name ?? ""));
  }
  const operation = Object.hasOwn(VERBS, verb) ? VERBS[verb] : undefined;
  if (method === "POST") return write(args, operation);
  return operation ? methodNotAllowed("POST") : jsonError(404, "There is no such API endpoint.");
}
