import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { registerPasskey } from "~/server/second-factors/passkeys.server";

/** POST /api/auth/passkeys { name, response }: registers a passkey (needs "Confirm it's you"). */
export const action = jsonAction({
  readsBody: true,
  run: ({ deps, caller, input }) => registerPasskey(deps, caller, input),
  answer: (value) => Response.json(value, { status: 201 }),
});

export const loader = postOnly;
