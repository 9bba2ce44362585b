import { updateProfile } from "~/server/account/my-account.server";
import { answer, failed, type IntentHandlers } from "./overview-answers.server";

// The handlers of the intents that profile.tsx, beside it, posts.

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
