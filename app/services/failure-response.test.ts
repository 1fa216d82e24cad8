// What a loader's failed API call becomes: the refusal's own 4xx, or, when the API could not
// answer (unreachable, its database down or damaged, a 5xx of its own), a 503 with
// Retry-After that the root's boundary shows as the 'Attention' dialog, never a bare 502.
import { describe, expect, it } from "vitest";
import { type CommerceFailure, failureResponse } from "./commerce.server";

const failure = (fields: Partial<CommerceFailure>): CommerceFailure => ({
  ok: false,
  nCode: 500,
  code: "INTERNAL",
  message: "An error has occurred",
  ...fields,
});

const answerOf = (thrown: ReturnType<typeof failureResponse>) => ({
  status: thrown.init?.status,
  retryAfter: new Headers(thrown.init?.headers).get("Retry-After"),
  data: thrown.data,
});

describe("a failed call in a loader", () => {
  it("is 503 with Retry-After when the API could not answer, whatever it said", () => {
    for (const failed of [
      failure({ nCode: 500, code: "INTERNAL" }),
      failure({ nCode: 502, code: "INTERNAL" }),
      failure({ nCode: 555, code: "TRANSPORT" }),
      failure({ nCode: 503, code: "UNAVAILABLE" }),
    ]) {
      expect(answerOf(failureResponse(failed))).toEqual({
        status: 503,
        retryAfter: "5",
        data: { nCode: failed.nCode, message: failed.message },
      });
    }
  });

  it("carries the API's own Retry-After when it gave one", () => {
    const failed = failure({ nCode: 503, code: "UNAVAILABLE", retryAfterSeconds: 30 });
    expect(answerOf(failureResponse(failed)).retryAfter).toBe("30");
  });

  it("keeps a refusal's own status, and 404 for what does not exist", () => {
    expect(answerOf(failureResponse(failure({ nCode: 404, code: "NOT_FOUND" }))).status).toBe(404);
    const expired = failureResponse(failure({ nCode: 410, code: "PROCESS_EXPIRED" }));
    expect(answerOf(expired)).toMatchObject({ status: 410, retryAfter: null });
  });
});
