import type { ReactNode } from "react";

// A row's lesser actions behind "More" (docs/decisions/171). The menu is an HTML popover: it opens in the
// top layer, so the table's scroll box never clips it, and the browser opens and closes it without
// JavaScript (Esc and a click elsewhere close it; the button says whether it is open). Where CSS anchor
// positioning is supported it sits under its button, flipped above when the screen ends (`.row-menu` in
// app.css); elsewhere the browser centres it.

export function RowMenu({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        className="inline-flex min-h-6 cursor-pointer items-center rounded-full border border-line px-2 py-0.5 text-xs font-semibold whitespace-nowrap hover:bg-surface-muted"
      >
        More<span className="sr-only">{` for ${name}`}</span>
      </button>
      <div
        id={id}
        popover="auto"
        // An action taken closes the menu (without JavaScript the answer is a new page anyway).
        onSubmitCapture={(event) => event.currentTarget.hidePopover()}
        className="row-menu flex-col gap-1 rounded-lg border border-line bg-surface p-2 text-ink shadow-md open:flex"
      >
        {children}
      </div>
    </>
  );
}
