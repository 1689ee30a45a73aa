import { useTranslation } from "react-i18next";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";

export function CarPlaceholderPage({
  data,
}: {
  data: { page: "contact" | "book"; title: string; car: { id: string; name: string } };
}) {
  const { t } = useTranslation("cars");
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{data.title}</h1>
      <p className="mt-1 text-muted">{data.car.name}</p>
      <div className="mt-6 flex gap-3 rounded-xl border border-line bg-surface p-5">
        <Icon name="info" className="mt-0.5 size-5 shrink-0 text-primary" />
        <p className="text-muted">{t(`${data.page}.comingSoon`)}</p>
      </div>
      <ButtonLink to={`/car/${data.car.id}`} variant="secondary" className="mt-6">
        {t("detail.backToCar")}
      </ButtonLink>
    </section>
  );
}
