import * as Toast from "@radix-ui/react-toast";
import { useEffect, useSyncExternalStore } from "react";
import { useHydrated } from "~/lib/use-hydrated";

// Toasts as the spec's section 9 has them: one at a time, 5000 ms, swipe right past 50 px to
// dismiss, F8 focuses the region (Radix Toast's defaults, set here explicitly).

export interface ToastMessage {
  title: string;
  description: string;
  variant?: "default" | "destructive";
}

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

/** Shows `message` as a toast whenever a new one arrives (e.g. from an action or the flash cookie). */
export function useToast(message: ToastMessage | null | undefined): void {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}

const tone = (variant: ToastMessage["variant"]) =>
  variant === "destructive" ? "border-danger bg-red-50 text-red-900" : "border-line bg-surface text-ink";

/** Before JavaScript runs (or without it) the same message is a plain status box in the page. */
export function StaticNotice({ message }: { message: ToastMessage | null | undefined }) {
  const hydrated = useHydrated();
  if (!message || hydrated) return null;
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

/** Rendered in the browser only: Radix writes inline styles that the CSP forbids in server HTML. */
export function Toaster() {
  const hydrated = useHydrated();
  const toast = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  if (!hydrated) return null;
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toast ? (
        <Toast.Root
          key={toast.id}
          type={toast.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismiss(toast.id);
          }}
          className={`toast relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg ${tone(toast.variant)}`}
        >
          <div>
            <Toast.Title className="font-semibold">{toast.title}</Toast.Title>
            <Toast.Description className="mt-1 text-sm">{toast.description}</Toast.Description>
          </div>
          <Toast.Close
            aria-label="Dismiss notification"
            className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md hover:bg-black/5"
          >
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport
        hotkey={["F8"]}
        className="fixed right-0 bottom-0 z-50 flex w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
