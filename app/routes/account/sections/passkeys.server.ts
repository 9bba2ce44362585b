import { requireRecentAuthentication } from "~/server/identity/caller-checks.server";

import { removePasskey } from "~/server/second-factors/passkeys.server";
import { noticeOn, type SecurityHandlers } from "./security-answers.server";

// The handlers of the intents that passkeys.tsx, beside it, posts.

export const intents: SecurityHandlers = {
  // Asked by the "Add a passkey" button when its sign-in is older than 10 minutes.
  "passkey-add": async (deps, caller) =>
    noticeOn(await requireRecentAuthentication(deps.db, caller), {
      title: "Confirmed",
      description: "Now add your passkey: press Add a passkey.",
    }),
  "passkey-remove": async (deps, caller, form) =>
    noticeOn(await removePasskey(deps, caller, form.id), {
      title: "Passkey removed",
      description: "It no longer signs you in.",
    }),
};
