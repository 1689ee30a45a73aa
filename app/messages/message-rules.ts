// Part 1 §5 message rules: content required and not blank, at most 5000; subject trimmed to 200.
import { z } from "zod";
import { truncate } from "~/utils/sanitize";

export const MESSAGE_MAX_LENGTH = 5000;
export const SUBJECT_MAX_LENGTH = 200;
export const MESSAGE_PREVIEW_LENGTH = 100;

export const MessageContentSchema = z
  .string({ error: "validation.messageEmpty" })
  .trim()
  .min(1, "validation.messageEmpty")
  .max(MESSAGE_MAX_LENGTH, "validation.messageTooLong");

export const SubjectSchema = z
  .string()
  .transform((s) => truncate(s, SUBJECT_MAX_LENGTH) || undefined)
  .optional();

export function messagePreview(content: string): string {
  const flat = content.replace(/\s+/g, " ").trim();
  return flat.length > MESSAGE_PREVIEW_LENGTH ? `${flat.slice(0, MESSAGE_PREVIEW_LENGTH)}…` : flat;
}
