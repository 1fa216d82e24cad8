import type { ShowCard as ShowCardData } from "@contract";
import { ShowCard } from "~/components/show-card";

type Props = {
  shows: readonly ShowCardData[];
  /** How many leading posters load eagerly (above the fold); the rest are lazy. */
  eager?: number;
  headingLevel?: 2 | 3 | 4;
  /** Gives each item an id (a fragment target for "load more" without JavaScript). */
  itemId?: (index: number) => string;
  className?: string;
  variant?: "poster" | "feature";
};

/** Cards in a responsive grid: 2 columns on a phone, up to 4 on a desktop. */
export function ShowGrid({
  shows,
  eager = 0,
  headingLevel = 3,
  itemId,
  className,
  variant,
}: Props) {
  return (
    <ul className={className ?? "show-grid"}>
      {shows.map((show, index) => (
        <li
          key={show.idEspectaculoCartel}
          id={itemId?.(index)}
          // A fragment target receives focus, so keyboard users continue from the new results.
          tabIndex={itemId ? -1 : undefined}
          className="flex"
        >
          <ShowCard
            show={show}
            lazy={index >= eager}
            priority={eager > 0 && index === 0}
            headingLevel={headingLevel}
            variant={variant}
          />
        </li>
      ))}
    </ul>
  );
}
