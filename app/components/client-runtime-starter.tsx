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
