import { useActionData, useFetcher } from "react-router";
import { contactSection } from "~/content/home";
import { MESSAGE_MAX } from "~/lib/field-limits";
import type { FieldErrors } from "~/lib/schemas";
import { useFormValidation } from "~/lib/use-form-validation";
import { AreaOfInterestField, EmailField, NameFields, OrganisationFields } from "./person-fields";
import { StaticNotice, type ToastMessage, useToast } from "./toaster";
import { HoneypotField, PrivacyLine, SubmitButton, TextAreaField } from "./ui/form-field";

export interface ContactActionResult {
  toast: ToastMessage;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  /** Changes after each stored message, so the form remounts empty. */
  resetKey?: number;
}

interface ContactFormProps {
  /** Distinguishes field ids when the page has more than one form. */
  idPrefix?: string;
  /** What the visitor came about (from ?subject=), to start the message with. */
  subject?: string | null;
}

/**
 * The contact form of /contact and the home page. It posts to the /contact action: with JavaScript
 * through a fetcher (no navigation, toasts), without it as a plain form that /contact answers.
 */
export function ContactForm({ idPrefix = "contact", subject }: ContactFormProps) {
  const fetcher = useFetcher<ContactActionResult>({ key: `contact-form-${idPrefix}` });
  // Without JavaScript the form is a plain POST and /contact renders the answer as its action data.
  const actionData = useActionData<ContactActionResult>();
  const result = fetcher.data ?? actionData;
  useToast(result?.toast);
  return (
    <>
      <StaticNotice message={result?.toast} />
      <ContactFields
        key={result?.resetKey ?? 0}
        fetcher={fetcher}
        idPrefix={idPrefix}
        subject={subject}
        result={result}
      />
    </>
  );
}

const loadContactSchema = () => import("~/lib/schemas").then((module) => module.contactSchema);

function ContactFields({
  fetcher,
  idPrefix,
  subject,
  result,
}: {
  fetcher: ReturnType<typeof useFetcher<ContactActionResult>>;
  idPrefix: string;
  subject?: string | null | undefined;
  result: ContactActionResult | undefined;
}) {
  const { errors, formProps } = useFormValidation(loadContactSchema, result?.fieldErrors);
  const values = result?.values ?? {};
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action="/contact"
      {...formProps}
      aria-label="Contact FACETS"
      className="relative grid gap-5 sm:grid-cols-2"
    >
      <HoneypotField />
      <NameFields idPrefix={idPrefix} values={values} errors={errors} />
      <EmailField idPrefix={idPrefix} values={values} errors={errors} label="Email address" />
      <AreaOfInterestField idPrefix={idPrefix} values={values} errors={errors} />
      <OrganisationFields idPrefix={idPrefix} values={values} errors={errors} />
      <div className="sm:col-span-2">
        <TextAreaField
          id={`${idPrefix}-message`}
          name="message"
          label="Message"
          rows={6}
          required
          maxLength={MESSAGE_MAX}
          hint={contactSection.tokenBuyerNote}
          defaultValue={values.message ?? (subject ? `Regarding: ${subject}\n\n` : undefined)}
          error={errors.message}
        />
      </div>
      <div className="space-y-4 sm:col-span-2">
        <PrivacyLine />
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send Message
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
