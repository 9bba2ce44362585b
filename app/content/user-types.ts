// The user types of the spec (section 3) with the public labels of section 5.
// Ids are fixed by the seed migration db/migrations/0001_seed_user_types.sql; a test checks they agree.

export const ADMIN_USER_TYPE_ID = 1;

export interface UserTypeOption {
  id: number;
  name: string;
  label: string;
}

/** Every public area of interest, in the spec's order (admin is never offered). */
export const publicUserTypes: readonly UserTypeOption[] = [
  { id: 2, name: "token-curious", label: "FACETS token enquiry" },
  { id: 3, name: "token-holder", label: "FACETS token existing holder" },
  { id: 4, name: "license-curious", label: "Licensing opportunities" },
  { id: 5, name: "licensee", label: "Licensee existing" },
  { id: 6, name: "partner-curious", label: "Partnership opportunities" },
  { id: 7, name: "partner", label: "Partnership existing" },
  { id: 8, name: "regulator", label: "Regulatory official" },
  { id: 9, name: "jobseeker", label: "Employment opportunities" },
];

/**
 * The area of interest of a token application: the contact form asks it for a preferred payment method
 * (spec section 1), which is kept for this area only.
 */
export const TOKEN_ENQUIRY_USER_TYPE_ID = 2;

export function isTokenEnquiry(id: number | string | null | undefined): boolean {
  return Number(id) === TOKEN_ENQUIRY_USER_TYPE_ID;
}

export function userTypeLabel(id: number | null | undefined): string {
  if (id === ADMIN_USER_TYPE_ID) return "Administrator";
  return publicUserTypes.find((type) => type.id === id)?.label ?? "Not given";
}
