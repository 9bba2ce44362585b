import type { PasskeyCreationOptionsJSON, PasskeyRequestOptionsJSON } from "~/lib/passkey-client";
import { jsonAction, postOnly } from "~/server/http/json-api.server";
import { invalid } from "~/server/outcome";
import { passkeyRegistrationOptions } from "~/server/second-factors/passkeys.server";
import { passkeyConfirmOptions, passkeySignInOptions } from "~/server/sign-in/passkey-sign-in.server";

/**
 * POST /api/auth/passkeys/options { purpose: "register" | "sign-in" | "confirm" }: the options to hand to
 * the browser's WebAuthn call, with a new single-use challenge (5 minutes).
 */
export const action = jsonAction<PasskeyCreationOptionsJSON | PasskeyRequestOptionsJSON>({
  readsBody: true,
  run: ({ deps, caller, input }) => {
    const purpose = (input as { purpose?: unknown } | null)?.purpose;
    if (purpose === "register") return passkeyRegistrationOptions(deps, caller);
    if (purpose === "sign-in") return passkeySignInOptions(deps, caller);
    if (purpose === "confirm") return passkeyConfirmOptions(deps, caller);
    return Promise.resolve(invalid({ purpose: 'Ask for "register", "sign-in" or "confirm"' }));
  },
  answer: (options) => Response.json(options, { headers: { "Cache-Control": "no-store" } }),
});

export const loader = postOnly;
