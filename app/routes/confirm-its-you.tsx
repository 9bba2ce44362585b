import { data, Link, redirect } from "react-router";
import { ConfirmItsYouForm } from "~/components/confirm-its-you-form";
import { PageHero } from "~/components/page-hero";
import { PasskeyConfirmButton } from "~/components/passkey-buttons";
import { StaticNotice } from "~/components/static-notice";
import { type ToastMessage, useToast } from "~/components/toaster";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { flashCookie, sessionCookie } from "~/server/http/cookies.server";
import { errorNotice, itsMessage } from "~/server/http/outcome-notices.server";
import { confirmingIntents, describeWaiting, findWaiting } from "~/server/http/page-confirmation.server";
import { type PageDoor, pageAction, pageCallOf } from "~/server/http/page-door.server";
import { sessionContext } from "~/server/http/request-context.server";
import { MAX_NEXT_LENGTH, referenceOf } from "~/server/identity/interrupted-actions.server";
import { findSignedInUser } from "~/server/identity/users.server";
import { depsOf } from "~/server/operation.server";
import { secondFactorsOf } from "~/server/second-factors/second-factors.server";
import type { Route } from "./+types/confirm-its-you";
import { CONFIRM_PAGE_DOOR } from "./confirm-page-intents.server";

// /confirm-its-you?ref=…: "Confirm it's you" on its own page, for what the dashboard interrupted (a
// deactivation, a reset of second factors) and for a link (the audit log's CSV export, /account's data copy). The action was
// stored for this session when it was refused; the address carries only its reference, and the page names
// the action as stored. Once confirmed (password and code, or a passkey), this page runs it, once, through
// the door of the page that asked (confirm-page-intents.server.ts), and goes back to the page it came from: the dashboard keeps none of this page's code in its bundle. Anything else
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
  const { intents } = CONFIRM_PAGE_DOOR;
  const call = pageCallOf({ request, context });
  const stored = reference ? await findWaiting(call, "/confirm-its-you", intents, reference) : null;
  const factors = await secondFactorsOf(deps.db, me.id);
  return {
    pending:
      reference && stored ? { reference, description: await describeWaiting(intents, call, stored) } : null,
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

const door: PageDoor<ConfirmResult> = {
  intents: confirmingIntents(() => CONFIRM_PAGE_DOOR, "/confirm-its-you", {
    done: (confirmed, { request }) => {
      const headers = new Headers();
      // A confirmation gives the session a new token, whatever happens next.
      if (confirmed.token) headers.append("Set-Cookie", sessionCookie(request, confirmed.token));
      if (confirmed.kind === "nothing")
        return data<ConfirmResult>({ nothing: true }, { status: 404, headers });
      // The stored action ran; its toast goes with the way back to the page it came from.
      const toast = confirmed.answer instanceof Response ? null : confirmed.answer.data.toast;
      if (toast) headers.append("Set-Cookie", flashCookie(request, toast));
      return redirect(safeNext(confirmed.action.next), { headers });
    },
    says: { unauthenticated: itsMessage(), otherwise: errorNotice("Please check the fields below.") },
  }),
  // The passkey's way, as before: any post that is not the password form resumes a confirmed session.
  fallback: "resume",
  page: "/login",
  back: "/confirm-its-you",
  failed: ({ outcome, notice }) => {
    if (outcome.kind === "unauthenticated" && !outcome.message) throw redirect("/login");
    return {
      nothing: false,
      notice,
      fieldErrors: outcome.kind === "invalid" ? outcome.fieldErrors : undefined,
    };
  },
};

export const action = pageAction(door);

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
