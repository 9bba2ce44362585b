// A sender's side of a conversation (decision 174), as the pages, the emails and the server all name it.

/** A contact message's reference, as its sender reads it and staff search for it: "FCT-000123". */
export const messageReference = (id: number): string => `FCT-${String(id).padStart(6, "0")}`;

/** The page a private link opens: the conversation, and a form to answer it. */
export const CONVERSATION_PAGE = "/conversation";

/** How long a private link shows its conversation; a dead one can ask for a new one. */
export const THREAD_LINK_DAYS = 30;
