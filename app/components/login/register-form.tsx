import {
  AreaOfInterestField,
  EmailField,
  NameFields,
  NewPasswordFields,
  OrganisationFields,
} from "~/components/person-fields";
import { HoneypotField, PrivacyLine, SubmitButton } from "~/components/ui/form-field";
import type { LoginIntent } from "~/lib/page-intents";
import { useFormValidation } from "~/lib/use-form-validation";
import type { LoginActionResult, SendForm } from "./login-result";

const loadRegistrationSchema = () =>
  import("~/lib/schemas/registration").then((module) => module.registrationSchema);

/** The Register tab's form (intent `register`): an account that waits for an administrator's approval. */
export function RegisterForm({
  result,
  busy,
  onSend,
}: {
  result: LoginActionResult | undefined;
  busy: boolean;
  onSend?: SendForm | undefined;
}) {
  const { errors, formProps } = useFormValidation(loadRegistrationSchema, result?.fieldErrors, onSend);
  const values = result?.values ?? {};
  return (
    <form method="post" {...formProps} className="relative grid gap-5 sm:grid-cols-2" aria-label="Register">
      <input type="hidden" name="intent" value={"register" satisfies LoginIntent} />
      <HoneypotField />
      <div className="sm:col-span-2">
        <EmailField idPrefix="register" values={values} errors={errors} />
      </div>
      <NewPasswordFields idPrefix="register" errors={errors} />
      <NameFields idPrefix="register" values={values} errors={errors} />
      <OrganisationFields idPrefix="register" values={values} errors={errors} />
      <div className="sm:col-span-2">
        <AreaOfInterestField idPrefix="register" values={values} errors={errors} />
      </div>
      <div className="space-y-4 sm:col-span-2">
        <PrivacyLine />
        <SubmitButton busy={busy} busyLabel="Registering...">
          Register
        </SubmitButton>
      </div>
    </form>
  );
}
