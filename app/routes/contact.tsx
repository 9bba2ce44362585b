import { data, useActionData } from "react-router";
import type { ContactActionResult } from "~/components/contact-form";
import { ContactForm } from "~/components/contact-form";
import { Island } from "~/components/island";
import { PageHero } from "~/components/page-hero";
import { contactSection } from "~/content/home";
import { pageMeta } from "~/lib/seo";
import { sendContactMessage } from "~/server/contact/contact-submissions.server";
import { formAction } from "~/server/http/page-door.server";
import type { Route } from "./+types/contact";

const SENT = {
  title: "Message Sent!",
  description: "Thank you for your message! We will get back to you soon.",
};
const FAILED = {
  title: "Error",
  description: "Failed to send message. Please try again.",
  variant: "destructive",
} as const;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Contact",
    description:
      "Contact FACETS about the token, licensing, partnerships, regulation or jobs. Token buyers: state your preferred payment method (BTC, SOL or USDT).",
    path: "/contact",
    origin: matches[0].loaderData.origin,
  });
}

export function loader({ request }: Route.LoaderArgs) {
  const subject = new URL(request.url).searchParams.get("subject");
  return { subject: subject ? subject.replace(/[-_]+/g, " ").slice(0, 100) : null };
}

export const action = formAction<ContactActionResult, unknown>({
  page: "/contact",
  run: ({ deps, caller, form }) => sendContactMessage(deps, caller, form),
  done: () => data<ContactActionResult>({ toast: SENT, resetKey: Date.now() }, { status: 201 }),
  says: { otherwise: FAILED },
  // What was written is shown again: nothing a person wrote is lost to a refusal.
  keep: (form) => form,
  failed: ({ notice, fieldErrors, values }) => ({ toast: notice, fieldErrors, values }),
});

/** An island page (app/lib/islands.ts): the form hydrates on a person's first interaction with it. */
export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHero eyebrow="Contact" title="Get in touch" lead={contactSection.lead} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <p className="rounded-xl border border-gold-strong/40 bg-amber-50 p-4 text-ink">
          {contactSection.tokenBuyerNote}
        </p>
        <div className="mt-8 rounded-2xl border border-line p-6 shadow-sm sm:p-8">
          <Island name="contact" component={ContactForm} props={{ subject: loaderData.subject, result }} />
        </div>
      </div>
    </>
  );
}
