import { PasskeySignInButton } from "~/components/passkey-sign-in-button";
import { defineIsland } from "./runtime";

defineIsland("passkey-sign-in", PasskeySignInButton);
