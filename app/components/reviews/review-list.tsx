// Reviews as a list (part 1 §2 public profile; part 2 §2 the owner's reviews on the car page), with the rating
// breakdown (how many reviews gave each star) and the category averages above it. The breakdown is over every review
// when the loader sends a summary (reviewSummaryAbout), else over the reviews listed. Server-rendered markup only:
// no client code beyond the component itself (the car page is near its JavaScript budget).
import { useTranslation } from "react-i18next";
import { Avatar } from "~/components/shell/header";
import {
  hasCategoryRatings,
  REVIEW_CATEGORIES,
  starRows,
  summarizeReviews,
  type ReviewSummary,
} from "~/reviews/review-summary";
import { formatDate, formatRating } from "~/utils/format";

export interface ReviewItem {
  id: string;
  rating: number;
  cleanlinessRating?: number | null;
  communicationRating?: number | null;
  accuracyRating?: number | null;
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

/**
 * `summary` covers every review (the list may show only the latest few); without it the breakdown counts the
 * reviews listed. `breakdown={false}` when the page shows <RatingBreakdown> elsewhere.
 */
export function ReviewList({
  reviews,
  summary,
  breakdown = true,
}: {
  reviews: ReviewItem[];
  summary?: ReviewSummary | null;
  breakdown?: boolean;
}) {
  const { t, i18n } = useTranslation("cars");
  if (reviews.length === 0) return <p className="text-muted">{t("reviews.empty")}</p>;
  return (
    <>
      {breakdown ? (
        <RatingBreakdown summary={summary && summary.total > 0 ? summary : summarizeReviews(reviews)} />
      ) : null}
      <ul className={`grid gap-4 ${breakdown ? "mt-4" : ""}`}>
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
              <CategoryLine review={review} />
              {review.title ? <p className="mt-3 font-semibold">{review.title}</p> : null}
              {review.content ? <p className="mt-1 whitespace-pre-line text-sm">{review.content}</p> : null}
              <p className="mt-2 text-xs text-muted">
                {t("reviews.about", { car: `${review.carMake} ${review.carModel} ${review.carYear}` })}
              </p>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** "Cleanliness 5/5 · Communication 4/5": the categories this reviewer rated, if any. */
function CategoryLine({ review }: { review: ReviewItem }) {
  const { t } = useTranslation("reviews");
  const rated = REVIEW_CATEGORIES.flatMap((category) => {
    const value = review[`${category}Rating`];
    return typeof value === "number" ? [`${t(`form.category.${category}`)} ${value}/5`] : [];
  });
  if (rated.length === 0) return null;
  return <p className="mt-2 text-xs text-muted">{rated.join(" · ")}</p>;
}

/** One decimal in the reader's format: "4,5" (lt), "4.5" (en), from the kept formatter (making one per render costs). */
function useOneDecimal() {
  const { i18n } = useTranslation();
  return (value: number) => formatRating(value, i18n.language);
}

/** The average, a bar per star (5 to 1) with its count, and the category averages that any review gave. */
export function RatingBreakdown({ summary }: { summary: ReviewSummary }) {
  const { t } = useTranslation("reviews");
  const oneDecimal = useOneDecimal();
  return (
    <div className="grid gap-5 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2">
      <div>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-3xl font-bold">{oneDecimal(summary.average)}</span>
          <Stars rating={Math.round(summary.average * 10) / 10} />
        </p>
        <p className="text-sm text-muted">{t("list.basedOn", { count: summary.total })}</p>
        <h3 className="sr-only">{t("list.breakdown")}</h3>
        <ul className="mt-3 grid gap-1.5">
          {starRows(summary.stars).map((row) => (
            <li key={row.star} className="flex items-center gap-2 text-sm">
              <span className="sr-only">{t("list.starRow", { star: row.star, count: row.count })}</span>
              <span aria-hidden="true" className="w-7 shrink-0 tabular-nums">
                {row.star}
                <span className="text-accent">★</span>
              </span>
              <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-subtle">
                <span className="block h-full rounded-full bg-accent" style={{ width: `${row.percent}%` }} />
              </span>
              <span aria-hidden="true" className="w-8 shrink-0 text-right tabular-nums text-muted">
                {row.count}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {hasCategoryRatings(summary) ? (
        <div>
          <h3 className="text-sm font-semibold">{t("list.categories")}</h3>
          <dl className="mt-2 grid gap-2 text-sm">
            {REVIEW_CATEGORIES.map((category) => {
              const value = summary.categories[category];
              if (value === null) return null;
              return (
                <div key={category} className="flex items-center justify-between gap-3">
                  <dt>{t(`form.category.${category}`)}</dt>
                  <dd className="flex items-center gap-2">
                    <Stars rating={Math.round(value * 10) / 10} />
                    <span className="w-7 text-right font-semibold tabular-nums">{oneDecimal(value)}</span>
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      ) : null}
    </div>
  );
}
