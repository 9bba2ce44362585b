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
  // What the first render (the server's, and hydration's) showed; nothing for a notice mounted later.
  const [rendered] = useState(() => (hydrated ? null : { message, key }));
  if (rendered?.message) keepInPage(rendered.message);
  const inPlace = rendered !== null && rendered.message === message && rendered.key === key;
  return inPlace ? <Notice message={message} /> : null;
}
