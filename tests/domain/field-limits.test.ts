import fc from "fast-check";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContactForm } from "../../app/components/contact-form";
import {
  EmailField,
  NameFields,
  NewPasswordFields,
  OrganisationFields,
} from "../../app/components/person-fields";
import { FIELD_LIMITS, type LimitedField } from "../../app/lib/field-limits";
import { PAYMENT_METHODS } from "../../app/lib/payment-methods";
import {
  contactSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  passwordChangeSchema,
  privacyRequestSchema,
  profileSchema,
  registrationSchema,
  resetPasswordSchema,
} from "../../app/lib/schemas";
import { contactSchema as contactIslandSchema } from "../../app/lib/schemas/contact";
import { registrationSchema as registrationIslandSchema } from "../../app/lib/schemas/registration";

// Field limits are declared once (app/lib/field-limits.ts, decision 145): each reaches the zod schemas both
// sides run and the forms' maxLength (and the D1 CHECKs: field-limits-d1.test.ts). A value one over a
// limit is refused everywhere, one at the limit taken.

type SafeParser = {
  safeParse(input: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } };
};

/** The schemas that take each field, each with an input it accepts whole. */
const person = { firstName: "Ann", lastName: "Lee", company: "Acme", phone: "123", userTypeId: 2 };
const registration = { ...person, email: "ann@example.com", password: "long enough" };
const contact = { ...person, email: "ann@example.com", message: "Hello" };
const token = "a".repeat(52);

const REGISTRATIONS: [string, SafeParser, object][] = [
  ["registration", registrationSchema, registration],
  ["registration island", registrationIslandSchema, registration],
];
const CONTACTS: [string, SafeParser, object][] = [
  ["contact", contactSchema, contact],
  ["contact island", contactIslandSchema, contact],
];
/** The forms that take a person's names, company and phone. */
const PERSON_FORMS = [
  ...REGISTRATIONS,
  ...CONTACTS,
  ["profile", profileSchema, person] as [string, SafeParser, object],
];

const TAKERS: Record<
  Exclude<LimitedField, "userTypeName" | "passkeyName" | "adminSearch" | "note" | "reply">,
  [string, SafeParser, object][]
> = {
  firstName: PERSON_FORMS,
  lastName: PERSON_FORMS,
  company: PERSON_FORMS,
  phone: PERSON_FORMS,
  email: [
    ...REGISTRATIONS,
    ...CONTACTS,
    ["forgot password", forgotPasswordSchema, {}],
    ["email change", emailChangeSchema, { password: "current" }],
    ["privacy request", privacyRequestSchema, {}],
  ],
  message: CONTACTS,
  password: [
    ...REGISTRATIONS,
    ["password change", passwordChangeSchema, { currentPassword: "current" }],
    ["reset password", resetPasswordSchema, { token }],
  ],
};

/** What a person may type in a text field: letters (not only ASCII), digits, signs; no whitespace at the ends. */
const typed = fc.constantFrom("a", "Z", "7", "-", "é", "ß", "ō", "'", ".");
/** What an address's local part may hold anywhere (zod's email pattern takes no dot at an end, no é). */
const typedInAnAddress = fc.constantFrom("a", "z", "0", "9", "_", "+");
const DOMAIN = "@example.com";

/** A value of exactly `length` characters for the field: an address for email, else text. */
const textOfLength = (field: string) => (length: number) => {
  const address = field === "email";
  const units = address ? length - DOMAIN.length : length;
  return fc
    .array(address ? typedInAnAddress : typed, { minLength: units, maxLength: units })
    .map((chars) => chars.join("") + (address ? DOMAIN : ""));
};

/** A value of exactly `length` characters for the field, all "a". */
const exactly = (field: string, length: number) =>
  field === "email" ? "a".repeat(length - DOMAIN.length) + DOMAIN : "a".repeat(length);

const fieldErrors = (parser: SafeParser, input: object, field: string) =>
  (parser.safeParse(input).error?.issues ?? []).filter((issue) => issue.path[0] === field);

describe("the limits reach the zod schemas", () => {
  for (const [field, takers] of Object.entries(TAKERS)) {
    const limits: { min?: number; max: number } = FIELD_LIMITS[field as keyof typeof TAKERS];
    const { max } = limits;
    const least = Math.max(limits.min ?? 1, field === "email" ? DOMAIN.length + 1 : 1);

    it.each(takers)(`${field}: %s refuses one over ${max} and takes up to it`, (_name, parser, base) => {
      const one = textOfLength(field);
      fc.assert(
        fc.property(fc.integer({ min: max + 1, max: max + 64 }).chain(one), (value) => {
          expect(fieldErrors(parser, { ...base, [field]: value }, field)).not.toEqual([]);
        }),
        { seed: 145, numRuns: 50 },
      );
      fc.assert(
        fc.property(fc.integer({ min: least, max }).chain(one), (value) => {
          expect(fieldErrors(parser, { ...base, [field]: value }, field)).toEqual([]);
        }),
        { seed: 145, numRuns: 50 },
      );
      expect(fieldErrors(parser, { ...base, [field]: exactly(field, max + 1) }, field)).not.toEqual([]);
      expect(fieldErrors(parser, { ...base, [field]: exactly(field, max) }, field)).toEqual([]);
    });
  }

  it("refuses a new password one under its least", () => {
    const { min } = FIELD_LIMITS.password;
    for (const [, parser, base] of TAKERS.password) {
      expect(fieldErrors(parser, { ...base, password: "p".repeat(min - 1) }, "password")).not.toEqual([]);
      expect(fieldErrors(parser, { ...base, password: "p".repeat(min) }, "password")).toEqual([]);
    }
  });

  it("paymentMethod: the server's contact takes each payment method, or none, and nothing else", () => {
    for (const paymentMethod of [...PAYMENT_METHODS, undefined, null]) {
      expect(fieldErrors(contactSchema, { ...contact, paymentMethod }, "paymentMethod")).toEqual([]);
      expect(contactSchema.parse({ ...contact, paymentMethod }).paymentMethod).toBe(paymentMethod);
    }
    for (const paymentMethod of ["", "usdt", "ETH", "USDT ", 1, ["BTC"]]) {
      expect(fieldErrors(contactSchema, { ...contact, paymentMethod }, "paymentMethod")).not.toEqual([]);
    }
  });

  it("paymentMethod: the island's copy leaves it to the server, its radio buttons sending nothing else", () => {
    expect(contactIslandSchema.shape).not.toHaveProperty("paymentMethod");
  });
});

// ---------------------------------------------------------------------------------------------------------

const attributesOf = (element: ReactElement, name: string) => {
  const html = renderToStaticMarkup(element);
  const found = new Map<string, { maxLength?: number; minLength?: number }>();
  for (const tag of html.match(/<(input|textarea)\b[^>]*>/g) ?? []) {
    const field = /\bname="([^"]+)"/.exec(tag)?.[1];
    if (!field) continue;
    const max = /\bmaxlength="(\d+)"/i.exec(tag)?.[1];
    const min = /\bminlength="(\d+)"/i.exec(tag)?.[1];
    found.set(field, {
      ...(max ? { maxLength: Number(max) } : {}),
      ...(min ? { minLength: Number(min) } : {}),
    });
  }
  return found.get(name);
};

describe("the limits reach the forms' maxLength", () => {
  const props = { idPrefix: "t", values: {}, errors: {} };
  const FORMS: [string, ReactElement, { maxLength: number; minLength?: number }][] = [
    ["firstName", createElement(NameFields, props), { maxLength: FIELD_LIMITS.firstName.max }],
    ["lastName", createElement(NameFields, props), { maxLength: FIELD_LIMITS.lastName.max }],
    ["company", createElement(OrganisationFields, props), { maxLength: FIELD_LIMITS.company.max }],
    ["phone", createElement(OrganisationFields, props), { maxLength: FIELD_LIMITS.phone.max }],
    ["email", createElement(EmailField, props), { maxLength: FIELD_LIMITS.email.max }],
    [
      "password",
      createElement(NewPasswordFields, props),
      { maxLength: FIELD_LIMITS.password.max, minLength: FIELD_LIMITS.password.min },
    ],
    ["message", createElement(ContactForm, {}), { maxLength: FIELD_LIMITS.message.max }],
  ];

  it.each(FORMS)("%s", (name, element, expected) => {
    expect(attributesOf(element, name)).toEqual(expected);
  });
});
