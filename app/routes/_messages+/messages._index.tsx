// /messages with no conversation open: on a wide screen the thread pane asks to choose one (on a phone the list
// is all there is).
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";

export default function NoConversationOpen() {
  const { t } = useTranslation("messages");
  return (
    <div className="grid min-h-64 place-items-center rounded-xl border border-dashed border-line p-8 text-center">
      <div>
        <Icon name="mail" className="mx-auto size-8 text-muted" />
        <p className="mt-3 text-muted">{t("choose")}</p>
      </div>
    </div>
  );
}
