import { type FormEvent, useRef, useState } from "react";
import { Form, useRevalidator, useSubmit } from "react-router";
import { PASSKEY_NAME_MAX } from "~/lib/field-limits";
import type { ConfirmingIntent } from "~/lib/page-intents";
import type { PasskeyCreationOptionsJSON, PasskeyRequestOptionsJSON } from "~/lib/passkey-client";
import * as client from "~/lib/passkey-client";
import { useHydrated } from "~/lib/use-hydrated";
import {
  passkeyButtonClass as buttonClass,
  errorOf,
  failed,
  passkeyMessage,
  postJson,
} from "./passkey-requests";
import { showToast } from "./toaster";
import { TextField } from "./ui/form-field";

// The passkey buttons of the router pages: they need the browser's WebAuthn API, so they appear once the
// page's JavaScript runs. Only /account/security and /confirm-its-you ship them (the sign-in page's is an
// island: passkey-sign-in-button.tsx). The WebAuthn helpers (app/lib/passkey-client.ts, 1 KB gzip) come
// with them rather than on first press.

/**
 * Adds a passkey under a name. A stale sign-in goes through "Confirm it's you" first: the page is asked for
 * `passkey-add` (a form post), which stores it and shows the confirmation in place.
 */
export function AddPasskeyForm({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const submit = useSubmit();
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState("");
  if (!hydrated) {
    return <p>Adding a passkey needs JavaScript in this browser.</p>;
  }
  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      if (!client.passkeysSupported()) return failed("This browser cannot use passkeys.");
      const options = await postJson("/api/auth/passkeys/options", { purpose: "register" });
      if (options.status === 403) {
        const refusal = (await options.clone().json()) as { reauthenticate?: string };
        if (refusal.reauthenticate === "required") {
          await submit({ intent: "passkey-add" }, { method: "post" });
          return;
        }
      }
      if (!options.ok) return failed(await errorOf(options));
      const response = await client.createPasskey((await options.json()) as PasskeyCreationOptionsJSON);
      const saved = await postJson("/api/auth/passkeys", { name, response });
      if (!saved.ok) return failed(await errorOf(saved));
      const { recoveryCodes } = (await saved.json()) as { recoveryCodes: string[] | null };
      if (recoveryCodes) onRecoveryCodes(recoveryCodes);
      showToast({ title: "Passkey added", description: `"${name}" now signs you in.` });
      setName("");
      revalidator.revalidate();
    } catch (error) {
      failed(passkeyMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={add} className="space-y-4" aria-label="Add a passkey">
      <TextField
        id="passkey-name"
        name="name"
        label="Name of the passkey"
        hint="So you can tell your passkeys apart, e.g. Work laptop."
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        maxLength={PASSKEY_NAME_MAX}
      />
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? "Waiting for your device..." : "Add a passkey"}
      </button>
    </form>
  );
}

/**
 * "Confirm it's you" with a passkey: once confirmed (the session then has a new token), the page is asked to
 * go on with the action it stored under `reference` (intent `resume`); nothing else is posted.
 */
export function PasskeyConfirmButton({
  reference,
  action,
}: {
  reference: string;
  /** The page that stored the action, when not this one. */
  action?: string;
}) {
  const hydrated = useHydrated();
  const resubmit = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  if (!hydrated) return null;
  async function confirm() {
    setBusy(true);
    try {
      if (!client.passkeysSupported()) return failed("This browser cannot use passkeys.");
      const options = await postJson("/api/auth/passkeys/options", { purpose: "confirm" });
      if (!options.ok) return failed(await errorOf(options));
      const response = await client.getPasskey((await options.json()) as PasskeyRequestOptionsJSON);
      // The reference goes with it: the stored action follows the session to its new token.
      const confirmed = await postJson("/api/auth/passkey-confirm", { response, ref: reference });
      if (!confirmed.ok) return failed(await errorOf(confirmed));
      resubmit.current?.requestSubmit();
    } catch (error) {
      failed(passkeyMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className={buttonClass} onClick={confirm} disabled={busy}>
        {busy ? "Waiting for your passkey..." : "Use a passkey instead"}
      </button>
      <Form method="post" action={action} ref={resubmit} hidden>
        <input type="hidden" name="intent" value={"resume" satisfies ConfirmingIntent} />
        <input type="hidden" name="ref" value={reference} />
      </Form>
    </>
  );
}
