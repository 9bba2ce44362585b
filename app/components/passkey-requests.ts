import { showToast } from "./toaster";

// What the passkey buttons share: the JSON calls of a ceremony and how a failure is shown.

export async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

export async function errorOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: string } | null;
  return body?.error ?? "That did not work. Please try again.";
}

export function failed(description: string) {
  showToast({ title: "Passkey", description, variant: "destructive" });
}

/** A passkey error the person caused (cancelled) says so; anything else is shown as it is. */
export function passkeyMessage(error: unknown): string {
  return error instanceof Error ? error.message : "The passkey could not be used.";
}

export const passkeyButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full border border-line px-5 py-2 font-semibold text-ink hover:bg-surface-muted disabled:opacity-60";
