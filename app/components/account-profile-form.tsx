import { Form } from "react-router";
import { SaveButton } from "~/components/account-sections";
import { AreaOfInterestField, NameFields, OrganisationFields } from "~/components/person-fields";
import type { ProfileIntent } from "~/lib/page-intents";
import type { FieldErrors } from "~/lib/schemas";

// The profile form of /account: a plain form posted to the page's action. An administrator's role and a
// member's area of interest are one column, so an administrator's form has no area of interest at all:
// saving it leaves their role as it is (my-account.server.ts `updateProfile` refuses the field for them).

export interface ProfileValues {
  firstName: string;
  lastName: string;
  company: string | null;
  phone: string | null;
  userTypeId: number | null;
}

export function ProfileForm({
  profile,
  isAdmin,
  posted,
  errors,
}: {
  profile: ProfileValues;
  /** An administrator (user type 1, read from D1 by the loader): no area of interest. */
  isAdmin: boolean;
  /** What the person posted, shown again when it was refused. */
  posted?: Record<string, string>;
  errors: FieldErrors;
}) {
  const values: Record<string, string> = posted ?? {
    firstName: profile.firstName,
    lastName: profile.lastName,
    company: profile.company ?? "",
    phone: profile.phone ?? "",
    userTypeId: String(profile.userTypeId ?? ""),
  };
  return (
    <Form method="post" className="space-y-5" aria-label="Profile">
      <input type="hidden" name="intent" value={"profile" satisfies ProfileIntent} />
      <NameFields idPrefix="profile" values={values} errors={errors} />
      <OrganisationFields idPrefix="profile" values={values} errors={errors} />
      {isAdmin ? (
        <p>
          Role: <strong>administrator</strong>. An administrator has no area of interest, and saving your
          profile leaves your role as it is.
        </p>
      ) : (
        <AreaOfInterestField idPrefix="profile" values={values} errors={errors} />
      )}
      <SaveButton>Save profile</SaveButton>
    </Form>
  );
}
