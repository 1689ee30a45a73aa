// The one text of how a deposit comes back (bookings/deposit-return.ts), wherever a page tells it: the booking page
// and dialog, the success page, the trip page.
import { useTranslation } from "react-i18next";
import { DEPOSIT_RETURN_TEXT, depositReturnValues } from "~/bookings/deposit-return";

export function DepositReturnNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={className} data-testid="deposit-return">
      {t(DEPOSIT_RETURN_TEXT, depositReturnValues())}
    </p>
  );
}
