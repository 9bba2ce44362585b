import type { ReactNode } from "react";
import { PageHero } from "./page-hero";
import { StaticNotice } from "./static-notice";
import { type ToastMessage, useToast } from "./toaster";

/** The frame of the small account pages (confirm address, forgot and reset password): hero, notice, card. */
export function AccountPage({
  title,
  lead,
  notice,
  children,
}: {
  title: string;
  lead: string;
  notice?: ToastMessage | null | undefined;
  children: ReactNode;
}) {
  // A toast once the page's JavaScript runs (reached by a client navigation), a status box before.
  useToast(notice);
  return (
    <>
      <PageHero title={title} lead={lead} />
      <div className="mx-auto max-w-xl px-4 pb-12 sm:px-6">
        <StaticNotice message={notice} />
        <div className="mt-8 rounded-2xl border border-line p-6 shadow-sm sm:p-8">{children}</div>
      </div>
    </>
  );
}
