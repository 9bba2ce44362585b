import { regenerateRecoveryCodes } from "~/server/second-factors/second-factor-enrolment.server";
import { securityIntent } from "./security-answers.server";

// The handlers of the intents that recovery-codes.tsx, beside it, posts.

export const intents = {
  "recovery-codes": securityIntent(
    async (deps, caller) => {
      const outcome = await regenerateRecoveryCodes(deps, caller);
      if (outcome.kind !== "done") return outcome;
      return {
        kind: "done",
        value: {
          notice: { title: "New recovery codes", description: "The old ones no longer work." },
          recoveryCodes: outcome.value.recoveryCodes,
        },
      };
    },
    { describe: "Make new recovery codes" },
  ),
};
