import { useState } from 'react';

/** Two letters from the display name or the address, shown when there is no usable photo. */
export function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length >= 2
      ? `${words[0]![0]}${words.at(-1)![0]}`
      : (words[0] ?? email).replace(/[^\p{L}\p{N}]/gu, '').slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** The profile photo, or initials when there is none or it fails to load. */
export function AdminAvatar({
  photoURL,
  name,
  email,
}: {
  photoURL: string | null;
  name: string;
  email: string;
}) {
  const [failed, setFailed] = useState(false);
  if (photoURL && !failed) {
    return (
      <img
        src={photoURL}
        alt=""
        width={40}
        height={40}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="size-8 rounded-full border border-ink-600 object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="admin-avatar-fallback"
      className="flex size-8 items-center justify-center rounded-full border border-ink-600 bg-ink-700 text-sm font-semibold text-gold-300"
    >
      {initials(name, email)}
    </span>
  );
}
