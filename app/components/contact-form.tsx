import { useActionData, useFetcher } from "react-router";
import { contactSection } from "~/content/home";
import { publicUserTypes } from "~/content/user-types";
import { MESSAGE_MAX } from "~/lib/field-limits";
import type { FieldErrors } from "~/lib/schemas";
import { useFormValidation } from "~/lib/use-form-validation";
import { useHydrated } from "~/lib/use-hydrated";
import { StaticNotice, type ToastMessage, useToast } from "./toaster";
import { HoneypotField, SelectField, SubmitButton, TextAreaField, TextField } from "./ui/form-field";

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
  const hydrated = useHydrated();
  const validation = useFormValidation(loadContactSchema);
  const errors = validation.submitted ? validation.errors : (result?.fieldErrors ?? {});
  const values = result?.values ?? {};
  const id = (name: string) => `${idPrefix}-${name}`;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action="/contact"
      noValidate={hydrated}
      onSubmit={validation.onSubmit}
      onChange={validation.onChange}
      onFocus={validation.onFocus}
      aria-label="Contact FACETS"
      className="relative grid gap-5 sm:grid-cols-2"
    >
      <HoneypotField />
      <TextField
        id={id("first-name")}
        name="firstName"
        label="First name"
        autoComplete="given-name"
        required
        maxLength={100}
        defaultValue={values.firstName}
        error={errors.firstName}
      />
      <TextField
        id={id("last-name")}
        name="lastName"
        label="Last name"
        autoComplete="family-name"
        required
        maxLength={100}
        defaultValue={values.lastName}
        error={errors.lastName}
      />
      <TextField
        id={id("email")}
        name="email"
        type="email"
        label="Email address"
        autoComplete="email"
        required
        maxLength={255}
        defaultValue={values.email}
        error={errors.email}
      />
      <SelectField
        id={id("interest")}
        name="userTypeId"
        label="Area of interest"
        required
        defaultValue={values.userTypeId ?? ""}
        error={errors.userTypeId}
      >
        <option value="" disabled>
          Choose one
        </option>
        {publicUserTypes.map((type) => (
          <option key={type.id} value={type.id}>
            {type.label}
          </option>
        ))}
      </SelectField>
      <TextField
        id={id("company")}
        name="company"
        label="Company"
        autoComplete="organization"
        maxLength={200}
        defaultValue={values.company}
        error={errors.company}
      />
      <TextField
        id={id("phone")}
        name="phone"
        type="tel"
        label="Phone"
        autoComplete="tel"
        maxLength={20}
        defaultValue={values.phone}
        error={errors.phone}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          id={id("message")}
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
      <div className="sm:col-span-2">
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send Message
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
