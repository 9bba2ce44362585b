// The secrets of local state only (`npm run dev`, `npm run preview`, the test suites): fixed, so tests,
// tools and a developer can sign in as the demo admin. Production sets its own with `wrangler secret put`
// (docs/operations.md); none of these values may ever be used there.

/** The AES-GCM key of authenticator-app secrets, locally (32 bytes, base64). */
export const LOCAL_TOTP_ENCRYPTION_KEY = "bG9jYWwtb25seSBmYWNldHMgdG90cCBrZXkgISEhISE=";

/** The HMAC key of recovery codes, locally (32 bytes, base64). */
export const LOCAL_RECOVERY_CODE_KEY = "bG9jYWwtb25seSBmYWNldHMgcmVjb3Zlcnkga2V5ISE=";

/** The HMAC key of the audit log's chain, locally (32 bytes, base64); `npm run audit:verify` uses it too. */
export const LOCAL_AUDIT_LOG_KEY = "bG9jYWwtb25seSBmYWNldHMgYXVkaXQtbG9nIGtleSE=";

/** The HMAC key of the threads' reply addresses, locally (32 bytes, base64). */
export const LOCAL_THREAD_ADDRESS_KEY = "bG9jYWwtb25seSBmYWNldHMgdGhyZWFkIGFkZHJlc3Mh";

/** The demo admin's authenticator-app secret (base32, 160 bits): README.md gives it beside the password. */
export const DEMO_ADMIN_TOTP_SECRET = "FACETSDEMOADMINTOTPSECRETLOCAL22";

/** The demo admin's recovery codes, locally; each works once in a state folder. */
export const DEMO_ADMIN_RECOVERY_CODES = "abcdefghij"
  .split("")
  .map((letter) => `demo-code-${letter.repeat(4)}-${letter.repeat(4)}`);
