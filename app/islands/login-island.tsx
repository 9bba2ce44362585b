import { LoginPanel } from "~/components/login/login-panel";
import { defineIsland } from "./runtime";

defineIsland("login", LoginPanel);
