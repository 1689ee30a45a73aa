// A public form's browser check (zod through conform: about 30 KB gzip with the schemas) is fetched the first time the
// person focuses the form, not with the page, so a phone that opens the sign-in page downloads and parses only what
// draws it. Until the check arrives, a submit goes to the server, which parses the same schema and answers with the
// same messages next to the fields, as it does with JavaScript off. The form's HTML constraints (required, pattern)
// come from a zod-free module, checked against the schemas by a test.
import type { Submission } from "@conform-to/react";
import { useCallback, useRef, useState } from "react";

export type FormCheck<Result extends Submission<unknown>> = (formData: FormData) => Result;

/** `onValidate` for conform's useForm (undefined until the check has loaded) and `onFocus` for the <form>. */
export function useLazyCheck<Result extends Submission<unknown>>(load: () => Promise<FormCheck<Result>>) {
  const [check, setCheck] = useState<FormCheck<Result>>();
  const requested = useRef(false);
  const onFocus = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    load().then(
      (loaded) => setCheck(() => loaded),
      () => {
        requested.current = false; // offline for a moment: the next focus asks again
      },
    );
  }, [load]);
  const onValidate = check && (({ formData }: { formData: FormData }) => check(formData));
  return { onValidate, onFocus };
}
