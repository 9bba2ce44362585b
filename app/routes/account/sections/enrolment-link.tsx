import { Form } from "react-router";
import { QuietButton, SaveButton } from "~/components/account-sections";
import type { IntentName } from "~/lib/page-intents";
import type { intents } from "./enrolment-link.server";

// /account/security after an administrator reset this account's second factors: the emailed link, opened
// here by its button (mail scanners open links, so opening one changes nothing), or a way to have a new one
// sent. The handlers of the intents those buttons post are beside it, in enrolment-link.server.ts.

export function EnrolmentLinkNotice({ link }: { link: string | null }) {
  return (
    <section aria-labelledby="enrolment-link-title" className="rounded-2xl border-2 border-brand p-6 sm:p-8">
      <h2 id="enrolment-link-title" className="text-xl font-bold">
        Your second factors were reset
      </h2>
      {link ? (
        <>
          <p className="mt-2">This is the link from your email. Continue to set up a new second factor.</p>
          <Form method="post" className="mt-4" aria-label="Open the emailed link">
            <input
              type="hidden"
              name="intent"
              value={"open-enrolment-link" satisfies IntentName<typeof intents>}
            />
            <input type="hidden" name="token" value={link} />
            <SaveButton>Continue</SaveButton>
          </Form>
        </>
      ) : (
        <>
          <p className="mt-2">
            Your password alone cannot set up a new second factor. Open the link we emailed you, in this
            browser while you are signed in. It works for an hour.
          </p>
          <Form method="post" className="mt-4" aria-label="Email me a new link">
            <input
              type="hidden"
              name="intent"
              value={"send-enrolment-link" satisfies IntentName<typeof intents>}
            />
            <QuietButton>Email me a new link</QuietButton>
          </Form>
        </>
      )}
    </section>
  );
}
