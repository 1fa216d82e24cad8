// Reads a calendar file as a calendar program does, with a parser nobody here wrote
// (ical.js): for the tests of the order's .ics.
import ICAL from "ical.js";

/** The events of a calendar file as a calendar program reads them (ical.js). */
export function calendarEvents(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    const end = vevent.getFirstPropertyValue("dtend");
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      startZone: event.startDate.zone?.tzid,
      // The file's own DTEND (a program would make one up from DTSTART when it is missing).
      end: end instanceof ICAL.Time ? end.toJSDate().toISOString() : null,
      endZone: end instanceof ICAL.Time ? end.zone?.tzid : null,
      minutes: event.duration.toSeconds() / 60,
    };
  });
}
