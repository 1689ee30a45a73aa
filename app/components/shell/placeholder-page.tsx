import { useTranslation } from "react-i18next";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";

/** A page whose full version a later issue builds: its title and an honest note, with the way onward. */
export function PlaceholderPage({ page, note = "placeholder.body" }: { page: string; note?: string }) {
  const { t } = useTranslation("pages");
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t(`titles.${page}`)}</h1>
      <div className="mt-6 flex gap-3 rounded-xl border border-line bg-surface p-5">
        <Icon name="info" className="mt-0.5 size-5 shrink-0 text-primary" />
        <p className="text-muted">{t(note)}</p>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/rentals">{t("placeholder.browseRentals")}</ButtonLink>
        <ButtonLink to="/sales" variant="secondary">
          {t("placeholder.browseSales")}
        </ButtonLink>
      </div>
    </section>
  );
}
