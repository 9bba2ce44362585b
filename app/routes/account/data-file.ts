import { redirect } from "react-router";
import { signInFirst } from "~/lib/sign-in-paths";
import type { DownloadIntent } from "~/routes/confirm-page-intents.server";
import { exportMyData } from "~/server/account/my-account.server";
import { personalDataResponse } from "~/server/account/personal-data.server";
import { askOnConfirmPage } from "~/server/http/page-confirmation.server";
import { pageCallOf } from "~/server/http/page-door.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Route } from "./+types/data-file";

// GET /account/data.json: /account's "Download my data", the JSON copy as an attachment (the browser stays
// on /account). It needs a sign-in within the last 10 minutes: otherwise the download is stored for this
// session and the browser goes to /confirm-its-you, which names it ("Download a copy of your data") and,
// once confirmed, goes back to /account's data section, where the same link now downloads at once.

export async function loader({ request, context }: Route.LoaderArgs) {
  const deps = depsOf(context);
  const caller = callerOf(context, request);
  const outcome = await exportMyData(deps, caller);
  if (outcome.kind === "done") return personalDataResponse(outcome.value);
  if (outcome.kind === "forbidden" && outcome.reauthenticate && caller.session) {
    await askOnConfirmPage(pageCallOf({ request, context }, {}, "/account#data"), {
      intent: "export-data" satisfies DownloadIntent,
      target: null,
    });
  }
  return redirect(signInFirst("/account"));
}
