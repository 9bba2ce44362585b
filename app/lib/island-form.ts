import type { ToastMessage } from "./toast-message";

// How an island's form is sent: the same post the form makes without JavaScript, to the same page, asking
// for the page action's answer as JSON (app/server/http/form-door.server.ts). A redirect is followed as a
// document load, so the next page is a page of its own (with its toast).

export type IslandAnswer<T> =
  | { kind: "answer"; status: number; data: T }
  | { kind: "leaving" }
  | { kind: "failed"; toast: ToastMessage };

/** When the answer is not the page's (no connection, or a refusal before the page's action). */
export const NOT_SENT: ToastMessage = {
  title: "Something went wrong",
  description: "That did not work. Please try again.",
  variant: "destructive",
};

export async function postIslandForm<T>(
  form: HTMLFormElement,
  submitter: HTMLElement | null,
): Promise<IslandAnswer<T>> {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter)) {
    if (typeof value === "string") body.append(name, value);
  }
  try {
    const response = await fetch(form.action, {
      method: "POST",
      headers: { Accept: "application/json" },
      body,
    });
    if (!response.headers.get("Content-Type")?.startsWith("application/json")) {
      await response.body?.cancel();
      return { kind: "failed", toast: NOT_SENT };
    }
    const data = (await response.json()) as (T & { redirect?: never }) | { redirect: string } | null;
    if (
      data !== null &&
      typeof data === "object" &&
      "redirect" in data &&
      typeof data.redirect === "string"
    ) {
      window.location.assign(data.redirect);
      return { kind: "leaving" };
    }
    return { kind: "answer", status: response.status, data: data as T };
  } catch {
    return { kind: "failed", toast: NOT_SENT };
  }
}
