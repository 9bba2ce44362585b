import { fileURLToPath } from "node:url";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import {
  LOCAL_AUDIT_LOG_KEY,
  LOCAL_RECOVERY_CODE_KEY,
  LOCAL_THREAD_ADDRESS_KEY,
  LOCAL_TOTP_ENCRYPTION_KEY,
} from "./scripts/local-secrets.ts";

// What both Vitest lanes give workerd besides their Worker: the D1 migrations (applied before each file
// by the lanes' setup files), the local secrets, the app's `~/` imports and the time budgets.

/** Bindings on top of wrangler.toml's: the migrations and the secrets `wrangler dev` gets from --var. */
export async function testBindings() {
  return {
    TEST_MIGRATIONS: await readD1Migrations("./db/migrations"),
    TOTP_ENCRYPTION_KEY: LOCAL_TOTP_ENCRYPTION_KEY,
    RECOVERY_CODE_KEY: LOCAL_RECOVERY_CODE_KEY,
    AUDIT_LOG_KEY: LOCAL_AUDIT_LOG_KEY,
    THREAD_ADDRESS_KEY: LOCAL_THREAD_ADDRESS_KEY,
  };
}

export const resolve = { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } };

export const testOptions = {
  // Only a hang, never a busy machine, may decide a test: each waits for states, not for time, and this is
  // the one budget (no test sets a shorter one). The slowest test takes under a minute on a quiet machine;
  // beside a build loop everything takes up to six times as long (decision 162).
  testTimeout: 360_000,
  hookTimeout: 360_000,
};

/**
 * A test's console lines (the Worker's structured events, its audit lines) are printed only when it fails:
 * a passing run printed 13,000 of them. Vitest reads this at the root of a run, not per project.
 */
export const silent = "passed-only" as const;
