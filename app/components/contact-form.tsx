import { useCallback, useState } from "react";
import { contactSection } from "~/content/home";
import { MESSAGE_MAX } from "~/lib/field-limits";
import { postIslandForm } from "~/lib/island-form";
import { PAYMENT_METHODS } from "~/lib/payment-methods";
import type { FieldErrors } from "~/lib/schemas";
import { useFormValidation } from "~/lib/use-form-validation";
import { AreaOfInterestField, EmailField, NameFields, OrganisationFields } from "./person-fields";
import { Notice, type ToastMessage, useToast } from "./toaster";
import { HoneypotField, PrivacyLine, SubmitButton, TextAreaField } from "./ui/form-field";

export interface ContactActionResult {
  toast: ToastMessage;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  /** Changes after each stored message, so the form remounts empty. */
  resetKey?: number;
  /** The stored message's reference ("FCT-000123"), said with the thanks. */
  reference?: string;
}

export interface ContactFormProps {
  /** Distinguishes field ids when the page has more than one form. */
  idPrefix?: string;
  /** What the visitor came about (from ?subject=), to start the message with. */
  subject?: string | null;
  /** The area of interest chosen to start with (a token application's link), as the select's value. */
  area?: string | null;
  /** /contact's answer to a message sent without JavaScript. */
  result?: ContactActionResult | undefined;
}

/**
 * The contact form of /contact (an island there) and of the home page (plain HTML there). It posts to the
 * /contact action: without JavaScript as a plain form that /contact answers; hydrated, it sends the post
 * itself and shows the answer in place, with a toast.
 */
export function ContactForm({
  idPrefix = "contact",
  subject,
  area,
  result: initialResult,
}: ContactFormProps) {
  const [result, setResult] = useState(initialResult);
  /** The answer the page was rendered with stays as a box in the page; answers sent from here are toasts. */
  const [notice, setNotice] = useState(initialResult?.toast);
  const [toast, setToast] = useState<ToastMessage | undefined>();
  const [busy, setBusy] = useState(false);
  useToast(toast);

  const send = useCallback((form: HTMLFormElement, submitter: HTMLElement | null) => {
    setBusy(true);
    void postIslandForm<ContactActionResult>(form, submitter).then((answer) => {
      if (answer.kind === "leaving") return;
      setBusy(false);
      setNotice(undefined);
      if (answer.kind === "failed") {
        setToast({ ...answer.toast });
        return;
      }
      setResult(answer.data);
      setToast(answer.data.toast);
    });
  }, []);

  return (
    <>
      <Notice message={notice} />
      {result?.reference ? (
        <p role="status" className="mb-4 rounded-xl border border-line p-4 font-semibold">
          Your reference is {result.reference}. Keep it: we use it in every email about your message, and an
          email with a link to the conversation is on its way.
        </p>
      ) : null}
      <ContactFields
        key={result?.resetKey ?? 0}
        idPrefix={idPrefix}
        subject={subject}
        area={area}
        result={result}
        busy={busy}
        onSend={send}
      />
    </>
  );
}

const loadContactSchema = () => import("~/lib/schemas/contact").then((module) => module.contactSchema);

function ContactFields({
  idPrefix,
  subject,
  area,
  result,
  busy,
  onSend,
}: {
  idPrefix: string;
  subject?: string | null | undefined;
  area?: string | null | undefined;
  result: ContactActionResult | undefined;
  busy: boolean;
  onSend: (form: HTMLFormElement, submitter: HTMLElement | null) => void;
}) {
  const { errors, formProps } = useFormValidation(loadContactSchema, result?.fieldErrors, onSend);
  const values = result?.values ?? (area ? { userTypeId: area } : {});
  return (
    <form
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
      <PaymentMethodField
        id={`${idPrefix}-payment`}
        value={values.paymentMethod}
        error={errors.paymentMethod}
      />
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
    </form>
  );
}

/**
 * A token application's preferred payment method: three radio buttons in a fieldset, which the page's
 * form asks of a token enquiry (the JSON API keeps it optional, as the spec has it). It is offered with or
 * without JavaScript; while another area of interest is chosen, CSS sets it aside (`.payment-method` in
 * app.css), and the server keeps it only for a token enquiry.
 */
function PaymentMethodField({
  id,
  value,
  error,
}: {
  id: string;
  value?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <fieldset
      aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      className="payment-method sm:col-span-2"
    >
      <legend className="text-sm font-medium text-ink">Preferred payment method</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
        {contactSection.paymentMethodHint}
      </p>
      <div className="mt-2 flex flex-wrap gap-x-6">
        {PAYMENT_METHODS.map((method) => (
          <label key={method} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              defaultChecked={value === method}
              aria-invalid={error ? true : undefined}
              className="size-5 accent-brand"
            />
            {method}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
