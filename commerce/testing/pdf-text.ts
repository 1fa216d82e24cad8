// Reading back what a PDF made with pdf-lib's standard fonts draws: the strings of a page,
// decoded from the WinAnsi hex strings of its content stream (tests only).
import {
  decodePDFRawStream,
  PDFArray,
  type PDFDocument,
  type PDFObject,
  PDFRawStream,
} from "pdf-lib";

// WinAnsi is Latin-1 except for 0x80–0x9F (Node's TextDecoder treats those as Latin-1 too).
const winAnsiHigh = "€?‚ƒ„…†‡ˆ‰Š‹Œ?Ž??‘’“”•–—˜™š›œ?žŸ";
const decodeWinAnsi = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) =>
    byte >= 0x80 && byte <= 0x9f ? winAnsiHigh[byte - 0x80] : String.fromCharCode(byte),
  ).join("");

/** The strings page `index` draws, in drawing order. */
export function pageTexts(doc: PDFDocument, index: number): string[] {
  const contents = doc.getPage(index).node.Contents();
  const parts: PDFObject[] =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => doc.context.lookup(ref) as PDFObject)
      : contents
        ? [contents]
        : [];
  const texts: string[] = [];
  for (const part of parts) {
    if (!(part instanceof PDFRawStream)) continue;
    const operators = decodeWinAnsi(decodePDFRawStream(part).decode());
    for (const match of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      texts.push(decodeWinAnsi(Buffer.from(match[1], "hex")));
    }
  }
  return texts;
}
