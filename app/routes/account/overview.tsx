import { data, Form, Link, redirect } from "react-router";
import { ActivityList, SessionList } from "~/components/account-activity";
import { ProfileForm } from "~/components/account-profile-form";
import { AccountSection, DangerButton, SaveButton } from "~/components/account-sections";
import { PageHero } from "~/components/page-hero";
import { NewPasswordFields } from "~/components/person-fields";
import { StaticNotice, type ToastMessage, useToast } from "~/components/toaster";
import { TextField } from "~/components/ui/form-field";
import { ADMIN_USER_TYPE_ID } from "~/content/user-types";
import { EMAIL_CHANGE_SENT, TOO_MANY_ATTEMPTS } from "~/lib/account-messages";
import type { FieldErrors } from "~/lib/schemas";
import { DELETE_WORD } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { signInFirst } from "~/lib/sign-in-paths";
import { requestEmailChange } from "~/server/account/email-change.server";
import {
  changePassword,
  deleteMyAccount,
  endMyOtherSessions,
  endMySession,
  readProfile,
  updateProfile,
} from "~/server/account/my-account.server";
import { listOwnEvents } from "~/server/audit/account-events.server";
import { clearSessionCookie, flashCookie, sessionCookie } from "~/server/http/cookies.server";
import { failureInit, readForm } from "~/server/http/form-door.server";
import { continueUnderToken } from "~/server/http/request-context.server";
import { listUserSessions } from "~/server/identity/sessions.server";
import { callerOf, depsOf } from "~/server/operation.server";
import type { Failure } from "~/server/outcome";
import { hasSecondFactor, secondFactorsOf } from "~/server/second-factors/second-factors.server";
import type { Route } from "./+types/overview";

// /account: what every signed-in person can do for themselves (issue 18). Plain HTML forms, no script:
// each section posts to this page's action and the page is rendered again with the outcome.

type Section = "profile" | "email" | "password" | "sessions" | "delete";

interface ActionResult {
  section: Section;
  notice: ToastMessage;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "My account",
    description: "Your FACETS profile, password, sessions and recent activity.",
    path: "/account",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const deps = depsOf(context);
  const caller = callerOf(context, request);
  const profile = await readProfile(deps, caller);
  if (profile.kind !== "done" || !caller.session) throw redirect(signInFirst("/account"));
  // readProfile has checked the account in D1: the lists are read for it without checking again.
  const { id } = profile.value;
  const [sessions, activity, factors] = await Promise.all([
    listUserSessions(deps.db, deps.env, id, caller.session.sessionId),
    listOwnEvents(deps.db, id, { limit: 20, offset: 0 }),
    secondFactorsOf(deps.db, id),
  ]);
  return {
    security: { ...factors, hasSecondFactor: hasSecondFactor(factors) },
    profile: profile.value,
    isAdmin: profile.value.userTypeId === ADMIN_USER_TYPE_ID,
    sessions,
    activity,
  };
}

function failed(section: Section, outcome: Failure, description: string, values?: Record<string, string>) {
  if (outcome.kind === "unauthenticated" && !outcome.message) throw redirect(signInFirst("/account"));
  const notice: ToastMessage =
    outcome.kind === "rate-limited"
      ? TOO_MANY_ATTEMPTS
      : { title: "Error", description, variant: "destructive" };
  return data<ActionResult>(
    {
      section,
      notice,
      fieldErrors: outcome.kind === "invalid" ? outcome.fieldErrors : undefined,
      values,
    },
    failureInit(outcome),
  );
}

/** A wrong current password shows on its field (400, like any field error); other failures as usual. */
function wrongPasswordOr(
  section: Section,
  outcome: Failure,
  passwordField: string,
  values?: Record<string, string>,
) {
  if (outcome.kind === "unauthenticated" && outcome.message) {
    return data<ActionResult>(
      {
        section,
        notice: { title: "Error", description: outcome.message, variant: "destructive" },
        fieldErrors: { [passwordField]: outcome.message },
        values,
      },
      { status: 400 },
    );
  }
  return failed(section, outcome, "Please check the fields below.", values);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { intent, ...form } = await readForm(request);
  const deps = depsOf(context);
  const caller = callerOf(context, request);
  switch (intent) {
    case "profile": {
      const outcome = await updateProfile(deps, caller, form);
      if (outcome.kind === "done") {
        return data<ActionResult>({
          section: "profile",
          notice: { title: "Profile saved", description: "Your profile was saved." },
        });
      }
      return failed("profile", outcome, "Please check the fields below.", form);
    }
    case "email": {
      const outcome = await requestEmailChange(deps, caller, form);
      if (outcome.kind === "done") {
        // A code that confirmed it's you gave the session a new token.
        const { token } = outcome.value;
        continueUnderToken(context, token);
        return data<ActionResult>(
          { section: "email", notice: { title: "Check your new inbox", description: EMAIL_CHANGE_SENT } },
          token ? { headers: { "Set-Cookie": sessionCookie(request, token) } } : undefined,
        );
      }
      return wrongPasswordOr("email", outcome, "password", { email: form.email ?? "" });
    }
    case "delete": {
      const outcome = await deleteMyAccount(deps, caller, form);
      if (outcome.kind === "done") {
        const headers = new Headers();
        headers.append("Set-Cookie", clearSessionCookie(request));
        headers.append(
          "Set-Cookie",
          flashCookie(request, {
            title: "Account deleted",
            description: "Your account and everything sent from its address were deleted.",
          }),
        );
        throw redirect("/", { headers });
      }
      if (outcome.kind === "conflict") {
        return data<ActionResult>(
          {
            section: "delete",
            notice: { title: "Not deleted", description: outcome.message, variant: "destructive" },
          },
          { status: 409 },
        );
      }
      return wrongPasswordOr("delete", outcome, "password");
    }
    case "password": {
      const outcome = await changePassword(deps, caller, form);
      if (outcome.kind === "done") {
        // The new session cookie goes out with a redirect (a page's action data carries no headers), and
        // the notice with it, as a flash.
        const headers = new Headers();
        headers.append("Set-Cookie", sessionCookie(request, outcome.value.token));
        headers.append(
          "Set-Cookie",
          flashCookie(request, {
            title: "Password changed",
            description: "Your password was changed and every other session was signed out.",
          }),
        );
        return redirect("/account", { headers });
      }
      return wrongPasswordOr("password", outcome, "currentPassword");
    }
    case "end-session": {
      const outcome = await endMySession(deps, caller, form.id);
      if (outcome.kind === "done" && form.id === caller.session?.sessionId) {
        throw redirect("/", { headers: { "Set-Cookie": clearSessionCookie(request) } });
      }
      if (outcome.kind === "done") {
        return data<ActionResult>({
          section: "sessions",
          notice: { title: "Signed out", description: "That session was signed out." },
        });
      }
      return failed("sessions", outcome, "That session was already signed out.");
    }
    case "end-others": {
      const outcome = await endMyOtherSessions(deps, caller);
      if (outcome.kind === "done") {
        return data<ActionResult>({
          section: "sessions",
          notice: { title: "Signed out", description: "Every other session was signed out." },
        });
      }
      return failed("sessions", outcome, "The sessions could not be signed out.");
    }
    default:
      return data<ActionResult>(
        {
          section: "profile",
          notice: { title: "Error", description: "Unknown action.", variant: "destructive" },
        },
        { status: 400 },
      );
  }
}

/** The code a change asks for too when the person has a second factor and signed in over 10 minutes ago. */
function ConfirmationCodeField({
  show,
  idPrefix,
  error,
}: {
  show: boolean;
  idPrefix: string;
  error?: string;
}) {
  if (!show) return null;
  return (
    <TextField
      id={`${idPrefix}-code`}
      name="code"
      label="Code from your authenticator app or a recovery code"
      hint="Needed when you signed in more than 10 minutes ago."
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      error={error}
    />
  );
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, isAdmin, sessions, activity, security } = loaderData;
  const result = actionData;
  const errorsOf = (section: Section) => (result?.section === section ? (result.fieldErrors ?? {}) : {});
  const noticeFor = (section: Section) => (result?.section === section ? result.notice : null);
  // Reached by a client navigation (from a hydrated page), the outcome also shows as a toast.
  useToast(result?.notice);
  return (
    <>
      <PageHero title="My account" lead={`Signed in as ${profile.email}. Welcome, ${profile.firstName}.`} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 pt-8 pb-12 sm:px-6">
        <AccountSection id="profile" title="Profile">
          <StaticNotice message={noticeFor("profile")} />
          <ProfileForm
            profile={profile}
            isAdmin={isAdmin}
            posted={result?.section === "profile" ? result.values : undefined}
            errors={errorsOf("profile")}
          />
        </AccountSection>

        <AccountSection id="email" title="Email address">
          <StaticNotice message={noticeFor("email")} />
          <p>
            Your account uses <strong>{profile.email}</strong>. To move it, give the new address and your
            password: we send a link to the new address, and the address changes when you open it.
          </p>
          <Form method="post" className="space-y-5" aria-label="Change email address">
            <input type="hidden" name="intent" value="email" />
            <TextField
              id="email-new"
              name="email"
              type="email"
              label="New email address"
              autoComplete="email"
              required
              defaultValue={result?.section === "email" ? result.values?.email : undefined}
              error={errorsOf("email").email}
            />
            <TextField
              id="email-password"
              name="password"
              type="password"
              label="Current password"
              autoComplete="current-password"
              required
              error={errorsOf("email").password}
            />
            <ConfirmationCodeField
              show={security.hasSecondFactor}
              idPrefix="email"
              error={errorsOf("email").code}
            />
            <SaveButton>Send the link</SaveButton>
          </Form>
        </AccountSection>

        <AccountSection id="password" title="Password">
          <StaticNotice message={noticeFor("password")} />
          <p>Changing your password signs out every other session of your account.</p>
          <Form method="post" className="space-y-5" aria-label="Change password">
            <input type="hidden" name="intent" value="password" />
            <TextField
              id="password-current"
              name="currentPassword"
              type="password"
              label="Current password"
              autoComplete="current-password"
              required
              error={errorsOf("password").currentPassword}
            />
            <ConfirmationCodeField
              show={security.hasSecondFactor}
              idPrefix="password"
              error={errorsOf("password").code}
            />
            <NewPasswordFields idPrefix="password-new" errors={errorsOf("password")} label="New password" />
            <SaveButton>Change password</SaveButton>
          </Form>
        </AccountSection>

        <AccountSection id="security" title="Sign-in security">
          <p>
            {security.hasSecondFactor
              ? `Second factor on${security.totp ? ": an authenticator app" : ""}${security.passkeys > 0 ? `${security.totp ? " and" : ":"} ${security.passkeys === 1 ? "1 passkey" : `${security.passkeys} passkeys`}` : ""}. ${security.recoveryCodesLeft === 1 ? "1 recovery code left." : `${security.recoveryCodesLeft} recovery codes left.`}`
              : "No second factor. Add an authenticator app or a passkey so a stolen password is not enough to sign in."}
          </p>
          <p>
            <Link to="/account/security" className="font-semibold text-brand underline">
              Manage sign-in security
            </Link>
          </p>
        </AccountSection>

        <AccountSection id="sessions" title="Sessions">
          <StaticNotice message={noticeFor("sessions")} />
          <p>Where your account is signed in now. Sign out any session you do not recognise.</p>
          <SessionList sessions={sessions} />
        </AccountSection>

        <AccountSection id="activity" title="Recent activity">
          <ActivityList activity={activity} />
        </AccountSection>

        <AccountSection id="data" title="Your data">
          <p>
            A copy of everything we hold about you, as a JSON file: your account, the contact messages sent
            from your address, the emails we sent you, your sessions and your account's events. The{" "}
            <a href="/privacy" className="font-semibold text-brand underline">
              privacy notice
            </a>{" "}
            explains each field.
          </p>
          <a
            href="/api/account/export"
            download
            className="inline-flex min-h-11 items-center justify-center rounded-full border border-line px-5 py-2 font-semibold text-ink hover:bg-surface-muted"
          >
            Download my data
          </a>
        </AccountSection>

        <AccountSection id="delete" title="Delete account">
          <StaticNotice message={noticeFor("delete")} />
          <p>Deleting your account removes at once, for good:</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>your account and profile;</li>
            <li>every session, which signs you out everywhere;</li>
            <li>your links and any email still waiting to be sent to you;</li>
            <li>every contact message sent from {profile.email}.</li>
          </ul>
          <p>
            We keep only the record of your account's events (sign-ins and changes, by account number, never
            your address) for a year, as our security log. We email you to confirm the deletion.
          </p>
          <Form method="post" className="space-y-5" aria-label="Delete account">
            <input type="hidden" name="intent" value="delete" />
            <TextField
              id="delete-password"
              name="password"
              type="password"
              label="Current password"
              autoComplete="current-password"
              required
              error={errorsOf("delete").password}
            />
            <ConfirmationCodeField
              show={security.hasSecondFactor}
              idPrefix="delete"
              error={errorsOf("delete").code}
            />
            <TextField
              id="delete-confirm"
              name="confirm"
              label={`Type ${DELETE_WORD} to confirm`}
              autoComplete="off"
              required
              error={errorsOf("delete").confirm}
            />
            <DangerButton>Delete my account</DangerButton>
          </Form>
        </AccountSection>
      </div>
    </>
  );
}
