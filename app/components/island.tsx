import { type ComponentType, useState } from "react";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, type IslandName } from "~/lib/islands";
import { useHydrated } from "~/lib/use-hydrated";

interface IslandProps<P extends object> {
  /** Which island (app/lib/islands.ts): the starter loads its chunk. */
  name: IslandName;
  component: ComponentType<P>;
  /** Written into the page as JSON, so they must survive JSON: plain data only. */
  props: P;
  className?: string;
}

/**
 * One island of an island page (app/lib/islands.ts). On the server: the component, rendered, inside an
 * element that names the island and carries its props; the starter hydrates it there, on its own.
 *
 * In the browser this component runs only when it sits inside another island that hydrates (the passkey
 * button inside the login island), or when the whole page is rendered in the browser. Inside a hydrating
 * island it keeps the server's element as it is, children included: the inner island is hydrated by its
 * own root, so each of the two loads and hydrates on its own. Rendered afresh in the browser (the outer
 * island shows it again later), it is simply part of the tree around it.
 */
export function Island<P extends object>({ name, component: Component, props, className }: IslandProps<P>) {
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  if (typeof document === "undefined") {
    return (
      <div
        {...{ [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) }}
        className={className}
      >
        <Component {...props} />
      </div>
    );
  }
  if (fromServer) {
    return (
      <div
        {...{ [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) }}
        className={className}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty on purpose, so React leaves the server's children to the inner island's own root.
        dangerouslySetInnerHTML={{ __html: "" }}
      />
    );
  }
  return (
    <div className={className}>
      <Component {...props} />
    </div>
  );
}
