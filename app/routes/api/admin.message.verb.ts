import { replyToMessage } from "~/server/admin/message-replies.server";
import { addMessageNote } from "~/server/admin/staff-notes.server";
import {
  jsonAction,
  jsonError,
  methodNotAllowed,
  postOnly,
  readJsonBody,
} from "~/server/http/json-api.server";
import type { Outcome } from "~/server/outcome";
import type { Route } from "./+types/admin.message.verb";

// POST /api/admin/messages/{id}/reply and /note, each with `{ text }`: the workbench's reply (mailed, the
// message then waits on the applicant) and note, as the message's page writes them (decision 174).

const noSuchEndpoint = () => jsonError(404, "There is no such API endpoint.");

/** The body's `text`, under the name the operation reads; anything else is missing text. */
const textOf = (input: unknown) =>
  typeof input === "object" && input !== null && typeof (input as { text?: unknown }).text === "string"
    ? (input as { text: string }).text
    : undefined;

/** The operation's field errors under the API's own name for the field (`text`, not the form's `body`). */
function asText<T>(outcome: Outcome<T>): Outcome<T> {
  if (outcome.kind !== "invalid" || outcome.fieldErrors.body === undefined) return outcome;
  const { body, ...rest } = outcome.fieldErrors;
  return { ...outcome, fieldErrors: { ...rest, text: body } };
}

const VERBS = {
  reply: jsonAction({
    readsBody: true,
    run: async ({ deps, caller, input, params }) =>
      asText(
        await replyToMessage(deps, caller, {
          id: params.id,
          body: textOf(input),
          // Each call is a new reply: the API has no form to post twice.
          key: crypto.randomUUID(),
        }),
      ),
    answer: ({ id }) => Response.json({ id }, { status: 201 }),
    messages: { notFound: "There is no such message." },
  }),
  note: jsonAction({
    readsBody: true,
    run: async ({ deps, caller, input, params }) =>
      asText(await addMessageNote(deps, caller, { id: params.id, body: textOf(input) })),
    answer: () => Response.json({ ok: true }, { status: 201 }),
    messages: { notFound: "There is no such message." },
  }),
};

const verbOf = (verb: string | undefined) =>
  verb !== undefined && Object.hasOwn(VERBS, verb) ? VERBS[verb as keyof typeof VERBS] : undefined;

export async function action(args: Route.ActionArgs) {
  const run = verbOf(args.params.verb);
  if (run) return run(args);
  // As every JSON route: the method first (405), then a body it does not read (415, 400), then the path.
  if (args.request.method !== "POST") return methodNotAllowed("POST");
  const read = await readJsonBody(args.request);
  return "response" in read ? read.response : noSuchEndpoint();
}

/** Every other method is told to POST, whatever the verb: the path is a POST endpoint's. */
export const loader = () => postOnly();
