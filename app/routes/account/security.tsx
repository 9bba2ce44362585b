import { useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { AccountSection, DangerButton, QuietButton, SaveButton } from "~/components/account-sections";
import { ConfirmItsYouForm } from "~/components/confirm-its-you-form";
import { PageHero } from "~/components/page-hero";
import { AddPasskeyForm, PasskeyConfirmButton } from "~/components/passkey-buttons";
import { StaticNotice, type ToastMessage, useToast } from "~/components/toaster";
import { TextField } from "~/components/ui/form-field";
import { SET_UP_SECOND_FACTOR_MESSAGE, TOO_MANY_ATTEMPTS } from "~/lib/account-messages";
import { formatDateTime } from "~/lib/format-date";
import type { FieldErrors } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { signInFirst } from "~/lib/sign-in-paths";
import { sessionCookie } from "~/server/http/cookies.server";
import { failureInit, readForm } from "~/server/http/form-door.server";
import { continueUnderToken } from "~/server/http/request-context.server";
import { requireRecentAuthentication, resumeInterrupted } from "~/server/identity/confirm-its-you.server";
import {
  describeInterruptedAction,
  type InterruptedAction,
  interruptAction,
  isInterruptedIntent,
} from "~/server/identity/interrupted-actions.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Failure, Outcome } from "~/server/outcome";
import { openEnrolmentLink, requestEnrolmentLink } from "~/server/second-factors/enrolment-links.server";
import { removePasskey } from "~/server/second-factors/passkeys.server";
import {
  confirmTotpEnrolment,
  regenerateRecoveryCodes,
  removeTotp,
  securityOverview,
  showTotpEnrolment,
  startTotpEnrolment,
  type TotpEnrolment,
} from "~/server/second-factors/second-factor-enrolment.server";
import type { Route } from "./+types/security";

// /account/security: second factors. An authenticator app (QR code drawn on the server), recovery codes
// (shown once), and passkeys. Every change asks "Confirm it's you" when the last sign-in is older than 10
// minutes; the change then goes on. Plain forms: the app and the codes work without JavaScript. A pending
// app's QR code and key are shown only to a sign-in of the last 10 minutes ("totp-show" asks first).

// Hydrated for the passkey buttons only; everything else is a plain form.

interface ActionResult {
  notice?: ToastMessage;
  fieldErrors?: FieldErrors;
  /** The action that waits for "Confirm it's you", as the server stored it: its reference and its name. */
  confirm?: { reference: string; description: string };
  enrolment?: TotpEnrolment;
  recoveryCodes?: string[];
}

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

const error = (description: string): ToastMessage => ({
  title: "Error",
  description,
  variant: "destructive",
});

const NOTHING_TO_CONFIRM =
  "There is nothing to confirm: it was done already, or waited more than 10 minutes. Nothing was done; start again.";

/** An answer of this page's action, with any cookie the confirmation set (a new session token). */
function answer(result: ActionResult, init: ResponseInit = {}, cookie: string | null = null) {
  const headers = new Headers(init.headers);
  if (cookie) headers.append("Set-Cookie", cookie);
  return data<ActionResult>(result, { ...init, headers });
}

function failed(
  outcome: Failure,
  { confirm, cookie = null }: { confirm?: ActionResult["confirm"]; cookie?: string | null } = {},
) {
  if (outcome.kind === "unauthenticated" && !outcome.message)
    throw redirect(signInFirst("/account/security"));
  if (outcome.kind === "forbidden" && outcome.reauthenticate && confirm) {
    return answer({ confirm }, { status: 403 }, cookie);
  }
  const notice =
    outcome.kind === "rate-limited"
      ? TOO_MANY_ATTEMPTS
      : error(
          outcome.kind === "conflict" || outcome.kind === "forbidden"
            ? (outcome.message ?? "That is not allowed.")
            : outcome.kind === "unauthenticated" && outcome.message
              ? outcome.message
              : outcome.kind === "invalid" && outcome.message
                ? outcome.message
                : "Please check the fields below.",
        );
  const fieldErrors = outcome.kind === "invalid" ? outcome.fieldErrors : undefined;
  // A failed confirmation shows its form again, with the action still waiting.
  return answer(
    { notice, fieldErrors, confirm: outcome.kind === "rate-limited" ? undefined : confirm },
    failureInit(outcome),
    cookie,
  );
}

type Deps = ReturnType<typeof depsOf>;
type Caller = ReturnType<typeof callerOf>;

async function run(
  intent: string | undefined,
  deps: Deps,
  caller: Caller,
  form: Record<string, string>,
): Promise<Outcome<ActionResult> | null> {
  switch (intent) {
    case "totp-start": {
      const outcome = await startTotpEnrolment(deps, caller);
      return outcome.kind === "done" ? { kind: "done", value: { enrolment: outcome.value } } : outcome;
    }
    case "totp-show": {
      const outcome = await showTotpEnrolment(deps, caller);
      return outcome.kind === "done" ? { kind: "done", value: { enrolment: outcome.value } } : outcome;
    }
    case "totp-confirm": {
      const outcome = await confirmTotpEnrolment(deps, caller, form);
      if (outcome.kind !== "done") return outcome;
      return {
        kind: "done",
        value: {
          notice: { title: "Authenticator app on", description: "Your sign-ins now ask for a code from it." },
          recoveryCodes: outcome.value.recoveryCodes ?? undefined,
        },
      };
    }
    case "totp-remove": {
      const outcome = await removeTotp(deps, caller);
      if (outcome.kind !== "done") return outcome;
      return {
        kind: "done",
        value: { notice: { title: "Authenticator app removed", description: "It no longer signs you in." } },
      };
    }
    case "passkey-add": {
      // Asked by the "Add a passkey" button when its sign-in is older than 10 minutes.
      const outcome = await requireRecentAuthentication(deps.db, caller);
      if (outcome.kind !== "done") return outcome;
      return {
        kind: "done",
        value: { notice: { title: "Confirmed", description: "Now add your passkey: press Add a passkey." } },
      };
    }
    case "passkey-remove": {
      const outcome = await removePasskey(deps, caller, form.id);
      if (outcome.kind !== "done") return outcome;
      return {
        kind: "done",
        value: { notice: { title: "Passkey removed", description: "It no longer signs you in." } },
      };
    }
    case "recovery-codes": {
      const outcome = await regenerateRecoveryCodes(deps, caller);
      if (outcome.kind !== "done") return outcome;
      return {
        kind: "done",
        value: {
          notice: { title: "New recovery codes", description: "The old ones no longer work." },
          recoveryCodes: outcome.value.recoveryCodes,
        },
      };
    }
    case "send-enrolment-link": {
      const outcome = await requestEnrolmentLink(deps, caller);
      if (outcome.kind !== "done") return outcome;
      return {
        kind: "done",
        value: {
          notice: {
            title: "Link sent",
            description: "We emailed you a link to set up a second factor. It works for an hour.",
          },
        },
      };
    }
    case "open-enrolment-link": {
      const outcome = await openEnrolmentLink(deps, caller, { token: form.token });
      if (outcome.kind !== "done") return outcome;
      return {
        kind: "done",
        value: {
          notice: { title: "Link accepted", description: "You can now set up a second factor below." },
        },
      };
    }
    default:
      return null;
  }
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

function Enrolment({ enrolment, fieldErrors }: { enrolment: TotpEnrolment; fieldErrors: FieldErrors }) {
  return (
    <div className="space-y-5">
      <p>
        Scan this code with your authenticator app (1Password, Google Authenticator, Microsoft Authenticator
        and others), or type the key below into it. Then give the six-digit code the app shows.
      </p>
      <figure className="w-56 rounded-lg border border-line bg-white p-2">
        {/* Drawn on the server by uqr from our own data: no user text reaches it. */}
        <div
          role="img"
          aria-label="QR code of the authenticator app's key"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG rendered on the server from the key URI
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
      </figure>
      <p>
        Key:{" "}
        <code className="break-all font-mono text-sm">
          {enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}
        </code>
      </p>
      <Form method="post" className="space-y-5" aria-label="Confirm the authenticator app">
        <input type="hidden" name="intent" value="totp-confirm" />
        <TextField
          id="totp-code"
          name="code"
          label="Six-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={fieldErrors.code}
        />
        <SaveButton>Turn on</SaveButton>
      </Form>
    </div>
  );
}

function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-xl bg-surface-muted p-4">
      <p className="font-semibold">Your recovery codes. Save them now: they are shown only this once.</p>
      <p className="mt-1 text-sm">Each works once, in place of a code from your app.</p>
      <ul aria-label="Recovery codes" className="mt-3 grid gap-2 font-mono sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * After an administrator reset this account's second factors: the emailed link, opened here by its button
 * (mail scanners open links, so opening one changes nothing), or a way to have a new one sent.
 */
function EnrolmentLinkNotice({ link }: { link: string | null }) {
  return (
    <section aria-labelledby="enrolment-link-title" className="rounded-2xl border-2 border-brand p-6 sm:p-8">
      <h2 id="enrolment-link-title" className="text-xl font-bold">
        Your second factors were reset
      </h2>
      {link ? (
        <>
          <p className="mt-2">This is the link from your email. Continue to set up a new second factor.</p>
          <Form method="post" className="mt-4" aria-label="Open the emailed link">
            <input type="hidden" name="intent" value="open-enrolment-link" />
            <input type="hidden" name="token" value={link} />
            <SaveButton>Continue</SaveButton>
          </Form>
        </>
      ) : (
        <>
          <p className="mt-2">
            Your password alone cannot set up a new second factor. Open the link we emailed you, in this
            browser while you are signed in. It works for an hour.
          </p>
          <Form method="post" className="mt-4" aria-label="Email me a new link">
            <input type="hidden" name="intent" value="send-enrolment-link" />
            <QuietButton>Email me a new link</QuietButton>
          </Form>
        </>
      )}
    </section>
  );
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

        <AccountSection id="totp" title="Authenticator app">
          {factors.totp ? (
            <>
              <p>
                <strong>On.</strong> Sign-ins ask for a code from your app.
              </p>
              <Form method="post" aria-label="Remove the authenticator app">
                <input type="hidden" name="intent" value="totp-remove" />
                <DangerButton>Remove the authenticator app</DangerButton>
              </Form>
            </>
          ) : enrolment ? (
            <Enrolment
              enrolment={enrolment}
              fieldErrors={result?.confirm ? {} : (result?.fieldErrors ?? {})}
            />
          ) : needsLink ? (
            <p>Off. Open the link we emailed you first (above).</p>
          ) : loaderData.pendingTotp ? (
            <>
              <p>
                Setting up an authenticator app is waiting for a code from it. Its QR code and key are shown
                again once you confirm it's you.
              </p>
              <div className="flex flex-wrap gap-3">
                <Form method="post" aria-label="Show the authenticator app's key">
                  <input type="hidden" name="intent" value="totp-show" />
                  <SaveButton>Show the QR code and key</SaveButton>
                </Form>
                <Form method="post" aria-label="Set up an authenticator app">
                  <input type="hidden" name="intent" value="totp-start" />
                  <QuietButton>Start again with a new key</QuietButton>
                </Form>
              </div>
            </>
          ) : (
            <>
              <p>Off. An app on your phone gives a new six-digit code every 30 seconds.</p>
              <Form method="post" aria-label="Set up an authenticator app">
                <input type="hidden" name="intent" value="totp-start" />
                <SaveButton>Set up an authenticator app</SaveButton>
              </Form>
            </>
          )}
        </AccountSection>

        <AccountSection id="passkeys" title="Passkeys">
          <p>
            A passkey signs you in with your device's screen lock or security key, with no password and no
            code, and cannot be phished.
          </p>
          {loaderData.passkeys.length > 0 ? (
            <ul className="divide-y divide-line" aria-label="Your passkeys">
              {loaderData.passkeys.map((key) => (
                <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <span>
                    <strong>{key.name}</strong>
                    <span className="block text-sm text-ink-muted">
                      Added {formatDateTime(key.createdAt)}
                      {key.lastUsedAt ? `, last used ${formatDateTime(key.lastUsedAt)}` : ", not used yet"}
                    </span>
                  </span>
                  <Form method="post" aria-label={`Remove the passkey ${key.name}`}>
                    <input type="hidden" name="intent" value="passkey-remove" />
                    <input type="hidden" name="id" value={key.id} />
                    <QuietButton>Remove</QuietButton>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p>No passkeys yet.</p>
          )}
          {needsLink ? null : <AddPasskeyForm onRecoveryCodes={setAddedCodes} />}
        </AccountSection>

        <AccountSection id="recovery" title="Recovery codes">
          {hasFactor ? (
            <>
              <p>
                {factors.recoveryCodesLeft === 1
                  ? "1 recovery code left."
                  : `${factors.recoveryCodesLeft} recovery codes left.`}{" "}
                Each signs you in once if you lose your app or passkeys.
              </p>
              <Form method="post" aria-label="Make new recovery codes">
                <input type="hidden" name="intent" value="recovery-codes" />
                <QuietButton>Make new recovery codes</QuietButton>
              </Form>
            </>
          ) : (
            <p>You get ten recovery codes when you set up your first second factor.</p>
          )}
        </AccountSection>

        <p>
          <Link to="/account" className="font-semibold text-brand underline">
            Back to My account
          </Link>
        </p>
      </div>
    </>
  );
}
