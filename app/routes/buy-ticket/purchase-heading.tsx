// A purchase page's heading with its clock beside it (the checkout and the box office's
// sale); when the clock runs out, `onExpire` lets the page open its expiry dialog.
import { PurchaseClock } from "~/components/purchase-clock";

export function PurchaseHeading({
  id,
  title,
  deadline,
  renderedAt,
  onExpire,
}: {
  id: string;
  title: string;
  deadline: string;
  renderedAt: number;
  onExpire: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 mb-4">
      <h1 id={id} className="mb-0">
        {title}
      </h1>
      <p className="text-lg">
        <PurchaseClock deadline={deadline} renderedAt={renderedAt} onExpire={onExpire} />
      </p>
    </div>
  );
}
