import { data, useActionData } from "react-router";
import type { ContactActionResult } from "~/components/contact-form";
import { ContactForm } from "~/components/contact-form";
import { Island } from "~/components/island";
import { PageHero } from "~/components/page-hero";
import { NEXT_STEPS, NEXT_STEPS_HEADING } from "~/content/contact-next-steps";
import { contactSection } from "~/content/home";
import { TOKEN_ENQUIRY_USER_TYPE_ID } from "~/content/user-types";
import { pageMeta } from "~/lib/seo";
import { messageReference } from "~/lib/threads";
import { sendContactForm } from "~/server/contact/contact-submissions.server";
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
  const params = new URL(request.url).searchParams;
  const subject = params.get("subject");
  return {
    subject: subject ? subject.replace(/[-_]+/g, " ").slice(0, 100) : null,
    // "Apply to buy FACETS tokens" (/contact?enquiry=token) opens the form with the token enquiry chosen.
    area: params.get("enquiry") === "token" ? String(TOKEN_ENQUIRY_USER_TYPE_ID) : null,
  };
}

export const action = formAction<ContactActionResult, { id: number | null }>({
  page: "/contact",
  run: ({ deps, caller, form }) => sendContactForm(deps, caller, form),
  done: ({ id }) =>
    data<ContactActionResult>(
      { toast: SENT, resetKey: Date.now(), ...(id === null ? {} : { reference: messageReference(id) }) },
      { status: 201 },
    ),
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
          <Island
            name="contact"
            component={ContactForm}
            props={{
              subject: loaderData.subject,
              ...(loaderData.area ? { area: loaderData.area } : {}),
              result,
            }}
          />
        </div>
        <section aria-labelledby="next-steps" className="mt-8 space-y-2 text-ink">
          <h2 id="next-steps" className="text-lg font-semibold">
            {NEXT_STEPS_HEADING}
          </h2>
          <ul className="list-disc space-y-1 pl-5">
            {NEXT_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
