import {
  confirmTotpEnrolment,
  removeTotp,
  showTotpEnrolment,
  startTotpEnrolment,
} from "~/server/second-factors/second-factor-enrolment.server";
import { noticeOn, type SecurityHandler, securityIntent } from "./security-answers.server";

// The handlers of the intents that totp.tsx, beside it, posts.

const showEnrolment: SecurityHandler = async (deps, caller) => {
  const outcome = await showTotpEnrolment(deps, caller);
  return outcome.kind === "done" ? { kind: "done", value: { enrolment: outcome.value } } : outcome;
};

export const intents = {
  "totp-start": securityIntent(
    async (deps, caller) => {
      const outcome = await startTotpEnrolment(deps, caller);
      return outcome.kind === "done" ? { kind: "done", value: { enrolment: outcome.value } } : outcome;
    },
    { describe: "Set up an authenticator app" },
  ),
  "totp-show": securityIntent(showEnrolment, {
    describe: "Show the QR code and key of your new authenticator app",
  }),
  "totp-confirm": securityIntent(
    async (deps, caller, form) => {
      const outcome = await confirmTotpEnrolment(deps, caller, form);
      if (outcome.kind !== "done") return outcome;
      return {
        kind: "done",
        value: {
          notice: { title: "Authenticator app on", description: "Your sign-ins now ask for a code from it." },
          recoveryCodes: outcome.value.recoveryCodes ?? undefined,
        },
      };
    },
    {
      describe: "Turn on your new authenticator app",
      // The code typed before the confirmation is not kept: the QR code shows again, to give a fresh one.
      resume: async (deps, caller) => {
        const outcome = await showEnrolment(deps, caller, {});
        if (outcome.kind !== "done") return outcome;
        const notice = { title: "Confirmed", description: "Now give the code your authenticator app shows." };
        return { kind: "done", value: { ...outcome.value, notice } };
      },
    },
  ),
  "totp-remove": securityIntent(
    async (deps, caller) =>
      noticeOn(await removeTotp(deps, caller), {
        title: "Authenticator app removed",
        description: "It no longer signs you in.",
      }),
    { describe: "Remove your authenticator app" },
  ),
};
