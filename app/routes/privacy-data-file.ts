import { redirect } from "react-router";
import { personalDataResponse } from "~/server/account/personal-data.server";
import { exportByPrivacyLink } from "~/server/account/privacy-requests.server";
import { readForm } from "~/server/http/form-door.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/privacy-data-file";

// "Download what you hold about me" on /privacy/request posts here: a resource route named as the file it
// answers, so the browser gets the JSON itself as an attachment and stays on the page. A dead link goes back to the page, which
// says so.

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const outcome = await exportByPrivacyLink(depsOf(context), callerOf(context, request), form);
  if (outcome.kind === "done") return personalDataResponse(outcome.value);
  const back = new URLSearchParams({ token: (form.token ?? "").slice(0, 100) });
  return redirect(`/privacy/request?${back}`, 303);
}

export function loader() {
  return redirect("/privacy/request");
}
