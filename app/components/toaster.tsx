import { type PointerEvent, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { ToastMessage } from "~/lib/toast-message";
import { useHydrated } from "~/lib/use-hydrated";

// Toasts as the spec's section 9 has them. Any component can show one; the root renders the region.

export type { ToastMessage };

interface ShownToast extends ToastMessage {
  id: number;
}

let current: ShownToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

export function showToast(message: ToastMessage): void {
  current = { ...message, id: nextId++ };
  for (const listener of listeners) listener();
}

function dismiss(id: number): void {
  if (current?.id !== id) return;
  current = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Messages the page was rendered with that a `StaticNotice` keeps in place: never also a toast. */
const keptInPage = new WeakSet<ToastMessage>();

/** Marks a message the page keeps in place (static-notice.tsx), so that `useToast` does not repeat it. */
export function keepInPage(message: ToastMessage): void {
  keptInPage.add(message);
}

/**
 * Shows `message` as a toast whenever a new one arrives (e.g. from an action or the flash cookie), unless
 * the page came with it and a `StaticNotice` keeps it in place.
 */
export function useToast(message: ToastMessage | null | undefined): void {
  useEffect(() => {
    if (message && !keptInPage.has(message)) showToast(message);
  }, [message]);
}

const tone = (variant: ToastMessage["variant"]) =>
  variant === "destructive" ? "border-danger bg-red-50 text-red-900" : "border-line bg-surface text-ink";

/** A message as a status box in the page (an island keeps the one its page was rendered with). */
export function Notice({ message }: { message: ToastMessage | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role={message.variant === "destructive" ? "alert" : "status"}
      className={`mx-auto mt-6 w-full max-w-xl rounded-xl border p-4 shadow-sm ${tone(message.variant)}`}
    >
      <p className="font-semibold">{message.title}</p>
      <p className="mt-1 text-sm">{message.description}</p>
    </div>
  );
}

const DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/**
 * The notification region (spec section 9): one toast at a time, shown for 5000 ms (paused while
 * hovered or focused), dismissed by its close button or a swipe right past 50 px; F8 focuses the region.
 * Ours rather than a library's: Radix Toast cost 12 KB gzip, a tenth of the interactive-page budget.
 * Rendered in the browser only, where the page's JavaScript runs.
 */
export function Toaster() {
  const hydrated = useHydrated();
  const toast = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // A marker for end-to-end tests: from here on the page's JavaScript handles forms and toasts.
    document.documentElement.dataset.hydrated = "true";
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "F8") return;
      event.preventDefault();
      regionRef.current?.focus();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  if (!hydrated) return null;
  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="fixed right-0 bottom-0 z-50 w-full p-4 outline-none md:max-w-[420px]"
    >
      <div aria-live="polite" aria-atomic="true">
        {toast ? <ToastItem key={toast.id} toast={toast} /> : null}
      </div>
    </section>
  );
}

function ToastItem({ toast }: { toast: ShownToast }) {
  const [paused, setPaused] = useState(false);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismiss(toast.id), DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, toast.id]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if ((event.target as HTMLElement).closest("button")) return;
    startX.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (startX.current === null) return;
    const dx = Math.max(0, event.clientX - startX.current);
    event.currentTarget.style.transform = `translateX(${dx}px)`;
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (startX.current === null) return;
    const dx = event.clientX - startX.current;
    startX.current = null;
    if (dx > SWIPE_THRESHOLD_PX) dismiss(toast.id);
    else event.currentTarget.style.transform = "";
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: swipe and hover only add to the Dismiss button, which keyboards reach
    <div
      role={toast.variant === "destructive" ? "alert" : "status"}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`relative flex w-full touch-pan-y items-start gap-3 rounded-xl border p-4 pr-12 shadow-lg transition-transform ${tone(toast.variant)}`}
    >
      <div>
        <p className="font-semibold">{toast.title}</p>
        <p className="mt-1 text-sm">{toast.description}</p>
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => dismiss(toast.id)}
        className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-md hover:bg-black/5"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
