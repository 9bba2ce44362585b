import { describe, expect, it } from "vitest";
import { formPaths, PAGE_ROUTES } from "../../app/lib/route-table";
import { fetchPage, fetchWorker } from "./support";
import { freshIp, signedInCookie } from "./support-accounts";
import { isFormRoute, validPayloadModel } from "./support-fuzz-routes";

/** Every page path of the route table. */
const pagePaths = () => PAGE_ROUTES.map((entry) => entry.path);

const formPost = (path: string) =>
  fetchWorker(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "192.0.2.77" },
    body: "intent=nothing",
  });

describe("the request policy", () => {
  it("takes form posts exactly on the pages the route table says take them", async () => {
    const takesPosts = [];
    for (const path of pagePaths()) {
      const response = await formPost(path);
      await response.body?.cancel();
      if (response.status !== 405) takesPosts.push(path);
      else expect(response.headers.get("Allow")).toBe("GET, HEAD");
    }
    expect(takesPosts.sort()).toEqual([...formPaths].sort());
    expect(pagePaths().filter(isFormRoute).sort()).toEqual(takesPosts);
  });

  it("answers each JSON route's valid payload as the fuzz's model says, for a visitor, a member and an admin", async () => {
    const [member, admin] = await Promise.all([signedInCookie(), signedInCookie({ admin: true })]);
    const unexpected: string[] = [];
    for (const { pattern, body, statuses } of validPayloadModel()) {
      for (const [caller, cookie] of [
        ["visitor", ""],
        ["member", member.cookie],
        ["admin", admin.cookie],
      ]) {
        const response = await fetchWorker(pattern, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "CF-Connecting-IP": freshIp(),
            ...(cookie ? { Cookie: cookie } : {}),
          },
          body: body(),
        });
        await response.body?.cancel();
        if (!statuses.includes(response.status)) {
          unexpected.push(`${pattern} as ${caller}: ${response.status}, model ${statuses.join("/")}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
  });

  it("answers other methods on a form page 405 with Allow, inside the shell", async () => {
    const { status, response, html } = await fetchPage("/contact", { method: "PUT", body: "x" });
    expect(status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
    expect(html).toContain("<header");
    expect(html).toContain("<footer");
  });

  it("answers a JSON body on a form page 415 and a broken multipart body 400", async () => {
    const json = await fetchPage("/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    expect(json.html).toContain("We could not read that");
    const multipart = await fetchWorker("/contact", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      body: "--zzz\r\nbroken",
    });
    expect(multipart.status).toBe(400);
  });

  it("answers unknown API paths with JSON 404 for every method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await fetchWorker("/api/does-not-exist", { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "There is no such API endpoint." });
    }
  });

  it("answers an admin form with an intent it does not know 400, whatever the name", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    for (const intent of ["constructor", "__proto__", "toString", "nothing"]) {
      const response = await fetchWorker("/admin", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent, id: "1" }).toString(),
      });
      expect(response.status).toBe(400);
      await response.body?.cancel();
    }
  });
});
