import { useTranslation } from "react-i18next";
import { checkPassword, PASSWORD_SPECIAL_CHARACTERS, type PasswordCheck } from "~/accounts/account-rules";
import { Icon } from "~/components/ui/icons";

const order: PasswordCheck[] = ["length", "uppercase", "lowercase", "digit", "special"];

/** The sign-up requirements as a checklist: ticked live as the password is typed (with JavaScript). */
export function PasswordChecklist({ password, live }: { password: string; live: boolean }) {
  const { t } = useTranslation();
  const checks = checkPassword(password);
  return (
    <ul className="grid gap-1 text-sm" aria-label={t("auth:password.requirements")}>
      {order.map((check) => {
        const met = live && checks[check];
        return (
          <li key={check} className={`flex items-center gap-2 ${met ? "text-success" : "text-muted"}`}>
            <Icon name={met ? "check" : "info"} className="size-4 shrink-0" />
            <span>
              {t(`auth:password.${check}`, { characters: PASSWORD_SPECIAL_CHARACTERS })}
              {live ? (
                <span className="sr-only"> — {met ? t("auth:password.met") : t("auth:password.notMet")}</span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
