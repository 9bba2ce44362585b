import { useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { keepInPage, Notice, type ToastMessage } from "./toaster";

/**
 * Before JavaScript runs (or without it) the message is a plain status box in the page. The one the document
 * was rendered with stays there once JavaScript runs, until the next navigation or message: taking it away
 * would move the page under the reader's pointer (a layout shift, and a click that lands on something else).
 * A message that arrives later is a toast.
 */
export function StaticNotice({ message }: { message: ToastMessage | null | undefined }) {
  const hydrated = useHydrated();
  const { key } = useLocation();
  const [rendered] = useState(() => (hydrated || !message ? null : { message, key }));
  if (rendered) keepInPage(rendered.message);
  if (!hydrated) return <Notice message={message} />;
  return rendered && rendered.message === message && rendered.key === key ? (
    <Notice message={message} />
  ) : null;
}
