// A car's first photo, small, beside a line of a dashboard list; a car icon when it has none. Decorative: the car's
// name is the line's text.
import { Icon } from "~/components/ui/icons";
import { imageUrl } from "~/utils/images";

export function CarThumbnail({ imageKey, large = false }: { imageKey: string | null; large?: boolean }) {
  const size = large ? "h-18 w-24" : "h-15 w-20";
  return imageKey ? (
    <img
      src={imageUrl(imageKey, "card")}
      alt=""
      width={large ? 96 : 80}
      height={large ? 72 : 60}
      loading="lazy"
      className={`${size} shrink-0 rounded-lg object-cover`}
    />
  ) : (
    <span className={`${size} grid shrink-0 place-items-center rounded-lg bg-subtle text-muted`}>
      <Icon name="car" className="size-6" />
    </span>
  );
}
