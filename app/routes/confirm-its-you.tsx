import { data, Link, redirect } from "react-router";
import { ConfirmItsYouForm } from "~/components/confirm-its-you-form";
import { PageHero } from "~/components/page-hero";
import { PasskeyConfirmButton } from "~/components/passkey-buttons";
import { StaticNotice } from "~/components/static-notice";
import { type ToastMessage, useToast } from "~/components/toaster";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { adminDoor, USER_INTENTS } from "~/routes/admin/admin-intents.server";
import { flashCookie, sessionCookie } from "~/server/http/cookies.server";
import { failureInit, readForm, throwIfSignedOut } from "~/server/http/form-door.server";
import { failureNotice, itsMessage } from "~/server/http/outcome-notices.server";
import { answerIntent, type PageCall } from "~/server/http/page-door.server";
import { sessionContext } from "~/server/http/request-context.server";
import {
  describeInterruptedAction,
  findInterruptedAction,
  type InterruptedAction,
  MAX_NEXT_LENGTH,
  referenceOf,
} from "~/server/identity/interrupted-actions.server";
import { findSignedInUser } from "~/server/identity/users.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { secondFactorsOf } from "~/server/second-factors/second-factors.server";
import { resumeInterrupted } from "~/server/sign-in/confirm-its-you.server";
import type { Route } from "./+types/confirm-its-you";

// /confirm-its-you?ref=…: "Confirm it's you" on its own page, for what the dashboard interrupted (a
// deactivation, a reset of second factors) and for a link (the audit log's CSV export, /account's data copy). The action was
// stored for this session when it was refused; the address carries only its reference, and the page names
// the action as stored. Once confirmed (password and code, or a passkey), this page runs it, once, and goes
// back to the page it came from: the dashboard keeps none of this page's code in its bundle. Anything else
// in the address (`resume`, `id`, `next`) is ignored; a reference of another session, spent or expired,
// names nothing to confirm.

/** A path of ours (with its query), never another origin. */
function safeNext(raw: string): string {
  const path = /^\/(?![/\\])[\x21-\x7e]*$/.test(raw);
  return path && raw.length <= MAX_NEXT_LENGTH ? raw : "/account";
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Confirm it's you",
    description: "Confirm it's you before going on.",
    path: "/confirm-its-you",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext);
  const deps = depsOf(context);
  const me = session ? await findSignedInUser(deps.db, session) : null;
  if (!session || !me) throw redirect("/login");
  const reference = referenceOf(new URL(request.url).searchParams.get("ref"));
  const stored = reference ? await findInterruptedAction(deps.db, session, reference, "confirm-page") : null;
  const factors = await secondFactorsOf(deps.db, me.id);
  return {
    pending:
      reference && stored
        ? { reference, description: await describeInterruptedAction(deps.db, me.id, stored) }
        : null,
    home: me.isAdmin ? "/admin" : "/account",
    withCode: me.hasSecondFactor,
    withPasskey: factors.passkeys > 0,
  };
}

interface ConfirmResult {
  /** The reference posted names no live action of this session: nothing ran. */
  nothing: boolean;
  notice?: ToastMessage;
  fieldErrors?: FieldErrors;
}

const error = (description: string): ToastMessage => ({
  title: "Error",
  description,
  variant: "destructive",
});

/**
 * What the data copy's confirmation leaves on /account: a page, not the file. A redirect to an attachment
 * would leave the browser showing this spent form (the download does not replace the page, with or without
 * JavaScript); back on /account the same link downloads at once for the next 10 minutes.
 */
const DATA_COPY_READY: ToastMessage = {
  title: "Confirmed",
  description: "Now choose Download my data to get your copy.",
};

/** The same for the Activity tab's CSV export: back on the tab, Export CSV downloads at once. */
const ACTIVITY_EXPORT_READY: ToastMessage = {
  title: "Confirmed",
  description: "Now choose Export CSV to download the activity log.",
};

/**
 * Runs the stored action as the confirmed caller, through the dashboard's own door (its intents as it
 * declares them): the toast it leaves for the page it returns to.
 */
async function run(call: PageCall, action: InterruptedAction): Promise<ToastMessage | null> {
  if (action.intent === "export-data") return DATA_COPY_READY;
  if (action.intent === "export-activity") return ACTIVITY_EXPORT_READY;
  if (!Object.hasOwn(USER_INTENTS, action.intent)) return null;
  const form: Record<string, string> = action.target === null ? {} : { id: action.target };
  const answer = await answerIntent(adminDoor(USER_INTENTS), action.intent, { ...call, form });
  return answer instanceof Response ? null : answer.data.toast;
}

export async function action({ request, context }: Route.ActionArgs) {
  const deps = depsOf(context);
  const form = await readForm(request);
  const resumed = await resumeInterrupted(deps, callerOf(context, request), form, "confirm-page");
  const headers = new Headers();
  // A confirmation gives the session a new token, whatever happens next.
  if (resumed.kind !== "refused" && resumed.token) {
    headers.append("Set-Cookie", sessionCookie(request, resumed.token));
  }
  if (resumed.kind === "nothing") return data<ConfirmResult>({ nothing: true }, { status: 404, headers });
  if (resumed.kind === "resumed") {
    const call = { request, context, deps, caller: resumed.caller, form: {}, back: resumed.action.next };
    const toast = await run(call, resumed.action);
    if (toast) headers.append("Set-Cookie", flashCookie(request, toast));
    throw redirect(safeNext(resumed.action.next), { headers });
  }
  const { outcome } = resumed;
  throwIfSignedOut(request, outcome, "/login");
  if (outcome.kind === "unauthenticated" && !outcome.message) throw redirect("/login");
  const notice = failureNotice(outcome, {
    unauthenticated: itsMessage(),
    otherwise: error("Please check the fields below."),
  });
  const fieldErrors: FieldErrors | undefined = outcome.kind === "invalid" ? outcome.fieldErrors : undefined;
  return data<ConfirmResult>({ nothing: false, notice, fieldErrors }, failureInit(outcome));
}

export default function ConfirmItsYouPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, withCode, withPasskey, home } = loaderData;
  const notice = actionData?.notice;
  const fieldErrors = actionData?.fieldErrors;
  useToast(notice);
  if (!pending || actionData?.nothing) {
    return (
      <>
        <PageHero title="Confirm it's you" lead="There is nothing to confirm." />
        <div className="mx-auto max-w-xl space-y-4 px-4 pb-12 sm:px-6">
          <p>
            Nothing was done. A confirmation lasts 10 minutes, works once, and only in the browser session
            that asked for it. Start again from the page you were on.
          </p>
          <p>
            <Link to={home} className="font-semibold text-brand underline">
              {home === "/admin" ? "Back to the Admin Dashboard" : "Back to My account"}
            </Link>
          </p>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHero title="Confirm it's you" lead="One more check before you go on." />
      <div className="mx-auto max-w-xl space-y-6 px-4 pb-12 sm:px-6">
        <StaticNotice message={notice} />
        <ConfirmItsYouForm
          reference={pending.reference}
          description={pending.description}
          withCode={withCode}
          fieldErrors={fieldErrors}
        >
          {withPasskey ? <PasskeyConfirmButton reference={pending.reference} /> : null}
        </ConfirmItsYouForm>
      </div>
    </>
  );
}
