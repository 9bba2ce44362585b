import { useState } from "react";
import type { PasskeyRequestOptionsJSON } from "~/lib/passkey-client";
import { errorOf, failed, passkeyButtonClass, passkeyMessage, postJson } from "./passkey-requests";

/**
 * "Sign in with a passkey" on the Login tab, an island of its own: no password, the passkey verifies the
 * person. Hidden when the browser runs no scripts (`noscript:`), since it needs the WebAuthn API; the
 * WebAuthn helpers (app/lib/passkey-client.ts) load when it is pressed.
 */
export function PasskeySignInButton({ next }: { next: string | null }) {
  const [busy, setBusy] = useState(false);
  async function signIn() {
    setBusy(true);
    try {
      const client = await import("~/lib/passkey-client");
      if (!client.passkeysSupported()) return failed("This browser cannot use passkeys.");
      const options = await postJson("/api/auth/passkeys/options", { purpose: "sign-in" });
      if (!options.ok) return failed(await errorOf(options));
      const response = await client.getPasskey((await options.json()) as PasskeyRequestOptionsJSON);
      const signedIn = await postJson("/api/auth/passkey-sign-in", { response });
      if (!signedIn.ok) return failed(await errorOf(signedIn));
      const { isAdmin } = (await signedIn.json()) as { isAdmin: boolean };
      window.location.assign(next ?? (isAdmin ? "/admin" : "/"));
    } catch (error) {
      failed(passkeyMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={`${passkeyButtonClass} noscript:hidden`}
      onClick={signIn}
      disabled={busy}
    >
      {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
    </button>
  );
}
