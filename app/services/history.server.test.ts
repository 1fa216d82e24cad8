// A redirect after a form replaces the form's history entry; a page's own redirect and every
// other answer are left as they were (decision 0071).
import { data, RouterContextProvider, redirect, redirectDocument } from "react-router";
import { describe, expect, it } from "vitest";
import {
  replaceAfterSubmissionMiddleware,
  replacing,
  replacingAfterSubmission,
} from "./history.server";

const post = new Request("http://shop.test/login", { method: "POST", body: "a=1" });
const get = new Request("http://shop.test/cart");

describe("replacingAfterSubmission", () => {
  it("marks an action's redirect to replace, keeping its status, address and cookies", () => {
    const sent = redirect("/myOrders", { status: 303, headers: { "Set-Cookie": "s=1; Path=/" } });
    const marked = replacingAfterSubmission(post, sent);
    expect(marked.status).toBe(303);
    expect(marked.headers.get("Location")).toBe("/myOrders");
    expect(marked.headers.get("Set-Cookie")).toBe("s=1; Path=/");
    expect(marked.headers.get("X-Remix-Replace")).toBe("true");
  });

  it("keeps a redirect that leaves for another site a full-page one", () => {
    const marked = replacingAfterSubmission(post, redirectDocument("https://bank.test/3ds"));
    expect(marked.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(marked.headers.get("X-Remix-Replace")).toBe("true");
  });

  it("leaves a page's own redirect alone: the address it left never entered the history", () => {
    const sent = redirect("/BuyTicket/5");
    expect(replacingAfterSubmission(get, sent)).toBe(sent);
  });

  it("leaves answers that are not redirects alone", () => {
    const refused = new Response("no", { status: 400 });
    expect(replacingAfterSubmission(post, refused)).toBe(refused);
    const page = new Response("<html></html>", { status: 200 });
    expect(replacingAfterSubmission(post, page)).toBe(page);
  });
});

describe("replacing", () => {
  it("marks a page's redirect when the page asks for it (a result found while it waits)", () => {
    const marked = replacing(redirect("/BuyTicket/ok/5"));
    expect(marked.status).toBe(302);
    expect(marked.headers.get("X-Remix-Replace")).toBe("true");
    const page = new Response("ok");
    expect(replacing(page)).toBe(page);
  });
});

describe("replaceAfterSubmissionMiddleware", () => {
  const args = (request: Request) => ({
    request,
    params: {},
    context: new RouterContextProvider(),
    unstable_pattern: "/",
    pattern: "/",
  });

  it("marks the redirect the route answered a submission with", async () => {
    const answer = await replaceAfterSubmissionMiddleware(args(post) as never, async () =>
      redirect("/"),
    );
    expect((answer as Response).headers.get("X-Remix-Replace")).toBe("true");
  });

  it("lets a thrown refusal through untouched", async () => {
    await expect(
      replaceAfterSubmissionMiddleware(args(post) as never, async () => {
        throw data({ code: "x" }, { status: 415 });
      }),
    ).rejects.toMatchObject({ init: { status: 415 } });
  });
});
