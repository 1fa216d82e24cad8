import { useEffect, useState } from "react";
import { clockParts, isClockAlert } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";

/**
 * Time left to pay (§4). The server renders the time left at render time; with JavaScript it
 * counts down each second and calls onExpire at zero.
 */
export function PurchaseClock({
  deadline,
  renderedAt,
  onExpire,
  compact = false,
}: {
  deadline: string;
  renderedAt?: number;
  onExpire?: () => void;
  compact?: boolean;
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
  const { unit, text } = clockParts(left);
  const label =
    unit === "days"
      ? t("layout:clock.days", { count: Number(text) })
      : unit === "hours"
        ? t("layout:clock.hours", { count: Number(text) })
        : text;
  return (
    <span
      className={`clock ${isClockAlert(left) ? "clock-alert" : ""}`}
      role="timer"
      aria-label={t("layout:clock.label", { time: label })}
    >
      {compact ? null : <span className="clock-caption">{t("layout:clock.caption")} </span>}
      <time dateTime={deadline}>{label}</time>
    </span>
  );
}
