import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrPath } from "./qr-path.ts";

/** The modules a path paints, read back from its rectangles. */
function paintedModules(path: string, size: number): boolean[] {
  const modules = new Array<boolean>(size * size).fill(false);
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dx = 0; dx < Number(width); dx++) {
      modules[Number(y) * size + Number(x) + dx] = true;
    }
  }
  return modules;
}

describe("qrPath", () => {
  it.each(["T501.77.shortcode", `T123456.987.${"A".repeat(86)}`])(
    "paints exactly the dark modules of the QR code of %s",
    (text) => {
      const { path, size } = qrPath(text);
      const expected = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
      expect(size).toBe(expected.size);
      expect(paintedModules(path, size)).toEqual(Array.from(expected.data, (bit) => bit === 1));
      // Runs are merged: fewer rectangles than dark modules.
      const rectangles = path.split("M").length - 1;
      expect(rectangles).toBeLessThan(expected.data.filter((bit) => bit === 1).length);
    },
  );
});
