import { redirect } from "react-router";
import { DataSection, MessagesSection, SecuritySummarySection } from "~/components/account/overview-sections";
import { ActivityList } from "~/components/account-activity";
import { AccountSection } from "~/components/account-sections";
import { PageHero } from "~/components/page-hero";
import { useToast } from "~/components/toaster";
import { ADMIN_USER_TYPE_ID } from "~/content/user-types";
import { pageMeta } from "~/lib/seo";
import { signInFirst } from "~/lib/sign-in-paths";
import { readProfile } from "~/server/account/my-account.server";
import { readStaffNotifications } from "~/server/admin/staff-notifications.server";
import { listOwnEvents } from "~/server/audit/own-activity.server";
import { pageAction } from "~/server/http/page-door.server";
import { listUserSessions } from "~/server/identity/sessions.server";
import { callerOf, depsOf } from "~/server/operation.server";
import { hasSecondFactor, secondFactorsOf } from "~/server/second-factors/second-factors.server";
import type { Route } from "./+types/overview";
import { DeleteSection } from "./sections/delete";
import * as deleteAccount from "./sections/delete.server";
import { EmailSection } from "./sections/email";
import * as email from "./sections/email.server";
import { NotificationsSection } from "./sections/notifications";
import * as notifications from "./sections/notifications.server";
import { accountDoor } from "./sections/overview-answers.server";
import { PasswordSection } from "./sections/password";
import * as password from "./sections/password.server";
import { ProfileSection } from "./sections/profile";
import * as profile from "./sections/profile.server";
import { SessionsSection } from "./sections/sessions";
import * as sessions from "./sections/sessions.server";

// /account: what every signed-in person can do for themselves. Plain HTML forms, no script:
// each section's form (app/routes/account/sections/*.tsx) posts an intent to this page's action, which
// hands it, through the page door, to the intent declared beside that form (the .server.ts of the same name), and the page is rendered again with the outcome.

/** Every intent this page takes, by the section whose form posts it: each section brings its own. */
const action_ = pageAction(
  accountDoor({
    profile: profile.intents,
    email: email.intents,
    password: password.intents,
    sessions: sessions.intents,
    notifications: notifications.intents,
    delete: deleteAccount.intents,
  }),
);

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
  const isAdmin = profile.value.userTypeId === ADMIN_USER_TYPE_ID;
  const [sessions, activity, factors, notificationMode] = await Promise.all([
    listUserSessions(deps.db, deps.env, id, caller.session.sessionId),
    listOwnEvents(deps.db, id, { limit: 20, offset: 0 }),
    secondFactorsOf(deps.db, id),
    // Administrators only: how they hear of new messages and registrations (decision 154).
    isAdmin ? readStaffNotifications(deps, caller) : null,
  ]);
  return {
    security: { ...factors, hasSecondFactor: hasSecondFactor(factors) },
    profile: profile.value,
    isAdmin,
    notificationMode: notificationMode?.kind === "done" ? notificationMode.value : null,
    sessions,
    activity,
  };
}

export function action(args: Route.ActionArgs) {
  return action_(args);
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile: me, isAdmin, activity, security } = loaderData;
  const result = actionData;
  // Reached by a client navigation (from a hydrated page), the outcome also shows as a toast.
  useToast(result?.notice);
  const withCode = security.hasSecondFactor;
  return (
    <>
      <PageHero title="My account" lead={`Signed in as ${me.email}. Welcome, ${me.firstName}.`} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 pt-8 pb-12 sm:px-6">
        <ProfileSection profile={me} isAdmin={isAdmin} result={result} />
        <EmailSection email={me.email} withCode={withCode} result={result} />
        <PasswordSection withCode={withCode} result={result} />
        <SecuritySummarySection security={security} />
        <MessagesSection />
        <SessionsSection sessions={loaderData.sessions} result={result} />
        {loaderData.notificationMode ? (
          <NotificationsSection mode={loaderData.notificationMode} result={result} />
        ) : null}
        <AccountSection id="activity" title="Recent activity">
          <ActivityList activity={activity} />
        </AccountSection>
        <DataSection />
        <DeleteSection email={me.email} withCode={withCode} result={result} />
      </div>
    </>
  );
}
