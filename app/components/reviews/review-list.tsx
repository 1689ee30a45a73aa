// Reviews as a list (part 1 §2 public profile; part 2 §2 the owner's reviews on the car page). Rating breakdowns and
// writing a review come with the booking work.
import { useTranslation } from "react-i18next";
import { Avatar } from "~/components/shell/header";
import { formatDate } from "~/utils/format";

export interface ReviewItem {
  id: string;
  rating: number;
  title: string | null;
  content: string | null;
  createdAt: number;
  reviewerName: string | null;
  reviewerAvatarKey: string | null;
  carMake: string;
  carModel: string;
  carYear: number;
}

export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation("cars");
  return (
    <span role="img" aria-label={t("reviews.stars", { rating })} className="tracking-tight text-accent">
      {"★".repeat(Math.round(rating))}
      <span className="text-line">{"★".repeat(5 - Math.round(rating))}</span>
    </span>
  );
}

export function ReviewList({ reviews }: { reviews: ReviewItem[] }) {
  const { t, i18n } = useTranslation("cars");
  if (reviews.length === 0) return <p className="text-muted">{t("reviews.empty")}</p>;
  return (
    <ul className="grid gap-4">
      {reviews.map((review) => {
        const name = review.reviewerName || t("reviews.anonymous");
        return (
          <li key={review.id} className="rounded-xl border border-line bg-surface p-4">
            <div className="flex items-center gap-3">
              <Avatar user={{ fullName: name, email: "?", avatarKey: review.reviewerAvatarKey }} size="size-9" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{name}</p>
                <p className="text-xs text-muted">
                  <time dateTime={new Date(review.createdAt).toISOString()}>
                    {formatDate(review.createdAt, i18n.language)}
                  </time>
                </p>
              </div>
              <p className="text-sm whitespace-nowrap">
                <Stars rating={review.rating} /> <span className="font-semibold">{review.rating}/5</span>
              </p>
            </div>
            {review.title ? <p className="mt-3 font-semibold">{review.title}</p> : null}
            {review.content ? <p className="mt-1 whitespace-pre-line text-sm">{review.content}</p> : null}
            <p className="mt-2 text-xs text-muted">
              {t("reviews.about", { car: `${review.carMake} ${review.carModel} ${review.carYear}` })}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
