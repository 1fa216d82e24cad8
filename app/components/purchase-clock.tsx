import { useEffect, useRef, useState } from "react";
import { clockParts, isClockAlert } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { announcementDue } from "~/lib/purchase-timer";

/**
 * Time left to pay (§4). The server renders the time left at render time; with JavaScript it
 * counts down each second and calls onExpire at zero. With `announce`, screen readers are
 * told the time left at 5, 2 and 1 minutes (a polite status, not every second): one clock of
 * the page announces, the header's, which every page of a running purchase shows.
 */
export function PurchaseClock({
  deadline,
  renderedAt,
  onExpire,
  compact = false,
  announce = false,
}: {
  deadline: string;
  renderedAt?: number;
  onExpire?: () => void;
  compact?: boolean;
  announce?: boolean;
}) {
  const { t } = useTranslation();
  const deadlineMs = Date.parse(deadline);
  const [now, setNow] = useState(renderedAt ?? Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = deadlineMs - now;
  useEffect(() => {
    if (left <= 0) onExpire?.();
  }, [left, onExpire]);
  const [announcement, setAnnouncement] = useState("");
  const secondsBefore = useRef<number | null>(null);
  useEffect(() => {
    const seconds = Math.floor(left / 1000);
    const due =
      secondsBefore.current === null ? null : announcementDue(secondsBefore.current, seconds);
    secondsBefore.current = seconds;
    if (announce && due !== null) setAnnouncement(t("layout:clock.minutesLeft", { count: due }));
  }, [left, announce, t]);
  const { unit, text } = clockParts(left);
  const label =
    unit === "days"
      ? t("layout:clock.days", { count: Number(text) })
      : unit === "hours"
        ? t("layout:clock.hours", { count: Number(text) })
        : text;
  return (
    <>
      <span
        className={`clock ${isClockAlert(left) ? "clock-alert" : ""}`}
        role="timer"
        aria-label={t("layout:clock.label", { time: label })}
      >
        {compact ? null : <span className="clock-caption">{t("layout:clock.caption")} </span>}
        <time dateTime={deadline}>{label}</time>
      </span>
      {announce ? (
        <span role="status" className="sr-only">
          {announcement}
        </span>
      ) : null}
    </>
  );
}
