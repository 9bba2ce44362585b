/** The signed-in user as the server knows it: read from D1, never trusted from KV alone. */
export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  phone: string | null;
  userTypeId: number | null;
  isAdmin: boolean;
}
