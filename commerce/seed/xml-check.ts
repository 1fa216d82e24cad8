// A small XML well-formedness check for the poster tests (no XML parser is installed):
// balanced tags, quoted attributes, valid entities, one root element.
const entity = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/y;
const attribute = /\s+([A-Za-z_:][\w:.-]*)="([^"<]*)"/y;

function checkEntities(text: string, where: string): void {
  for (let i = text.indexOf("&"); i !== -1; i = text.indexOf("&", i + 1)) {
    entity.lastIndex = i;
    if (!entity.test(text)) throw new Error(`bad entity in ${where}: ${text.slice(i, i + 12)}`);
  }
}

export function assertWellFormedXml(xml: string): void {
  const stack: string[] = [];
  let roots = 0;
  const token = /<[^>]*>|[^<]+/g;
  for (const [piece] of xml.matchAll(token)) {
    if (!piece.startsWith("<")) {
      if (stack.length === 0 && piece.trim()) throw new Error("text outside the root element");
      checkEntities(piece, "text");
      continue;
    }
    const closing = /^<\/([A-Za-z_:][\w:.-]*)\s*>$/.exec(piece);
    if (closing) {
      const open = stack.pop();
      if (open !== closing[1]) throw new Error(`</${closing[1]}> closes <${open}>`);
      continue;
    }
    const opening = /^<([A-Za-z_:][\w:.-]*)/.exec(piece);
    if (!opening) throw new Error(`malformed tag ${piece.slice(0, 40)}`);
    const selfClosing = piece.endsWith("/>");
    const body = piece.slice(opening[0].length, selfClosing ? -2 : -1);
    let position = 0;
    const seen = new Set<string>();
    while (position < body.trimEnd().length) {
      attribute.lastIndex = position;
      const match = attribute.exec(body);
      if (!match) throw new Error(`malformed attributes in ${piece.slice(0, 60)}`);
      if (seen.has(match[1])) throw new Error(`duplicate attribute ${match[1]}`);
      seen.add(match[1]);
      checkEntities(match[2], `attribute ${match[1]}`);
      position = attribute.lastIndex;
    }
    if (stack.length === 0) roots++;
    if (!selfClosing) stack.push(opening[1]);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join("> <")}>`);
  if (roots !== 1) throw new Error(`expected one root element, found ${roots}`);
}
