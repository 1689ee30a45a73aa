// The heart's form (POST /favorites): add or remove one car. With JavaScript a fetcher sends `fetcher=1` and gets
// data back; without, the page it came from (`redirectTo`) reloads with a toast.
import { z } from "zod";

export const FavoriteSchema = z.object({
  carId: z.string().min(1).max(64),
  intent: z.enum(["add", "remove"]),
  redirectTo: z.string().optional(),
  fetcher: z.literal("1").optional(),
});
