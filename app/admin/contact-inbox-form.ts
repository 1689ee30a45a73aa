// The form of /admin/contact: "Mark answered" posts the message's id. Server-only, so the inbox page ships no zod.
import { z } from "zod";

export const MarkContactHandledSchema = z.object({ id: z.string() });
