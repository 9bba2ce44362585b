import { ProfileForm, type ProfileValues } from "~/components/account-profile-form";
import { AccountSection } from "~/components/account-sections";
import { StaticNotice } from "~/components/static-notice";
import { type ActionResult, answerFor } from "~/lib/account-section-answer";

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
  const { mine, errors } = answerFor(result, "profile");
  return (
    <AccountSection id="profile" title="Profile">
      <StaticNotice message={mine?.notice ?? null} />
      <ProfileForm profile={profile} isAdmin={isAdmin} posted={mine?.values} errors={errors} />
    </AccountSection>
  );
}
