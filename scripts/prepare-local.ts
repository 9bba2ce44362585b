// Brings local state up to date before `npm run dev` and `npm run preview`: applies D1 migrations
// and seeds local-only data (the demo admin). Safe to run any number of times.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { DEMO_ADMIN, demoSecondFactorSql, upsertAdminSql } from "./admin-account.ts";
import {
  DEMO_ADMIN_TOTP_SECRET,
  LOCAL_AUDIT_LOG_KEY,
  LOCAL_RECOVERY_CODE_KEY,
  LOCAL_THREAD_ADDRESS_KEY,
  LOCAL_TOTP_ENCRYPTION_KEY,
} from "./local-secrets.ts";
import { LOCAL_STATE, localSql, wrangler } from "./local-state.ts";
import { seedLocalVideos } from "./seed-local-videos.ts";

wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", LOCAL_STATE], { quiet: true });
localSql(await upsertAdminSql(DEMO_ADMIN, { onlyIfMissing: true }));
localSql(await demoSecondFactorSql(DEMO_ADMIN.email));
seedLocalVideos();

// The Worker's local secrets, for `npm run dev` (the Vite plugin reads .dev.vars; preview passes --var).
for (const [name, value] of [
  ["TOTP_ENCRYPTION_KEY", LOCAL_TOTP_ENCRYPTION_KEY],
  ["RECOVERY_CODE_KEY", LOCAL_RECOVERY_CODE_KEY],
  ["AUDIT_LOG_KEY", LOCAL_AUDIT_LOG_KEY],
  ["THREAD_ADDRESS_KEY", LOCAL_THREAD_ADDRESS_KEY],
] as const) {
  const devVars = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "";
  if (new RegExp(`^${name}=`, "m").test(devVars)) continue;
  const separator = devVars === "" || devVars.endsWith("\n") ? "" : "\n";
  writeFileSync(".dev.vars", `${devVars}${separator}${name}=${value}\n`);
}
console.log(
  `Local D1 migrated; demo admin ${DEMO_ADMIN.email} ready, authenticator secret ${DEMO_ADMIN_TOTP_SECRET} (${LOCAL_STATE}).`,
);
