import { CLIENT_RUNTIME_STARTER } from "~/lib/client-runtime";

/** Starts React Router's client runtime once the page has painted (app/lib/client-runtime.ts). */
export function ClientRuntimeStarter({ nonce }: { nonce: string }) {
  return (
    <script
      nonce={nonce || undefined}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant source, no input in it.
      dangerouslySetInnerHTML={{ __html: CLIENT_RUNTIME_STARTER }}
    />
  );
}

/**
 * A script the root's loader built (no input in it): an island page's starter, which hydrates its islands on
 * a person's first interaction with each (app/lib/islands.ts), or an admin page's holder of keys pressed
 * early (app/lib/held-keys.ts).
 */
export function InlineScript({ nonce, source }: { nonce: string; source: string }) {
  return (
    <script
      nonce={nonce || undefined}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: built from the build's chunk names or our own source, no input in it.
      dangerouslySetInnerHTML={{ __html: source }}
    />
  );
}
