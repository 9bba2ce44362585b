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

/** Hydrates an island page's islands on a person's first interaction with each (app/lib/islands.ts). */
export function IslandStarter({ nonce, source }: { nonce: string; source: string }) {
  return (
    <script
      nonce={nonce || undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: built from the build's chunk names, no input in it.
      dangerouslySetInnerHTML={{ __html: source }}
    />
  );
}
