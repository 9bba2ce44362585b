import { useState } from "react";
import { Link, redirect } from "react-router";
import { RecoveryCodeList } from "~/components/account/recovery-code-list";
import { ConfirmItsYouForm } from "~/components/confirm-its-you-form";
import { PageHero } from "~/components/page-hero";
import { PasskeyConfirmButton } from "~/components/passkey-buttons";
import { StaticNotice } from "~/components/static-notice";
import { useToast } from "~/components/toaster";
import { SET_UP_SECOND_FACTOR_MESSAGE } from "~/lib/account-messages";
import { pageMeta } from "~/lib/seo";
import { signInFirst } from "~/lib/sign-in-paths";
import { sessionCookie } from "~/server/http/cookies.server";
import { readForm, throwIfSignedOut } from "~/server/http/form-door.server";
import { continueUnderToken } from "~/server/http/request-context.server";
import {
  describeInterruptedAction,
  type InterruptedAction,
  interruptAction,
  isInterruptedIntent,
} from "~/server/identity/interrupted-actions.server";
import type { Caller, Deps } from "~/server/operation.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { securityOverview } from "~/server/second-factors/second-factor-enrolment.server";
import { resumeInterrupted } from "~/server/sign-in/confirm-its-you.server";
import type { Route } from "./+types/security";
import { EnrolmentLinkNotice } from "./sections/enrolment-link";
import * as enrolmentLink from "./sections/enrolment-link.server";
import { PasskeysSection } from "./sections/passkeys";
import * as passkeys from "./sections/passkeys.server";
import { RecoveryCodesSection } from "./sections/recovery-codes";
import * as recoveryCodes from "./sections/recovery-codes.server";
import {
  type ActionResult,
  answer,
  error,
  failed,
  type SecurityHandlers,
} from "./sections/security-answers.server";
import { TotpSection } from "./sections/totp";
import * as totp from "./sections/totp.server";

// /account/security: second factors. An authenticator app (QR code drawn on the server), recovery codes
// (shown once), and passkeys. Every change asks "Confirm it's you" when the last sign-in is older than 10
// minutes; the change then goes on. Plain forms: the app and the codes work without JavaScript. Each
// section's form (app/routes/account/sections/*.tsx) posts an intent; this page's action hands it to the
// handler beside that form (the .server.ts of the same name), through the intent table below.

// Hydrated for the passkey buttons only; everything else is a plain form.

/** Every intent this page takes, and its handler: each section brings its own. */
const INTENTS: SecurityHandlers = {
  ...totp.intents,
  ...passkeys.intents,
  ...recoveryCodes.intents,
  ...enrolmentLink.intents,
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Sign-in security",
    description: "Your FACETS second factors: authenticator app, passkeys and recovery codes.",
    path: "/account/security",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const deps = depsOf(context);
  const caller = callerOf(context, request);
  const overview = await securityOverview(deps, caller, { withEnrolment: true });
  if (overview.kind !== "done") throw redirect(signInFirst("/account/security"));
  // The emailed enrolment link (`?enrolment=`): shown as a button, since mail scanners open links.
  const link = new URL(request.url).searchParams.get("enrolment") ?? "";
  const enrolmentLink =
    overview.value.enrolmentLock === "needs-link" && /^[a-z2-7]{52}$/.test(link) ? link : null;
  return { ...overview.value, enrolmentLink };
}

const NOTHING_TO_CONFIRM =
  "There is nothing to confirm: it was done already, or waited more than 10 minutes. Nothing was done; start again.";

/** The posted intent's outcome, or null for an intent this page does not take. */
function run(intent: string | undefined, deps: Deps, caller: Caller, form: Record<string, string>) {
  const handler = intent !== undefined && Object.hasOwn(INTENTS, intent) ? INTENTS[intent] : undefined;
  return handler ? handler(deps, caller, form) : Promise.resolve(null);
}

/** What a stored action does once "Confirm it's you" is done, with only what was stored. */
async function resumeRun(action: InterruptedAction, deps: Deps, caller: Caller) {
  if (action.intent === "totp-confirm") {
    // Its code was refused for the stale sign-in and is too old to use now: the app's key again, for a new one.
    const outcome = await run("totp-show", deps, caller, {});
    if (outcome?.kind !== "done") return outcome;
    const notice = { title: "Confirmed", description: "Now give the code your authenticator app shows." };
    return { kind: "done" as const, value: { ...outcome.value, notice } };
  }
  return run(action.intent, deps, caller, action.target ? { id: action.target } : {});
}

async function pendingConfirmation(
  deps: Deps,
  caller: Caller,
  action: InterruptedAction,
  reference?: string,
): Promise<ActionResult["confirm"]> {
  if (!caller.session) return undefined;
  const kept = reference ?? (await interruptAction(deps.db, caller.session, action));
  return {
    reference: kept,
    description: await describeInterruptedAction(deps.db, caller.session.userId, action),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const deps = depsOf(context);
  const caller = callerOf(context, request);
  const posted = await readForm(request);
  if (posted.intent === "confirm-its-you" || posted.intent === "resume") {
    // Only the action this session stored under `ref` goes on; nothing else of the form says what.
    const resumed = await resumeInterrupted(deps, caller, posted, "account-security");
    const token = resumed.kind === "refused" ? null : resumed.token;
    const cookie = token ? sessionCookie(request, token) : null;
    continueUnderToken(context, token);
    if (resumed.kind === "nothing") {
      return answer({ notice: error(NOTHING_TO_CONFIRM) }, { status: 404 }, cookie);
    }
    if (resumed.kind === "refused") {
      throwIfSignedOut(request, resumed.outcome, "/account/security");
      const confirm = resumed.action
        ? await pendingConfirmation(deps, caller, resumed.action, posted.ref)
        : undefined;
      return failed(resumed.outcome, { confirm });
    }
    const outcome = await resumeRun(resumed.action, deps, resumed.caller);
    if (outcome === null) return answer({ notice: error("Unknown action.") }, { status: 400 }, cookie);
    if (outcome.kind !== "done") return failed(outcome, { cookie });
    return answer(outcome.value, {}, cookie);
  }
  const outcome = await run(posted.intent, deps, caller, posted);
  if (outcome === null) return answer({ notice: error("Unknown action.") }, { status: 400 });
  if (outcome.kind === "done") return answer(outcome.value);
  if (outcome.kind === "forbidden" && outcome.reauthenticate && isInterruptedIntent(posted.intent)) {
    // Kept on the server for this session; the form that asks for the confirmation carries its reference.
    const target = posted.intent === "passkey-remove" ? (posted.id ?? null) : null;
    const confirm = await pendingConfirmation(deps, caller, {
      intent: posted.intent,
      target: target && target.length <= 1400 ? target : null,
      next: "/account/security",
    });
    return failed(outcome, { confirm });
  }
  return failed(outcome);
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { factors, isAdmin } = loaderData;
  const result = actionData;
  const enrolment = result?.enrolment ?? loaderData.enrolment;
  const hasFactor = factors.totp || factors.passkeys > 0;
  const [addedCodes, setAddedCodes] = useState<string[] | null>(null);
  const shownCodes = addedCodes ?? result?.recoveryCodes;
  const needsLink = loaderData.enrolmentLock === "needs-link";
  useToast(result?.notice);
  return (
    <>
      <PageHero
        title="Sign-in security"
        lead="A second factor keeps your account safe even if someone learns your password."
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 pt-8 pb-12 sm:px-6">
        <StaticNotice message={result?.notice} />
        {isAdmin && !hasFactor ? (
          <p role="note" className="rounded-xl border border-danger p-4">
            <strong>{SET_UP_SECOND_FACTOR_MESSAGE}.</strong> An administrator's account needs an authenticator
            app or a passkey before the dashboard opens.
          </p>
        ) : null}
        {result?.confirm ? (
          <ConfirmItsYouForm
            reference={result.confirm.reference}
            description={result.confirm.description}
            withCode={hasFactor}
            fieldErrors={result.fieldErrors}
          >
            {factors.passkeys > 0 ? <PasskeyConfirmButton reference={result.confirm.reference} /> : null}
          </ConfirmItsYouForm>
        ) : null}
        {loaderData.enrolmentLock === "needs-link" ? (
          <EnrolmentLinkNotice link={loaderData.enrolmentLink} />
        ) : null}
        {shownCodes ? <RecoveryCodeList codes={shownCodes} /> : null}

        <TotpSection
          on={factors.totp}
          enrolment={enrolment}
          fieldErrors={result?.confirm ? {} : (result?.fieldErrors ?? {})}
          needsLink={needsLink}
          pending={loaderData.pendingTotp}
        />
        <PasskeysSection
          passkeys={loaderData.passkeys}
          needsLink={needsLink}
          onRecoveryCodes={setAddedCodes}
        />
        <RecoveryCodesSection hasFactor={hasFactor} left={factors.recoveryCodesLeft} />

        <p>
          <Link to="/account" className="font-semibold text-brand underline">
            Back to My account
          </Link>
        </p>
      </div>
    </>
  );
}
