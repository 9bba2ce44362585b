// Invoker Commands (HTML `command` / `commandfor`) are not in @types/react yet.
// They let a button open and close a <dialog> with no JavaScript of ours.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
    commandfor?: string;
  }
}
