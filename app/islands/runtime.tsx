import { type ComponentType, type ReactNode, useLayoutEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Toaster } from "~/components/toaster";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_HYDRATED_EVENT,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_REGISTRY,
  ISLAND_STATE_ATTRIBUTE,
  type IslandName,
  type IslandRegistry,
} from "~/lib/islands";

// The browser's half of an island (app/lib/islands.ts): each island's entry chunk names its component
// with `defineIsland`, which hydrates the islands of that kind the starter asked for, and registers itself
// for the ones asked for later.

/**
 * What the person typed before the island was hydrated, by field id, kept up to date while React
 * hydrates. React keeps an input's value through hydration but sets a textarea with a default value
 * back to it; the island puts the person's text back before the browser paints.
 */
function trackTyping(element: HTMLElement) {
  const typed = new Map<string, string>();
  const keep = (target: EventTarget | null) => {
    if (
      target instanceof HTMLTextAreaElement ||
      (target instanceof HTMLInputElement && target.type !== "hidden")
    ) {
      if (target.id && target.value !== target.defaultValue) typed.set(target.id, target.value);
    }
  };
  for (const control of element.querySelectorAll("input, textarea")) keep(control);
  const onInput = (event: Event) => keep(event.target);
  element.addEventListener("input", onInput, true);
  return function restore() {
    element.removeEventListener("input", onInput, true);
    for (const [id, value] of typed) {
      const control = document.getElementById(id);
      if (
        (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) &&
        control.value !== value
      ) {
        control.value = value;
      }
    }
  };
}

function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useLayoutEffect(onHydrated, [onHydrated]);
  return children;
}

let toasterMounted = false;

/** The page's notification region, once, beside the first island (the root layout's is not hydrated). */
function mountToaster() {
  if (toasterMounted) return;
  toasterMounted = true;
  const region = document.createElement("div");
  document.body.appendChild(region);
  createRoot(region).render(<Toaster />);
}

/** Hydrates `Component` in the island's element with the props the server wrote there. */
function hydrateIsland<P extends object>(element: HTMLElement, Component: ComponentType<P>) {
  const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}") as P;
  const restore = trackTyping(element);
  hydrateRoot(
    element,
    <Hydrated
      onHydrated={() => {
        restore();
        element.setAttribute(ISLAND_STATE_ATTRIBUTE, "hydrated");
        element.dispatchEvent(new Event(ISLAND_HYDRATED_EVENT, { bubbles: true }));
      }}
    >
      <Component {...props} />
    </Hydrated>,
  );
  mountToaster();
}

/** An island's entry: hydrates the islands of this kind the starter marked, and those it marks later. */
export function defineIsland<P extends object>(name: IslandName, Component: ComponentType<P>): void {
  const scope = window as unknown as Record<string, IslandRegistry>;
  scope[ISLAND_REGISTRY] ??= {};
  scope[ISLAND_REGISTRY][name] = (element) => hydrateIsland(element, Component);
  const asked = document.querySelectorAll<HTMLElement>(
    `[${ISLAND_ATTRIBUTE}="${name}"][${ISLAND_STATE_ATTRIBUTE}="loading"]`,
  );
  for (const element of asked) hydrateIsland(element, Component);
}
