import type { ContentKind } from "./kind";
import { leadershipKind } from "./leadership";
import { mediaKind } from "./media";
import { pilotsKind } from "./pilots";
import { tranchesKind } from "./tranches";

// Every kind of editable content (kind.ts), in the Content tab's order. A new kind is its declaration and
// one line here; its page reads it with `contentOf` (content-context.ts).

export const CONTENT_KINDS = {
  tranches: tranchesKind,
  media: mediaKind,
  pilots: pilotsKind,
  leadership: leadershipKind,
} as const;

export type ContentName = keyof typeof CONTENT_KINDS;
export type ContentData<N extends ContentName> = (typeof CONTENT_KINDS)[N]["seed"];

export const CONTENT_NAMES = Object.keys(CONTENT_KINDS) as ContentName[];

export function contentKindOf(name: string): ContentKind<unknown> | undefined {
  return Object.hasOwn(CONTENT_KINDS, name)
    ? (CONTENT_KINDS[name as ContentName] as ContentKind<unknown>)
    : undefined;
}

/** The kind whose data renders this public page, if any. */
export function contentNameOfPath(path: string): ContentName | undefined {
  return CONTENT_NAMES.find((name) => CONTENT_KINDS[name].paths.includes(path));
}
