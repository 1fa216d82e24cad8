// Reads back the .eml files the outbox writes: headers (RFC 2047 words decoded), and the
// leaf parts of the MIME tree, decoded. Enough for the development outbox page and for tests
// to check what was composed; it is no general mail parser (no nested message/rfc822).

export type EmlPart = {
  contentType: string;
  filename: string | null;
  /** Decoded bytes of the part. */
  content: Buffer;
};

export type ReadEml = {
  headers: Map<string, string>;
  contentType: string;
  parts: EmlPart[];
};

function splitHead(raw: string): { head: string; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  if (end < 0) return { head: raw, body: "" };
  const separator = raw.slice(end).match(/^\r?\n\r?\n/)?.[0] ?? "\n\n";
  return { head: raw.slice(0, end), body: raw.slice(end + separator.length) };
}

/** RFC 2047 encoded words (=?charset?Q|B?text?=); adjacent words join without the space. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")).toString("utf8"),
    );
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    headers.set(
      line.slice(0, colon).trim().toLowerCase(),
      decodeWords(line.slice(colon + 1).trim()),
    );
  }
  return headers;
}

export function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** A header's parameter (boundary, name, filename), quoted or not. */
function parameter(header: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, "i").exec(header);
  return match ? match[1] : null;
}

function leafParts(raw: string): { headers: Map<string, string>; parts: EmlPart[] } {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = parameter(contentType, "boundary");
  if (contentType.toLowerCase().startsWith("multipart/") && boundary) {
    const delimiter = `--${boundary}`;
    const sections = body.split(delimiter).slice(1);
    const parts: EmlPart[] = [];
    for (const section of sections) {
      if (section.startsWith("--")) break;
      parts.push(...leafParts(section.replace(/^\r?\n/, "").replace(/\r?\n$/, "")).parts);
    }
    return { headers, parts };
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const content =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, "utf8");
  const disposition = headers.get("content-disposition") ?? "";
  return {
    headers,
    parts: [
      {
        contentType: contentType.split(";")[0].trim().toLowerCase(),
        filename: parameter(disposition, "filename") ?? parameter(contentType, "name"),
        content,
      },
    ],
  };
}

export function readEml(raw: string | Buffer): ReadEml {
  const { headers, parts } = leafParts(raw.toString());
  return { headers, contentType: headers.get("content-type") ?? "text/plain", parts };
}

/** The first part of a type, as text (the message's plain-text or HTML version). */
export function partText(eml: ReadEml, contentType: "text/plain" | "text/html"): string | null {
  const part = eml.parts.find((p) => p.contentType === contentType && p.filename === null);
  return part ? part.content.toString("utf8") : null;
}
