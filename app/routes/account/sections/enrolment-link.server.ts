import { openEnrolmentLink, requestEnrolmentLink } from "~/server/second-factors/enrolment-links.server";
import { noticeOn, securityIntent } from "./security-answers.server";

// The handlers of the intents that enrolment-link.tsx, beside it, posts.

export const intents = {
  "send-enrolment-link": securityIntent(async (deps, caller) =>
    noticeOn(await requestEnrolmentLink(deps, caller), {
      title: "Link sent",
      description: "We emailed you a link to set up a second factor. It works for an hour.",
    }),
  ),
  "open-enrolment-link": securityIntent(async (deps, caller, form) =>
    noticeOn(await openEnrolmentLink(deps, caller, { token: form.token }), {
      title: "Link accepted",
      description: "You can now set up a second factor below. Every other session was signed out.",
    }),
  ),
};
