// Texts that both the server and the pages show about accounts.

export const LOGIN_FAILED_MESSAGE = "Invalid credentials or account not approved";
export const REGISTERED_MESSAGE =
  "Your account has been created. Please wait for admin approval before you can log in.";
export const RESET_LINK_SENT_MESSAGE = "If an account exists for that address, we have sent a link.";
export const LINK_INVALID_MESSAGE = "This link is invalid or has expired.";
