import type { MessageState } from "./message-states";

// The workbench's pages (a message, a person) as both sides see them: their addresses and the shapes of
// what their loaders show (docs/decisions/153-notes-replies-and-a-timeline.md).

export const MESSAGE_PAGE = "/admin/message";
export const PERSON_PAGE = "/admin/person";

/**
 * A message's page, `/admin/message?id=12`, with a saved reply picked when given, and the list it was
 * opened from (`back`, that list's own query: its filters and page; docs/decisions/176) when there is one.
 */
export function messagePath(id: number, saved?: string | null, back?: string | null): string {
  const search = new URLSearchParams({ id: String(id) });
  if (saved) search.set("saved", saved);
  if (back) search.set("back", back);
  return `${MESSAGE_PAGE}?${search}`;
}

/** A person's page, `/admin/person?id=7`. */
export function personPath(id: number): string {
  return `${PERSON_PAGE}?${new URLSearchParams({ id: String(id) })}`;
}

/** A note or a reply as the pages show it: what was written, by whom, when. */
export interface Written {
  id: number;
  body: string;
  author: string | null;
  createdAt: Date;
}

/** One line of a person's timeline, newest first. */
export type TimelineItem =
  | { kind: "message"; at: Date; messageId: number; text: string; state: MessageState }
  | { kind: "reply"; at: Date; messageId: number; text: string; author: string | null }
  | { kind: "note"; at: Date; text: string; author: string | null }
  | { kind: "event"; at: Date; label: string; author: string | null };

/** Who wrote or did something, as a list shows it. */
export function authorName(author: string | null): string {
  return author ?? "A former administrator";
}
