import {
  confirmTotpEnrolment,
  removeTotp,
  showTotpEnrolment,
  startTotpEnrolment,
} from "~/server/second-factors/second-factor-enrolment.server";
import { noticeOn, type SecurityHandlers } from "./security-answers.server";

// The handlers of the intents that totp.tsx, beside it, posts.

export const intents: SecurityHandlers = {
  "totp-start": async (deps, caller) => {
    const outcome = await startTotpEnrolment(deps, caller);
    return outcome.kind === "done" ? { kind: "done", value: { enrolment: outcome.value } } : outcome;
  },
  "totp-show": async (deps, caller) => {
    const outcome = await showTotpEnrolment(deps, caller);
    return outcome.kind === "done" ? { kind: "done", value: { enrolment: outcome.value } } : outcome;
  },
  "totp-confirm": async (deps, caller, form) => {
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
  "totp-remove": async (deps, caller) =>
    noticeOn(await removeTotp(deps, caller), {
      title: "Authenticator app removed",
      description: "It no longer signs you in.",
    }),
};
