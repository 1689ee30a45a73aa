// "Retry now" for a failed money movement (payout, reversal, refund): a plain post to the page's own action, the
// row's ids in hidden fields, and an aria-label naming the booking since a list holds several identical buttons.
import { Form, useNavigation } from "@remix-run/react";
import { buttonClass, type ButtonVariant } from "~/components/ui/button";

export function RetryForm({
  fields,
  label,
  ariaLabel,
  variant = "secondary",
}: {
  fields: Record<string, string>;
  label: string;
  ariaLabel: string;
  variant?: ButtonVariant;
}) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        aria-label={ariaLabel}
        disabled={navigation.state !== "idle"}
        className={buttonClass(variant, "sm")}
      >
        {label}
      </button>
    </Form>
  );
}
