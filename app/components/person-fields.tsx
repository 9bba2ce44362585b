import { publicUserTypes } from "~/content/user-types";
import {
  COMPANY_MAX,
  EMAIL_MAX,
  FIRST_NAME_MAX,
  LAST_NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
} from "~/lib/field-limits";
import type { FieldErrors } from "~/lib/schemas";
import { SelectField, TextField } from "./ui/form-field";

// Fields the register and contact forms share, with their bounds (field-limits.ts).

interface SharedFieldsProps {
  idPrefix: string;
  values: Record<string, string>;
  errors: FieldErrors;
}

export function NameFields({ idPrefix, values, errors }: SharedFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-first-name`}
        name="firstName"
        label="First name"
        autoComplete="given-name"
        required
        maxLength={FIRST_NAME_MAX}
        defaultValue={values.firstName}
        error={errors.firstName}
      />
      <TextField
        id={`${idPrefix}-last-name`}
        name="lastName"
        label="Last name"
        autoComplete="family-name"
        required
        maxLength={LAST_NAME_MAX}
        defaultValue={values.lastName}
        error={errors.lastName}
      />
    </>
  );
}

export function OrganisationFields({ idPrefix, values, errors }: SharedFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-company`}
        name="company"
        label="Company"
        autoComplete="organization"
        maxLength={COMPANY_MAX}
        defaultValue={values.company}
        error={errors.company}
      />
      <TextField
        id={`${idPrefix}-phone`}
        name="phone"
        type="tel"
        label="Phone"
        autoComplete="tel"
        maxLength={PHONE_MAX}
        defaultValue={values.phone}
        error={errors.phone}
      />
    </>
  );
}

/** The area of interest: every user type but admin, by its public label; the value is the type's id. */
export function AreaOfInterestField({ idPrefix, values, errors }: SharedFieldsProps) {
  return (
    <SelectField
      id={`${idPrefix}-interest`}
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
  );
}

export function EmailField({
  idPrefix,
  values,
  errors,
  label = "Email",
}: SharedFieldsProps & { label?: string }) {
  return (
    <TextField
      id={`${idPrefix}-email`}
      name="email"
      type="email"
      label={label}
      autoComplete="email"
      required
      maxLength={EMAIL_MAX}
      defaultValue={values.email}
      error={errors.email}
    />
  );
}

/** A new password and its confirmation, with the registration rules (register and reset password). */
export function NewPasswordFields({
  idPrefix,
  errors,
  label = "Password",
}: {
  idPrefix: string;
  errors: FieldErrors;
  label?: string;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password}
      />
      <TextField
        id={`${idPrefix}-confirm`}
        name="confirmPassword"
        type="password"
        label="Confirm password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
