// The profile's large avatar: the photo, or the name's initial letter (part 1 §2) at a size that reads as a letter.
import { imageUrl } from "~/utils/images";

export function ProfileAvatar({ name, avatarKey }: { name: string; avatarKey: string | null }) {
  if (avatarKey) {
    return (
      <img
        src={imageUrl(avatarKey, "avatar")}
        alt=""
        width={80}
        height={80}
        className="size-20 shrink-0 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="grid size-20 shrink-0 place-items-center rounded-full bg-primary-soft text-3xl font-bold text-primary"
    >
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
