import { describe, expect, it } from "vitest";
import { documentNumberProblem } from "./document-number.ts";

describe("documentNumberProblem", () => {
  it("judges a DNI by its value: 1.000.000 to 99.999.999, dots allowed", () => {
    expect(documentNumberProblem("DNI", "30123456")).toBeNull();
    expect(documentNumberProblem("DNI", "30.123.456")).toBeNull();
    expect(documentNumberProblem("DNI", "1000000")).toBeNull();
    expect(documentNumberProblem("DNI", "99999999")).toBeNull();
    expect(documentNumberProblem("DNI", "999999")).toBe("documentTooLow");
    expect(documentNumberProblem("DNI", "0001234567")).toBeNull();
    expect(documentNumberProblem("DNI", "00999999")).toBe("documentTooLow");
    expect(documentNumberProblem("DNI", "100000000")).toBe("documentTooHigh");
    expect(documentNumberProblem("DNI", "30.12.3456")).toBe("documentInvalid");
    expect(documentNumberProblem("DNI", "30A23456")).toBe("documentInvalid");
  });

  it("wants exactly 11 digits in a CUIT or CUIL, dashes allowed", () => {
    expect(documentNumberProblem("CUIT", "20-30123456-7")).toBeNull();
    expect(documentNumberProblem("CUIL", "20301234567")).toBeNull();
    expect(documentNumberProblem("CUIT", "20-3012345-7")).toBe("documentTooLow");
    expect(documentNumberProblem("CUIL", "203012345678")).toBe("documentTooHigh");
    expect(documentNumberProblem("CUIT", "20.30123456.7")).toBe("documentInvalid");
  });

  it("takes any other document as a code of 5 to 20 characters", () => {
    expect(documentNumberProblem("PASAPORTE", "AAB12345")).toBeNull();
    expect(documentNumberProblem("OTRO", "AB-12")).toBeNull();
    expect(documentNumberProblem("PASAPORTE", "AB12")).toBe("documentTooLow");
    expect(documentNumberProblem("CI", "1".repeat(21))).toBe("documentTooHigh");
    expect(documentNumberProblem("CI_EXTRANJERA", "AB 123")).toBe("documentInvalid");
  });

  it("asks for a number when there is none", () => {
    expect(documentNumberProblem("DNI", "  ")).toBe("documentRequired");
  });
});
