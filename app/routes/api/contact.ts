import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { sendContactMessage } from "~/server/threads/contact-messages.server";

export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => sendContactMessage(deps, caller, input),
  answer: ({ id }) => Response.json(id === null ? { ok: true } : { ok: true, id }, { status: 201 }),
});

export const loader = postOnly;
