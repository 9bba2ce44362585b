import { createContext, useContext } from "react";

/**
 * The site's stylesheet, inlined in every page's <head> by the server entry: a separate render-blocking
 * request cost 1.3 s of First Contentful Paint on Lighthouse's mobile profile. In the browser the context
 * is empty: React 19 keeps the server's <style> because style resources are matched by `href`.
 */
export const DocumentStylesContext = createContext("");

export function DocumentStyles({ nonce }: { nonce: string }) {
  const css = useContext(DocumentStylesContext);
  return (
    <style href="facets-styles" precedence="default" nonce={nonce || undefined}>
      {css}
    </style>
  );
}
