// A QR code as vector drawing: one SVG path of its dark modules, each row's runs merged into
// rectangles. Drawn straight into a PDF it replaces a PNG that was encoded (deflate), decoded
// and compressed again by pdf-lib for every ticket: that was about a third of the API's CPU
// per order in the on-sale benchmark, and the vector code prints sharp at any size.
import QRCode from "qrcode";

export type QrPath = {
  /** SVG path data in module units, y downwards, without the quiet zone. */
  path: string;
  /** Modules per side. */
  size: number;
};

export function qrPath(text: string): QrPath {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
  let path = "";
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      path += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  }
  return { path, size };
}
