import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewsletterForm } from "~/components/shell/newsletter-form";
import { Icon } from "~/components/ui/icons";

const columns = [
  {
    title: "footer.company",
    links: [
      { to: "/about", label: "footer.about" },
      { to: "/career", label: "footer.career" },
      { to: "/news", label: "footer.news" },
    ],
  },
  {
    title: "footer.services",
    links: [
      { to: "/rentals", label: "nav.rentals" },
      { to: "/sales", label: "nav.sales" },
      { to: "/my-listings?create=rental", label: "footer.listYourCar" },
    ],
  },
  {
    title: "footer.support",
    links: [
      { to: "/help", label: "footer.help" },
      { to: "/faq", label: "footer.faq" },
      { to: "/contact", label: "footer.contact" },
    ],
  },
  {
    title: "footer.legal",
    links: [
      { to: "/terms", label: "footer.terms" },
      { to: "/privacy", label: "footer.privacy" },
      { to: "/cookies", label: "footer.cookies" },
      { to: "/disclaimer", label: "footer.disclaimer" },
      { to: "/privacy#gdpr", label: "footer.gdpr" },
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.2fr_2fr]">
        <div>
          <p className="flex items-center gap-2 text-xl font-extrabold text-primary">
            <Icon name="car" className="size-7" />
            Ratai
          </p>
          <p className="mt-3 max-w-sm text-sm text-muted">{t("footer.tagline")}</p>
          <address className="mt-4 space-y-1 text-sm not-italic text-muted">
            <p>{t("footer.address")}</p>
            <p>
              <a className="hover:text-fg" href="mailto:info@ratai.lt">
                info@ratai.lt
              </a>
            </p>
            <p>
              <a className="hover:text-fg" href="tel:+37052000000">
                +370 5 200 0000
              </a>
            </p>
            <p>{t("footer.hours")}</p>
          </address>
          <section aria-labelledby="footer-newsletter" className="mt-6 max-w-sm">
            <h2 id="footer-newsletter" className="mb-2 text-sm font-semibold">
              {t("footer.newsletter.title")}
            </h2>
            <NewsletterForm id="footer-newsletter-form" />
          </section>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {columns.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title}`}>
              <h2 id={`footer-${column.title}`} className="text-sm font-semibold">
                {t(column.title)}
              </h2>
              <ul className="mt-3 space-y-2">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-sm text-muted hover:text-fg">
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-muted sm:px-6">
          © {year} Ratai. {t("footer.intermediary")}
        </p>
      </div>
    </footer>
  );
}
