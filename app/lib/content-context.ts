import { createContext, type RouterContextProvider } from "react-router";
import { CONTENT_KINDS, type ContentData, type ContentName } from "./content-kinds/index";

// What a page of editable content renders (issue 41): the published documents, or for a preview a draft,
// which the Worker puts in the router's context before it renders such a page. The page's loader reads it
// with `contentOf`; with nothing put there (the build's prerender) it renders the seed, the spec's figures.

export type ContentDocuments = { readonly [N in ContentName]?: ContentData<N> };

export const contentContext = createContext<ContentDocuments>({});

/** The document this render shows: what the Worker put in the context, else the seed. */
export function contentOf<N extends ContentName>(
  context: Readonly<RouterContextProvider>,
  name: N,
): ContentData<N> {
  return (context.get(contentContext)[name] as ContentData<N> | undefined) ?? CONTENT_KINDS[name].seed;
}
