import { data, redirect } from "react-router";
import { SECURITY_PATH, SET_UP_SECOND_FACTOR_MESSAGE } from "~/lib/account-messages";
import type { Failure } from "../outcome";

/**
 * What an admin page answers a caller who is not let in: the sign-in page, or (an administrator without a
 * second factor) 403 with the way to set one up. Thrown from loaders and actions.
 */
export function adminPageRefusal(outcome: Failure) {
  if (outcome.kind === "forbidden" && outcome.message === SET_UP_SECOND_FACTOR_MESSAGE) {
    const wayOut = {
      to: SECURITY_PATH,
      label: "Set up a second factor",
      text: "An administrator's account needs a second factor, an authenticator app or a passkey, before the dashboard opens.",
    };
    return data({ message: SET_UP_SECOND_FACTOR_MESSAGE, wayOut }, { status: 403 });
  }
  return redirect("/login");
}
