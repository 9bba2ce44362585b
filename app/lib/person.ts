/** Who a person says they are, as the register and contact forms take it (spec section 3). */
export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  phone: string | null;
  userTypeId: number | null;
}
