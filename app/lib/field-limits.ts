/** Password bounds for registration (the spec leaves them open; see docs/decisions/003-password-length-bounds.md). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The longest contact message accepted. */
export const MESSAGE_MAX = 5000;
