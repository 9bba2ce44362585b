import { redirect } from "react-router";
import { type PersonalData, personalDataResponse } from "~/server/account/personal-data.server";
import { exportByPrivacyLink } from "~/server/account/privacy-requests.server";
import { formAction } from "~/server/http/page-door.server";

// "Download what you hold about me" on /privacy/request posts here: a resource route named as the file it
// answers, so the browser gets the JSON itself as an attachment and stays on the page. A dead link goes back to the page, which
// says so.

export const action = formAction<never, PersonalData>({
  page: "/privacy/request",
  run: ({ deps, caller, form }) => exportByPrivacyLink(deps, caller, form),
  done: (data) => personalDataResponse(data),
  // Whatever the refusal, the page of the link says it, from the link's own state.
  failed: ({ call }) => {
    const back = new URLSearchParams({ token: (call.form.token ?? "").slice(0, 100) });
    throw redirect(`/privacy/request?${back}`, 303);
  },
});

export function loader() {
  return redirect("/privacy/request");
}
