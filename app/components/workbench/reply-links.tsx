import { Link } from "react-router";
import { messagePath } from "~/lib/workbench";

// The two ways to answer a message (docs/decisions/172). Reply opens the reply form on the message's page,
// where a reply sent is recorded and mailed by the site; "Reply by email" is the spec's mail draft to the
// sender, kept as the lesser way, since what is sent from a mail client leaves no record here.

const pill =
  "inline-flex min-h-6 items-center rounded-full border border-brand px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand hover:bg-brand-soft";

/** The row's Reply: the message's page, at its reply form (knowing the list it is in, `back`). */
export function ReplyLink({ id, name, back }: { id: number; name: string; back?: string }) {
  return (
    <Link to={`${messagePath(id, null, back)}#reply-body`} aria-keyshortcuts="r" className={pill}>
      Reply<span className="sr-only">{` to ${name}`}</span>
    </Link>
  );
}

/**
 * The mail draft to the sender, "Reply by email" (named "Reply to Ada Byron by email" to a screen reader).
 * Its words are one run of text: split across a flex box's items, the space before "by" was lost.
 */
export function ReplyByEmailLink({
  contact,
  large = false,
}: {
  /** Its draft (`mailto`) made by the loader: `withReplyMailto` of lib/reply-mailto.ts. */
  contact: { mailto: string; firstName: string; lastName: string };
  /** The message page's size, beside its Send reply button; a row's menu takes the small one. */
  large?: boolean;
}) {
  return (
    <a
      href={contact.mailto}
      className={
        large
          ? "inline-flex min-h-10 items-center rounded-full border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand-soft"
          : pill
      }
    >
      <span>
        Reply <span className="sr-only">{`to ${contact.firstName} ${contact.lastName} `}</span>by email
      </span>
    </a>
  );
}
