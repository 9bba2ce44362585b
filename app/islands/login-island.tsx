import { LoginPanel } from "~/components/login/login-panel";
import { islandEntry } from "./runtime";

export const hydrate = islandEntry(LoginPanel);
