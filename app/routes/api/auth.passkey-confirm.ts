import { jsonAction, postOnly } from "~/server/json-api.server";
import { confirmWithPasskey } from "~/server/passkeys.server";

/** POST /api/auth/passkey-confirm { response }: "Confirm it's you" with one of the caller's passkeys. */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input, request }) => confirmWithPasskey(deps, caller, request, input),
  answer: () => Response.json({ ok: true }),
});

export const loader = postOnly;
