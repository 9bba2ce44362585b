// The plugin's own module, not its public `cloudflare:test`: the one way to wait for every ctx.waitUntil of
// the requests a file made (tests/worker/between-files.ts). Pinned with the plugin's version.
declare module "cloudflare:test-internal" {
  export function waitForGlobalWaitUntil(): Promise<void>;
}
