// Worker secrets (`wrangler secret put`; locally .dev.vars, written by scripts/prepare-local.ts). Declared
// here because `wrangler types` only sees the ones present on the machine that runs it.
interface WorkerSecrets {
  /** 32 bytes in base64: the AES-GCM key of authenticator-app secrets (totp-secrets.ts). */
  TOTP_ENCRYPTION_KEY?: string;
  /** At least 32 bytes in base64: the HMAC key recovery codes are kept under (recovery-codes.ts). */
  RECOVERY_CODE_KEY?: string;
  /** At least 32 bytes in base64: the HMAC key of the audit log's chain (audit-chain.ts). */
  AUDIT_LOG_KEY?: string;
  /** At least 32 bytes in base64: the HMAC key of the threads' reply addresses (thread-address.ts). */
  THREAD_ADDRESS_KEY?: string;
  /**
   * At least 32 characters: the bearer token of POST /__preview/run-jobs on a pull request's Preview
   * (workers/preview-jobs.ts). Never set on production or the long-lived preview Worker.
   */
  PREVIEW_JOBS_SECRET?: string;
}

interface Env extends WorkerSecrets {}

declare namespace Cloudflare {
  interface Env extends WorkerSecrets {}
}
