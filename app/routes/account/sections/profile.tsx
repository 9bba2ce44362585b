import { ProfileForm, type ProfileValues } from "~/components/account-profile-form";
import { AccountSection } from "~/components/account-sections";
import { StaticNotice } from "~/components/toaster";
import type { ActionResult } from "./overview-answers.server";

// /account's Profile section: its form; the handler of the intent it posts is beside it, in
// profile.server.ts.

export function ProfileSection({
  profile,
  isAdmin,
  result,
}: {
  profile: ProfileValues;
  isAdmin: boolean;
  result: ActionResult | undefined;
}) {
  const mine = result?.section === "profile" ? result : undefined;
  return (
    <AccountSection id="profile" title="Profile">
      <StaticNotice message={mine?.notice ?? null} />
      <ProfileForm
        profile={profile}
        isAdmin={isAdmin}
        posted={mine?.values}
        errors={mine?.fieldErrors ?? {}}
      />
    </AccountSection>
  );
}
