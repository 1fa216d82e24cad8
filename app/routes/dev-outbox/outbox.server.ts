// The messages of the embedded API's outbox, read back for the development page.
import { outboxFiles } from "../../../commerce/mail/outbox.ts";
import { partText, readEml } from "../../../commerce/mail/read-eml.ts";

export type OutboxEntry = {
  id: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  attachments: string[];
};

/** The newest `limit` messages of the folder. */
export async function readOutbox(folder: string, limit = 50): Promise<OutboxEntry[]> {
  const files = (await outboxFiles(folder)).slice(0, limit);
  return files.map(({ name, eml }) => {
    const message = readEml(eml);
    return {
      id: name.replace(/\.eml$/, ""),
      to: message.headers.get("to") ?? "",
      subject: message.headers.get("subject") ?? "",
      date: message.headers.get("date") ?? "",
      text: partText(message, "text/plain") ?? "",
      attachments: message.parts.flatMap((part) => (part.filename ? [part.filename] : [])),
    };
  });
}
