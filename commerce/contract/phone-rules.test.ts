import { describe, expect, it } from "vitest";
import { phoneNumberProblem } from "./phone-rules.ts";

describe("phoneNumberProblem", () => {
  it("accepts numbers as people write them", () => {
    for (const number of [
      "+54 (11) 4321-5678",
      "011 4321 5678",
      "1143215678",
      "+598 99 123 456",
      "(021) 555-123",
      "123456",
      "+123456789012345",
    ]) {
      expect(phoneNumberProblem(number), number).toBeNull();
    }
  });

  it("asks for a number when there is none", () => {
    expect(phoneNumberProblem("")).toBe("phoneRequired");
    expect(phoneNumberProblem("   ")).toBe("phoneRequired");
  });

  it("refuses letters, other signs, a + that is not first and unbalanced parentheses", () => {
    for (const number of [
      "11 4321 CASA",
      "11.4321.5678",
      "11/4321",
      "54+11 4321 5678",
      "++54 11 4321 5678",
      "(11 4321 5678",
      "11) 4321 (5678",
      "((11)) 43215678",
      "1143215678 ext 2",
    ]) {
      expect(phoneNumberProblem(number), number).toBe("phoneCharacters");
    }
  });

  it("counts only digits towards the length", () => {
    expect(phoneNumberProblem("12345")).toBe("phoneTooShort");
    expect(phoneNumberProblem("(1) 2-3 4-5")).toBe("phoneTooShort");
    expect(phoneNumberProblem("+1234567890123456")).toBe("phoneTooLong");
    expect(phoneNumberProblem("1  2  3  4  5  6  7  8  9  0  1")).toBe("phoneTooLong");
    expect(phoneNumberProblem("1 2 3 4 5 6 7 8 9 0 1 2 3 4 5")).toBeNull();
  });
});
