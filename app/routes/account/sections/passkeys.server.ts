import { requireRecentAuthentication } from "~/server/identity/caller-checks.server";

import { passkeyNameOf, removePasskey } from "~/server/second-factors/passkeys.server";
import { noticeOn, securityIntent } from "./security-answers.server";

// The handlers of the intents that passkeys.tsx, beside it, posts.

export const intents = {
  // Asked by the "Add a passkey" button when its sign-in is older than 10 minutes.
  "passkey-add": securityIntent(
    async (deps, caller) =>
      noticeOn(await requireRecentAuthentication(deps.db, caller), {
        title: "Confirmed",
        description: "Now add your passkey: press Add a passkey.",
      }),
    { describe: "Add a passkey" },
  ),
  "passkey-remove": securityIntent(
    async (deps, caller, form) =>
      noticeOn(await removePasskey(deps, caller, form.id), {
        title: "Passkey removed",
        description: "It no longer signs you in.",
      }),
    {
      target: (form) => (form.id && form.id.length <= 1400 ? form.id : null),
      describe: async ({ deps, caller }, target) => {
        const name = caller.session ? await passkeyNameOf(deps.db, caller.session.userId, target) : null;
        return name === null ? "Remove a passkey" : `Remove the passkey "${name}"`;
      },
    },
  ),
};
