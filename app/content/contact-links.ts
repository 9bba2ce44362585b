// Links into the contact form that say what the visitor came about. The form starts its message
// with "Regarding: <subject>", dashes read as spaces, so subjects are written to read well there.

/** "Funeral-cover-R10-a-month" → "/contact?subject=Funeral-cover-R10-a-month" */
export function contactHref(subject: string): string {
  return `/contact?${new URLSearchParams({ subject }).toString()}`;
}
