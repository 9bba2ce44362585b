import { apiFailure, getOnly } from "~/server/http/json-api.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { readOwnThreads } from "~/server/threads/applicant-threads.server";
import type { Route } from "./+types/account.messages";

/**
 * GET /api/account/messages: the messages the caller sent signed in, newest first, each with its
 * reference, its state in the applicant's words and its thread (message, replies, answers; never a note).
 */
export const loader = getOnly(async ({ request, context }: Route.LoaderArgs) => {
  const outcome = await readOwnThreads(depsOf(context), callerOf(context, request));
  return outcome.kind === "done"
    ? Response.json(outcome.value, { headers: { "Cache-Control": "no-store" } })
    : apiFailure(outcome);
});
