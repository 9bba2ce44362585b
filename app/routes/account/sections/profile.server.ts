import type { ProfileIntent } from "~/lib/page-intents";
import { updateProfile } from "~/server/account/my-account.server";
import { type AccountIntent, otherwise, shown } from "./overview-answers.server";

// The intents that profile.tsx, beside it, posts.

export const intents = {
  profile: {
    run: ({ deps, caller, form }) => updateProfile(deps, caller, form),
    done: () => shown("profile", { title: "Profile saved", description: "Your profile was saved." }),
    says: otherwise("Please check the fields below."),
    keep: (form) => form,
  },
} satisfies Record<ProfileIntent, AccountIntent>;
