// Bodies that are not forms are refused before any action reads them: 415 for another kind of
// body, 400 for a multipart form that cannot be read, with a translated message.
import { describe, expect, it } from "vitest";
import { registerEmbeddedCommerce } from "~/services/commerce.server";
import { runRoute, shopOrigin } from "~/testing/route-harness";
import { createTestApi, testDatabase } from "../../commerce/testing/harness.ts";
import * as login from "../routes/login";
import { unreadableFormOf } from "./form-body.server";

function post(body: BodyInit | null, contentType?: string, method = "POST") {
  const headers = new Headers({ "Accept-Language": "en" });
  const request = new Request(`${shopOrigin}/login`, { method, headers, body });
  // A Request fills in a content type for some bodies: set or remove it as the case says.
  if (contentType === undefined) request.headers.delete("content-type");
  else request.headers.set("content-type", contentType);
  return request;
}

const boundary = "----fuzzboundary";
const multipart = [
  `--${boundary}`,
  'Content-Disposition: form-data; name="cEmail"',
  "",
  "ana@example.com",
  `--${boundary}--`,
  "",
].join("\r\n");

describe("unreadableFormOf", () => {
  it("lets forms through, URL-encoded (any charset) or multipart", async () => {
    expect(await unreadableFormOf(post("a=1", "application/x-www-form-urlencoded"))).toBeNull();
    expect(
      await unreadableFormOf(post("a=%zz%ff", "Application/X-WWW-Form-URLEncoded; charset=UTF-8")),
    ).toBeNull();
    expect(
      await unreadableFormOf(post(multipart, `multipart/form-data; boundary=${boundary}`)),
    ).toBeNull();
  });

  it("leaves requests without a body to read alone", async () => {
    expect(await unreadableFormOf(new Request(`${shopOrigin}/login`))).toBeNull();
    expect(
      await unreadableFormOf(new Request(`${shopOrigin}/login`, { method: "HEAD" })),
    ).toBeNull();
  });

  it("answers 415 to what is not a form", async () => {
    for (const [body, type] of [
      ["{}", "application/json"],
      ["a=b", "text/plain"],
      ["a=b", undefined],
      [null, undefined],
      ["<a/>", "application/xml"],
      ["x", "multipart/mixed; boundary=x"],
    ] as const) {
      expect(await unreadableFormOf(post(body, type)), String(type)).toEqual({
        code: "unreadableForm",
        status: 415,
      });
    }
    expect((await unreadableFormOf(post("{}", "application/json", "DELETE")))?.status).toBe(415);
  });

  it("answers 400 to a multipart form without its boundary, cut short or with another one", async () => {
    for (const [body, type] of [
      [multipart, "multipart/form-data"],
      [multipart.slice(0, 60), `multipart/form-data; boundary=${boundary}`],
      [multipart, "multipart/form-data; boundary=other"],
    ] as const) {
      expect(await unreadableFormOf(post(body, type)), type).toEqual({
        code: "unreadableForm",
        status: 400,
      });
    }
  });
});

describe("an action posted a body that is not a form", () => {
  it("is refused before it runs, with the status and a translated message", async () => {
    registerEmbeddedCommerce(createTestApi((await testDatabase()).db).api.fetch);
    for (const [body, type, status] of [
      ["{}", "application/json", 415],
      [multipart, "multipart/form-data", 400],
    ] as const) {
      const { thrown } = await runRoute(login.action, post(body, type));
      expect(thrown, type).toMatchObject({
        init: { status },
        data: {
          code: "unreadableForm",
          message:
            "What was sent is not a form of this page. Go back to the page, reload it and send the form again.",
        },
      });
    }
  });
});
