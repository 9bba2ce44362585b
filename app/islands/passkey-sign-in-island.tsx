import { PasskeySignInButton } from "~/components/passkey-sign-in-button";
import { islandEntry } from "./runtime";

export const hydrate = islandEntry(PasskeySignInButton);
