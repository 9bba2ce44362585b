import { openEnrolmentLink, requestEnrolmentLink } from "~/server/second-factors/enrolment-links.server";
import { noticeOn, type SecurityHandlers } from "./security-answers.server";

// The handlers of the intents that enrolment-link.tsx, beside it, posts.

export const intents: SecurityHandlers = {
  "send-enrolment-link": async (deps, caller) =>
    noticeOn(await requestEnrolmentLink(deps, caller), {
      title: "Link sent",
      description: "We emailed you a link to set up a second factor. It works for an hour.",
    }),
  "open-enrolment-link": async (deps, caller, form) =>
    noticeOn(await openEnrolmentLink(deps, caller, { token: form.token }), {
      title: "Link accepted",
      description: "You can now set up a second factor below. Every other session was signed out.",
    }),
};
