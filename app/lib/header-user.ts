/** What the shared header needs to know about the person signed in. */
export interface HeaderUser {
  firstName: string;
  isAdmin: boolean;
}
