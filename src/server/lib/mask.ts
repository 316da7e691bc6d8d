/** Keeps logs useful without storing whole addresses: "viewer@example.com" -> "v***@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
