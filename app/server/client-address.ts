import type { Caller } from "./deps";

// What a limit keyed by client address counts as one client (GUIDE.md section 5): an IPv6 address's /64.

/**
 * The client an address stands for: an IPv4 address itself, an IPv6 address its /64 (one subscriber's
 * network, where a new address costs nothing), no address (null) one client of its own.
 */
export function clientOf(address: string | null): string | null {
  if (address === null || !address.includes(":")) return address;
  if (address.includes(".")) return address.slice(address.lastIndexOf(":") + 1); // ::ffff:192.0.2.1
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The client a request came from, as clientOf; a request without an address is one client of its own. */
export function clientOfCaller(caller: Caller): string | null {
  return clientOf(caller.address === "unknown" ? null : caller.address);
}
