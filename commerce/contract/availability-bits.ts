// The compact form of a sector's availability: one bit per place in idPosicion order (1 =
// taken), packed least significant bit first and written as base64url. 1,000 seats travel
// as 167 characters. Shared by the API, the storefront's server and the map in the browser,
// so it uses no Node-only API.

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Each character's value by its code (-1: not of the alphabet). */
const valueOfCode = new Int8Array(128).fill(-1);
for (let value = 0; value < alphabet.length; value++)
  valueOfCode[alphabet.charCodeAt(value)] = value;

/** Packs the flags (true = taken) into base64url. */
export function encodeTakenBits(taken: readonly boolean[]): string {
  const bytes = new Uint8Array(Math.ceil(taken.length / 8));
  taken.forEach((isTaken, index) => {
    if (isTaken) bytes[index >> 3] |= 1 << (index & 7);
  });
  let text = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 1 >= bytes.length ? 2 : i + 2 >= bytes.length ? 3 : 4;
    for (let c = 0; c < chars; c++) text += alphabet[(chunk >> (18 - 6 * c)) & 63];
  }
  return text;
}

/** Unpacks `count` flags; null when the text is not a bitset of that many places. */
export function decodeTakenBits(text: string, count: number): boolean[] | null {
  const byteCount = Math.ceil(count / 8);
  const expectedLength = Math.floor(byteCount / 3) * 4 + [0, 2, 3][byteCount % 3];
  if (text.length !== expectedLength) return null;
  const bytes = new Uint8Array(byteCount);
  for (let i = 0, b = 0; i < text.length; i += 4) {
    let chunk = 0;
    const chars = Math.min(4, text.length - i);
    for (let c = 0; c < 4; c++) {
      const code = c < chars ? text.charCodeAt(i + c) : 65; // "A": 0
      const value = code < 128 ? valueOfCode[code] : -1;
      if (value < 0) return null;
      chunk = (chunk << 6) | value;
    }
    for (let k = 0; k < chars - 1; k++) bytes[b++] = (chunk >> (16 - 8 * k)) & 255;
  }
  return Array.from(
    { length: count },
    (_, index) => (bytes[index >> 3] & (1 << (index & 7))) !== 0,
  );
}
