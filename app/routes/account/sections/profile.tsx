import { ProfileForm, type ProfileValues } from "~/components/account-profile-form";
import { AccountSection } from "~/components/account-sections";
import { StaticNotice } from "~/components/toaster";
import { updateProfile } from "~/server/account/my-account.server";
import { type ActionResult, answer, failed, type IntentHandlers } from "./overview-answers";

// /account's Profile section: its form, and the handler of the intent it posts.

export const intents: IntentHandlers = {
  profile: async ({ deps, caller, form }) => {
    const outcome = await updateProfile(deps, caller, form);
    if (outcome.kind === "done") {
      return answer({
        section: "profile",
        notice: { title: "Profile saved", description: "Your profile was saved." },
      });
    }
    return failed("profile", outcome, "Please check the fields below.", form);
  },
};

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
