import { type SQL, sql } from "drizzle-orm";
import type { Caller } from "./deps";

// What a limit keyed by client address counts as one client (GUIDE.md section 5): an IPv6 address's /64;
// and, for the limit every such limit also keeps per network, its /48 (decision 163).

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

/**
 * The network a client belongs to, counted as one by a limit of its own beside every per-client limit: an
 * IPv6 client's /48, one site's allocation (a tunnel broker hands out a /48 for free: 65,536 /64s, each a
 * client). Null for an IPv4 address or none: the address is already the client.
 */
export function networkOf(client: string | null): string | null {
  if (!client?.endsWith("::/64")) return null;
  return `${client.split(":").slice(0, 3).join(":")}::/48`;
}

/** A LIKE pattern that matches every client (a /64, as clientOf writes it) inside a /48 network. */
export function clientsOfNetwork(network: string): string {
  return `${network.slice(0, -"::/48".length)}:%::/64`;
}

/** Whom a count of a limit's rows counts: one client, or every client of one network. */
export type ClientScope = { client: string | null } | { network: string };

/** SQL that a limit row's `client` column is in the scope. */
export function clientIn(scope: ClientScope): SQL {
  return "network" in scope
    ? sql`client LIKE ${clientsOfNetwork(scope.network)}`
    : sql`client IS ${scope.client}`;
}
