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
import { pageAction } from "~/server/http/page-door.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { securityOverview } from "~/server/second-factors/second-factor-enrolment.server";
import type { Route } from "./+types/security";
import { EnrolmentLinkNotice } from "./sections/enrolment-link";
import * as enrolmentLink from "./sections/enrolment-link.server";
import { PasskeysSection } from "./sections/passkeys";
import * as passkeys from "./sections/passkeys.server";
import { RecoveryCodesSection } from "./sections/recovery-codes";
import * as recoveryCodes from "./sections/recovery-codes.server";
import { securityDoor } from "./sections/security-answers.server";
import { TotpSection } from "./sections/totp";
import * as totp from "./sections/totp.server";

// /account/security: second factors. An authenticator app (QR code drawn on the server), recovery codes
// (shown once), and passkeys. Every change asks "Confirm it's you" when the last sign-in is older than 10
// minutes; the change then goes on. Plain forms: the app and the codes work without JavaScript. Each
// section's form (app/routes/account/sections/*.tsx) posts an intent; this page's action hands it to the
// handler beside that form (the .server.ts of the same name), through the intent table below.

// Hydrated for the passkey buttons only; everything else is a plain form.

/** Every intent this page takes, declared beside the form that posts it: each section brings its own. */
const DOOR = securityDoor({
  ...totp.intents,
  ...passkeys.intents,
  ...recoveryCodes.intents,
  ...enrolmentLink.intents,
});

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

export const action = pageAction(DOOR);

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
