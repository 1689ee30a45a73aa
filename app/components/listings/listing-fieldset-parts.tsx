// What every section of the listing form uses: conform's fields of the form, the section's legend, and a field
// read as text.
import type { FieldMetadata } from "@conform-to/react";
import type { ListingValues } from "~/cars/listing-form";
import type { useForm } from "~/components/ui/use-form";

/** conform's fields of the listing form. */
export type Fields = ReturnType<typeof useForm<ListingValues>>[1];

export const asText = (meta: FieldMetadata<unknown>) => meta as FieldMetadata<string | undefined>;

export function Legend({ children }: { children: React.ReactNode }) {
  return <legend className="mb-3 text-lg font-semibold">{children}</legend>;
}
