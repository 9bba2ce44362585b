import { readMessageThread } from "~/server/admin/message-thread.server";
import { apiFailure, getOnly, jsonError } from "~/server/http/json-api.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { replyAddressOf } from "~/server/threads/thread-address";
import type { Route } from "./+types/admin.message";

/**
 * GET /api/admin/messages/{id}: the message, `replyAddress` (where an answer by email goes back to its
 * thread) and its thread, oldest first: each entry's kind (message, reply, answer, note), author, time and
 * text (decision 174).
 */
export const loader = getOnly(async ({ request, context, params }: Route.LoaderArgs) => {
  const id = /^[1-9]\d{0,15}$/.test(params.id ?? "") ? Number(params.id) : null;
  if (id === null) return jsonError(404, "There is no such message.");
  const deps = depsOf(context);
  const outcome = await readMessageThread(deps, callerOf(context, request), undefined, id);
  if (outcome.kind !== "done") return apiFailure(outcome, { notFound: "There is no such message." });
  const { message, thread } = outcome.value;
  return Response.json(
    { message, replyAddress: replyAddressOf(deps.env, id), thread },
    { headers: { "Cache-Control": "no-store" } },
  );
});
